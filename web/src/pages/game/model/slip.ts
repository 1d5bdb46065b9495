import { $balancesByAccount, amountProblem } from '#entities/balance';
import { createApiEffect } from '#shared/api';
import { createFormSubmission, withoutErrors, type FormErrors } from '#shared/api/form';
import { createMoneyIntent } from '#shared/api/intent';
import type { NumberStyle } from '#shared/format';
import { $online } from '#shared/socket';
import { $numberStyle, asTyped, readTypedNumber, typedValue } from '#shared/typed-number';
import { notifyFx } from '#shared/ui/toast';
import { D } from '@bourse/formulas';
import { betPayout } from '@bourse/formulas/digits';
import { endpoints, type BetType, type DigitRound } from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import { $betsThisPeriod, $info, $round, betChanged, GameGate } from './round.ts';

export type SlipField = 'amount';

/** The chips: each tap adds its value to the stake, in USDT. */
export const CHIPS = ['10', '50', '100', '500', '1000'] as const;

/** A bet type tapped on the board (tapping the one chosen again leaves it chosen). */
export const typePicked = createEvent<string>();
export const amountChanged = createEvent<string>();
export const chipTapped = createEvent<string>();
export const slipCleared = createEvent();
/** "Place bet". */
export const betClicked = createEvent();

/** The bet type chosen on the board; null until one is. */
const $typeId = createStore<string | null>(null)
  .on(typePicked, (_, id) => id)
  .reset(GameGate.close);
export const $betType = combine(
  $info,
  $typeId,
  (info, id): BetType | null => info?.bet_types.find((type) => type.id === id) ?? null,
);

/** The stake as the reader typed it. */
export const $amount = createStore('')
  .on(amountChanged, (_, amount) => amount)
  .reset(slipCleared, GameGate.close);

/** What the fund account has available (stakes come from it); null while it loads. */
export const $available = combine(
  $balancesByAccount,
  $info,
  (byAccount, info) => byAccount?.[info?.account ?? 'fund']?.available ?? null,
);

const stakeOf = (text: string, style: NumberStyle): string | null => {
  const typed = readTypedNumber(text, style);
  return typed.kind === 'number' && /^\d+(\.\d+)?$/.test(typed.value) && /[1-9]/.test(typed.value)
    ? typed.value
    : null;
};

// a chip adds to what is typed (read in the reader's style, written back in it)
sample({
  clock: chipTapped,
  source: { amount: $amount, style: $numberStyle },
  fn: ({ amount, style }, chip) =>
    asTyped(new D(stakeOf(amount, style) ?? '0').plus(chip).toFixed(), style),
  target: $amount,
});

/** What the bet pays back if it wins, stake included (formulas: stake × odds); null while incomplete. */
export const $payout = combine($amount, $betType, $numberStyle, (amount, type, style) => {
  const stake = stakeOf(amount, style);
  return stake === null || type === null ? null : betPayout(stake, type.odds).toFixed(2);
});

/** What I have staked on this period with this bet, every type together. */
export const $totalStake = combine(
  $betsThisPeriod,
  $amount,
  $numberStyle,
  (bets, amount, style): string =>
    bets
      .reduce((total, bet) => total.plus(bet.amount), new D(stakeOf(amount, style) ?? '0'))
      .toFixed(2),
);

/** Betting is open and a type is chosen: the slip can be sent. */
export const $canBet = combine(
  $online,
  $round,
  $betType,
  (online, round, type) => online && round?.phase === 'betting' && type !== null,
);

// ---- checks --------------------------------------------------------------------------------

interface SlipValues {
  readonly round: DigitRound | null;
  readonly type: BetType | null;
  readonly amount: string;
  readonly available: string | null;
  readonly staked: string;
  readonly maxPerPeriod: string | null;
  readonly style: NumberStyle;
}

const $values = combine({
  round: $round,
  type: $betType,
  amount: $amount,
  available: $available,
  staked: $betsThisPeriod.map((bets) =>
    bets.reduce((total, bet) => total.plus(bet.amount), new D(0)).toFixed(2),
  ),
  maxPerPeriod: $info.map((info) => info?.max_per_period ?? null),
  style: $numberStyle,
});

/** Why the stake cannot be sent, as a translation key; null when it can. */
export function stakeProblem(values: SlipValues): string | null {
  const problem = amountProblem(values.amount, values.style, {
    min: values.type?.min_amount,
    max: values.type?.max_amount,
    available: values.available ?? undefined,
  });
  if (problem !== null) return problem;
  const stake = new D(typedValue(values.amount, values.style));
  if (stake.decimalPlaces() > 2) return 'game.errors.decimals';
  if (values.maxPerPeriod !== null && stake.plus(values.staked).gt(values.maxPerPeriod)) {
    return 'game.errors.periodLimit';
  }
  return null;
}

export const checkSlip = (values: SlipValues): FormErrors<SlipField> => {
  const key = stakeProblem(values);
  return key === null ? {} : { amount: { key } };
};

// ---- sending -------------------------------------------------------------------------------

/**
 * One request id per intent: a double tap on "Place bet", or a retry after a lost reply, bets
 * once; another type, another stake or another period is a new bet.
 */
export const placeBet = createMoneyIntent({
  effect: createApiEffect(endpoints.digits.addBet),
  renewOn: [
    typePicked,
    amountChanged,
    chipTapped,
    slipCleared,
    // null before the first round: a store's undefined means "no update" to Effector
    $round.map((r) => r?.issue ?? null),
  ],
});
export const $submitting = placeBet.$pending;

export const $errors = createStore<FormErrors<SlipField>>({});
export const $formError = createStore<string | null>(null);

/** "Place bet" while betting is open (a tap after the lock does nothing). */
const sendAsked = createEvent();
sample({ clock: betClicked, filter: $canBet, target: sendAsked });

createFormSubmission({
  clock: sendAsked,
  source: $values,
  check: checkSlip,
  request: (values) => ({
    issue: values.round?.issue ?? '',
    bet_type: values.type?.id ?? '',
    amount: typedValue(values.amount, values.style),
  }),
  effect: placeBet.sendFx,
  $errors,
  $formError,
  wireFields: { amount: 'amount' },
});

$errors
  .on([amountChanged, chipTapped, typePicked, slipCleared], (errors) =>
    withoutErrors(errors, 'amount'),
  )
  .reset(placeBet.sendFx.done, GameGate.close);
$formError.reset(amountChanged, chipTapped, typePicked, slipCleared, GameGate.close);

sample({ clock: placeBet.sendFx.doneData, target: betChanged });
sample({ clock: placeBet.sendFx.done, fn: () => 'game.placed', target: notifyFx });

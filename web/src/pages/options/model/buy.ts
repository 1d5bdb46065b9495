import { $balancesByAccount, amountProblem } from '#entities/balance';
import { winPayout } from '#entities/option';
import { createApiEffect } from '#shared/api';
import { createFormSubmission, withoutErrors, type FormErrors } from '#shared/api/form';
import { createMoneyIntent } from '#shared/api/intent';
import type { NumberStyle } from '#shared/format';
import { $accountType, $userInfo } from '#shared/session';
import { $online } from '#shared/socket';
import { $numberStyle, asTyped, readTypedNumber, typedValue } from '#shared/typed-number';
import { notifyFx } from '#shared/ui/toast';
import { D } from '@bourse/formulas';
import {
  endpoints,
  type OptionDirection,
  type OptionDuration,
  type OptionSettings,
} from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import {
  $durations,
  $running,
  $settings,
  $symbolId,
  $ticker,
  orderChanged,
  OptionsGate,
} from './page.ts';

export type BuyField = 'amount';

/** The quick picks under the amount, USDT; each within the duration's bounds is offered. */
export const QUICK_AMOUNTS = ['10', '50', '100', '500', '1000'] as const;

export const durationPicked = createEvent<string>();
export const amountChanged = createEvent<string>();
/** A quick pick: a plain decimal, or 'max' (the most the balance and the duration allow). */
export const quickPicked = createEvent<string>();
/** "Up" or "Down": checked, then the confirmation sheet (or the verification prompt). */
export const buyClicked = createEvent<OptionDirection>();
/** The confirmation sheet's "Buy". */
export const confirmClicked = createEvent();
export const confirmCancelled = createEvent();
export const verifyPromptClosed = createEvent();

/** The duration the user chose; the first open one is used until they choose. */
const $chosenDurationId = createStore<string | null>(null).on(durationPicked, (_, id) => id);

/** The duration the order is for: the chosen one when it is open, else the first open one. */
export const $duration = combine(
  $durations,
  $chosenDurationId,
  (list, chosen): OptionDuration | null =>
    list?.find((one) => one.id === chosen && one.open) ?? list?.find((one) => one.open) ?? null,
);

/** The stake as the reader typed it. */
export const $amount = createStore('').on(amountChanged, (_, amount) => amount);

/** What the option account has available, USDT; null while the balances load. */
export const $available = $balancesByAccount.map(
  (byAccount) => byAccount?.option?.available ?? null,
);

/** The direction being confirmed: the sheet is open while it is set. */
export const $confirming = createStore<OptionDirection | null>(null);
/** The verification prompt is open (SPEC.md §5: verify before trading for real). */
export const $verifyPrompt = createStore(false);
export const $attemptErrors = createStore<FormErrors<BuyField>>({});
export const $formError = createStore<string | null>(null);

/** The stake as a plain decimal when it is one; null otherwise. */
const amountOf = (text: string, style: NumberStyle): string | null => {
  const typed = readTypedNumber(text, style);
  return typed.kind === 'number' && /^\d+(\.\d+)?$/.test(typed.value) && /[1-9]/.test(typed.value)
    ? typed.value
    : null;
};

/** What a win pays back on the stake typed, with the duration's rate; null while incomplete. */
export const $payout = combine(
  $amount,
  $duration,
  $numberStyle,
  (amount, duration, style): string | null => {
    const stake = amountOf(amount, style);
    return stake === null || duration === null ? null : winPayout(stake, duration.payout_rate);
  },
);

/** The quick picks the duration allows, and whether Max is there (a balance to go by). */
export const $quickAmounts = $duration.map((duration): readonly string[] =>
  duration === null
    ? []
    : QUICK_AMOUNTS.filter(
        (amount) =>
          new D(amount).gte(duration.min_amount) && new D(amount).lte(duration.max_amount),
      ),
);

/** The most one order may stake now: the duration's bound or the balance, the lower. */
export const $maxStake = combine($duration, $available, (duration, available): string | null => {
  if (duration === null || available === null) return null;
  const most = D.min(duration.max_amount, available);
  return most.lt(duration.min_amount) ? null : most.toDecimalPlaces(2, D.ROUND_DOWN).toFixed(2);
});

sample({
  clock: quickPicked,
  source: { max: $maxStake, style: $numberStyle },
  filter: ({ max }, pick) => pick !== 'max' || max !== null,
  fn: ({ max, style }, pick) => asTyped(pick === 'max' ? (max as string) : pick, style),
  target: $amount,
});

/** Buying is possible: the feed is live, a price and a duration are there. */
export const $canBuy = combine(
  $online,
  $ticker,
  $duration,
  (online, ticker, duration) => online && ticker !== null && duration !== null,
);

// ---- checks --------------------------------------------------------------------------------

interface BuyValues {
  readonly symbolId: string | null;
  readonly duration: OptionDuration | null;
  readonly settings: OptionSettings | null;
  readonly amount: string;
  readonly available: string | null;
  readonly openOrders: number;
  readonly direction: OptionDirection | null;
  readonly price: string | null;
  readonly style: NumberStyle;
}

const $values = combine({
  symbolId: $symbolId,
  duration: $duration,
  settings: $settings,
  amount: $amount,
  available: $available,
  openOrders: $running.map((list) => list?.length ?? 0),
  direction: $confirming,
  price: $ticker.map((ticker) => ticker?.last_price ?? null),
  style: $numberStyle,
});

/** Why the stake cannot be sent, as a translation key; null when it can. */
export function stakeProblem(values: BuyValues): string | null {
  const { duration, settings } = values;
  const problem = amountProblem(values.amount, values.style, {
    min: duration?.min_amount,
    max: duration?.max_amount,
    available: values.available ?? undefined,
  });
  if (problem !== null) return problem;
  const stake = typedValue(values.amount, values.style);
  if (settings !== null && new D(stake).decimalPlaces() > settings.amount_decimals) {
    return 'options.errors.decimals';
  }
  if (settings !== null && values.openOrders >= settings.max_open_orders) {
    return 'options.errors.tooMany';
  }
  return null;
}

export const checkBuy = (values: BuyValues): FormErrors<BuyField> => {
  const key = stakeProblem(values);
  return key === null ? {} : { amount: { key } };
};

/** The order as the wire takes it, with the price the buyer saw when they confirmed. */
const requestOf = (values: BuyValues) => ({
  symbol_id: values.symbolId ?? '',
  duration_id: values.duration?.id ?? '',
  direction: values.direction ?? 'up',
  amount: typedValue(values.amount, values.style),
  ...(values.price === null ? {} : { quote_price: values.price }),
});

// ---- sending -------------------------------------------------------------------------------

/** The direction of the last buy asked for: the other one is another order. */
const $lastDirection = createStore<OptionDirection | null>(null);
const directionSwitched = sample({
  clock: buyClicked,
  source: $lastDirection,
  filter: (last, direction) => last !== direction,
  fn: (_, direction) => direction,
});
$lastDirection.on(directionSwitched, (_, direction) => direction);

/**
 * One request id per intent: a double tap on "Buy", or a retry after a lost reply, buys once; an
 * edit, another duration, direction or symbol is a new order.
 */
export const placeOrder = createMoneyIntent({
  effect: createApiEffect(endpoints.options.addOrder),
  renewOn: [durationPicked, amountChanged, quickPicked, directionSwitched, $symbolId.updates],
});
export const $submitting = placeOrder.$pending;

/** Trading for real needs a verified identity (demo trades need none). */
export const $mustVerify = combine(
  $accountType,
  $userInfo,
  (mode, user) => mode === 'real' && user !== null && user.identity_status !== 'verified',
);

sample({ clock: buyClicked, filter: $mustVerify, fn: () => true, target: $verifyPrompt });
const checked = sample({
  clock: buyClicked,
  source: { values: $values, submitting: $submitting, mustVerify: $mustVerify, can: $canBuy },
  filter: ({ submitting, mustVerify, can }) => can && !submitting && !mustVerify,
  fn: ({ values }, direction) => ({ direction, errors: checkBuy(values) }),
});
sample({ clock: checked, fn: ({ errors }) => errors, target: $attemptErrors });
sample({ clock: checked, fn: () => null, target: $formError });
sample({
  clock: checked,
  filter: ({ errors }) => Object.keys(errors).length === 0,
  fn: ({ direction }) => direction,
  target: $confirming,
});

const confirmation = createFormSubmission({
  clock: confirmClicked,
  source: $values,
  check: checkBuy,
  request: requestOf,
  effect: placeOrder.sendFx,
  $errors: $attemptErrors,
  $formError,
  wireFields: { amount: 'amount' },
});

// refused by the checks at the last moment (a balance or an order count that moved): the sheet
// closes onto the field that says why
sample({
  clock: confirmation.checked,
  filter: ({ errors }) => Object.keys(errors).length > 0,
  fn: () => null,
  target: $confirming,
});
$confirming.reset(
  confirmCancelled,
  placeOrder.sendFx.finally,
  OptionsGate.close,
  $symbolId.updates,
);
$verifyPrompt.reset(verifyPromptClosed, OptionsGate.close);
$attemptErrors
  .on([amountChanged, quickPicked, durationPicked], (errors) => withoutErrors(errors, 'amount'))
  .reset(placeOrder.sendFx.done, $symbolId.updates, OptionsGate.close);
$formError.reset(amountChanged, quickPicked, durationPicked, OptionsGate.close);

sample({ clock: placeOrder.sendFx.doneData, target: orderChanged });
sample({ clock: placeOrder.sendFx.done, fn: () => 'options.buy.placed', target: notifyFx });

import { endpoints, type DepositMethod, type ResponseOf } from '@bourse/protocol';
import { amountProblem } from '#entities/balance';
import { $numberStyle, asTyped, readTypedNumber, typedValue } from '#shared/typed-number';
import { createApiEffect } from '#shared/api';
import {
  checkMessages,
  createFormSubmission,
  withoutErrors,
  type FormErrors,
} from '#shared/api/form';
import { createMoneyIntent } from '#shared/api/intent';
import { navigated, PATHS } from '#shared/routing';
import { $accountType } from '#shared/session';
import { notifyFx } from '#shared/ui/toast';
import Decimal from 'decimal.js';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export type CashInfo = ResponseOf<typeof endpoints.account.cashInfo>;
export type WithdrawField = 'amount' | 'password';

export const WithdrawGate = createGate<Record<string, never>>({
  name: 'WithdrawPage',
  defaultState: {},
});

export const fetchCashInfoFx = createApiEffect(endpoints.account.cashInfo);

export const infoRetried = createEvent();
export const targetChanged = createEvent<DepositMethod>();
export const amountChanged = createEvent<string>();
export const allClicked = createEvent();
export const passwordChanged = createEvent<string>();
export const submitClicked = createEvent();

export const $cashInfo = createStore<CashInfo | null>(null);
export const $cashInfoFailed = createStore(false);
/** The chosen target: the bound bank account or the bound wallet. */
export const $target = createStore<DepositMethod | null>(null);
export const $amount = createStore('');
export const $password = createStore('');
export const $errors = createStore<FormErrors<WithdrawField>>({});
export const $formError = createStore<string | null>(null);

// the real fund's details, on the real account only (on demo the screen says why it cannot
// withdraw, and offers the switch: once on real, the form loads in place)
sample({
  clock: [WithdrawGate.open, infoRetried, $accountType.updates],
  source: { mode: $accountType, open: WithdrawGate.status },
  filter: ({ mode, open }) => open && mode === 'real',
  fn: () => ({}),
  target: fetchCashInfoFx,
});
$cashInfo.on(fetchCashInfoFx.doneData, (_, info) => info);
$cashInfoFailed.on(fetchCashInfoFx.fail, () => true).reset(fetchCashInfoFx);

/** The targets the user has bound, wallet first. */
export const targetsOf = (info: CashInfo): DepositMethod[] => [
  ...(info.wallet ? (['usdt'] as const) : []),
  ...(info.bank ? (['bank'] as const) : []),
];

// The first bound target unless the chosen one is still bound.
sample({
  clock: fetchCashInfoFx.doneData,
  source: $target,
  fn: (target, info) => {
    const targets = targetsOf(info);
    return target !== null && targets.includes(target) ? target : (targets[0] ?? null);
  },
  target: $target,
});
$target.on(targetChanged, (_, target) => target);
$amount.on(amountChanged, (_, amount) => amount);
$password.on(passwordChanged, (_, password) => password);
sample({
  clock: allClicked,
  source: { info: $cashInfo, style: $numberStyle },
  filter: ({ info }) => info !== null,
  fn: ({ info, style }) => asTyped(info?.available ?? '0', style),
  target: $amount,
});

/** What the screen shows instead of the form, or the form. */
export type WithdrawView =
  | 'loading'
  | 'error'
  /** on the demo account: a withdrawal leaves the real account only (the mock refuses it) */
  | 'demo'
  /** identity: never sent, under review, or rejected (SPEC.md §4), each said as it is */
  | 'unverified'
  | 'pending'
  | 'rejected'
  /** nothing bound to pay out to */
  | 'unbound'
  | 'form';

/**
 * What the screen shows: on demo, that withdrawals leave the real account; else loading, an
 * error, what stands in the way (the identity as it stands, nothing bound: SPEC.md §5), or the
 * form. The real fund's balance is shown only on the real account.
 */
export const $view = combine(
  $accountType,
  $cashInfo,
  $cashInfoFailed,
  fetchCashInfoFx.pending,
  (mode, info, failed, pending): WithdrawView => {
    if (mode === 'demo') return 'demo';
    if (info === null) return failed && !pending ? 'error' : 'loading';
    if (info.identity_status !== 'verified') return info.identity_status;
    if (targetsOf(info).length === 0) return 'unbound';
    return 'form';
  },
);

/** The fee and what arrives, for the amount entered; null while it is not a valid amount. */
export const $quote = combine($cashInfo, $amount, $numberStyle, (info, amount, style) => {
  const typed = readTypedNumber(amount, style);
  if (info === null || typed.kind !== 'number' || typed.value.startsWith('-')) return null;
  const gross = new Decimal(typed.value);
  const fee = gross.mul(info.fee_rate).toDecimalPlaces(8, Decimal.ROUND_UP);
  const received = Decimal.max(gross.minus(fee), 0);
  return { fee: fee.toFixed(), received: received.toFixed() };
});

const formEdited = [targetChanged, amountChanged, allClicked, passwordChanged];

// A changed form is a new withdrawal; a retry or a double tap until then is the same one.
export const withdrawal = createMoneyIntent({
  effect: createApiEffect(endpoints.account.addCash),
  renewOn: formEdited,
});
export const $submitting = withdrawal.$pending;

$errors
  .on([amountChanged, allClicked], (errors) => withoutErrors(errors, 'amount'))
  .on(passwordChanged, (errors) => withoutErrors(errors, 'password'))
  .reset(WithdrawGate.close);
$formError.reset(...formEdited, WithdrawGate.close);

createFormSubmission({
  clock: submitClicked,
  source: combine({
    info: $cashInfo,
    target: $target,
    amount: $amount,
    password: $password,
    style: $numberStyle,
  }),
  check: ({ info, amount, password, style }) =>
    checkMessages<WithdrawField>({
      amount: amountProblem(amount, style, {
        min: info?.min_amount,
        max: info?.max_amount,
        available: info?.available,
      }),
      password: password === '' ? 'validation.required' : null,
    }),
  request: ({ target, amount, password, style }) => ({
    method: target ?? 'bank',
    amount: typedValue(amount, style),
    password,
  }),
  effect: withdrawal.sendFx,
  $errors,
  $formError,
  wireFields: { amount: 'amount', password: 'password' },
});

sample({ clock: withdrawal.sendFx.done, fn: () => 'funds.withdraw.submitted', target: notifyFx });
sample({
  clock: withdrawal.sendFx.done,
  fn: () => ({ to: PATHS.withdrawLog }),
  target: navigated,
});
$amount.reset(withdrawal.sendFx.done, WithdrawGate.close);
$password.reset(withdrawal.sendFx.done, WithdrawGate.close);

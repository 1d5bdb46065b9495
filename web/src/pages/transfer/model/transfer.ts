import { endpoints } from '@bourse/protocol';
import {
  $balancesByAccount,
  amountProblem,
  balanceChanged,
  type AccountKind,
} from '#entities/balance';
import { createApiEffect } from '#shared/api';
import { $numberStyle, asTyped, typedValue } from '#shared/typed-number';
import {
  checkMessages,
  createFormSubmission,
  withoutErrors,
  type FormErrors,
} from '#shared/api/form';
import { createMoneyIntent } from '#shared/api/intent';
import { notifyFx } from '#shared/ui/toast';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export type TransferField = 'amount' | 'to';

export const TransferGate = createGate<Record<string, never>>({
  name: 'TransferPage',
  defaultState: {},
});

export const fromChanged = createEvent<AccountKind>();
export const toChanged = createEvent<AccountKind>();
/** The arrow between the two accounts: each takes the other's place. */
export const swapped = createEvent();
export const amountChanged = createEvent<string>();
/** "All": the whole available balance of the source account. */
export const allClicked = createEvent();
export const submitClicked = createEvent();

export const $from = createStore<AccountKind>('fund');
export const $to = createStore<AccountKind>('contract');
export const $amount = createStore('');
export const $errors = createStore<FormErrors<TransferField>>({});
export const $formError = createStore<string | null>(null);

/** What the source account has available; null until the balances are known. */
export const $available = combine(
  $balancesByAccount,
  $from,
  (byAccount, from) => byAccount?.[from]?.available ?? null,
);

// Picking as the source the account that is the destination swaps them (and the other way).
const pairPicked = createEvent<{ from: AccountKind; to: AccountKind }>();
sample({
  clock: fromChanged,
  source: { from: $from, to: $to },
  fn: ({ from, to }, picked) => ({ from: picked, to: picked === to ? from : to }),
  target: pairPicked,
});
sample({
  clock: toChanged,
  source: { from: $from, to: $to },
  fn: ({ from, to }, picked) => ({ from: picked === from ? to : from, to: picked }),
  target: pairPicked,
});
sample({
  clock: swapped,
  source: { from: $from, to: $to },
  fn: ({ from, to }) => ({ from: to, to: from }),
  target: pairPicked,
});
$from.on(pairPicked, (_, { from }) => from);
$to.on(pairPicked, (_, { to }) => to);

$amount.on(amountChanged, (_, amount) => amount);
sample({
  clock: allClicked,
  source: { available: $available, style: $numberStyle },
  filter: ({ available }) => available !== null,
  fn: ({ available, style }) => asTyped(available ?? '0', style),
  target: $amount,
});

// A changed form is a new intent; until then a retry or a double tap is the same transfer.
export const transfer = createMoneyIntent({
  effect: createApiEffect(endpoints.account.transfer),
  renewOn: [pairPicked, amountChanged, allClicked],
});
export const $submitting = transfer.$pending;

$errors
  .on([amountChanged, allClicked], (errors) => withoutErrors(errors, 'amount'))
  .reset(TransferGate.close, pairPicked);
$formError.reset(TransferGate.close, pairPicked, amountChanged);

createFormSubmission({
  clock: submitClicked,
  source: combine({
    from: $from,
    to: $to,
    amount: $amount,
    available: $available,
    style: $numberStyle,
  }),
  check: ({ amount, available, style }) =>
    checkMessages<TransferField>({
      amount: amountProblem(amount, style, { available: available ?? undefined }),
      to: null,
    }),
  request: ({ from, to, amount, style }) => ({ from, to, amount: typedValue(amount, style) }),
  effect: transfer.sendFx,
  $errors,
  $formError,
  wireFields: { amount: 'amount', to: 'to' },
});

sample({ clock: transfer.sendFx.doneData, fn: ({ from }) => from, target: balanceChanged });
sample({ clock: transfer.sendFx.doneData, fn: ({ to }) => to, target: balanceChanged });
sample({ clock: transfer.sendFx.done, fn: () => 'funds.transfer.done', target: notifyFx });
$amount.reset(transfer.sendFx.done, TransferGate.close);

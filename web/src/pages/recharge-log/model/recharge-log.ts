import { endpoints, type DepositRecord } from '@bourse/protocol';
import { createFlowList, fundsDecided, type FlowFilter } from '#entities/balance';
import { createApiEffect } from '#shared/api';
import { createMoneyIntent } from '#shared/api/intent';
import { createPagedList, type PageRequest } from '#shared/api/list';
import { notifyFx } from '#shared/ui/toast';
import { attach, createEvent, createStore, sample } from 'effector';

export type { DepositRecord };

export const PAGE_SIZE = 20;

/** The deposit records, newest first. */
export const deposits = createPagedList({
  name: 'RechargeLogGate',
  fetchPage: attach({
    effect: createApiEffect(endpoints.account.rechlog),
    mapParams: (request: PageRequest) => request,
  }),
  pageSize: PAGE_SIZE,
});

/**
 * On the demo account, the deposits are play money top-ups: the demo fund's demo_topup flows
 * (each carries its account, demo). Deposit records are real money and are not listed there.
 */
export const demoTopUps = createFlowList(
  'DemoTopUpLogGate',
  createStore<FlowFilter>({ account: 'fund', kinds: ['demo_topup'] }),
);

/** "Cancel" on a deposit under review: ask first. */
export const cancelAsked = createEvent<string>();
export const cancelConfirmed = createEvent();
export const cancelDismissed = createEvent();

/** The deposit the sheet asks about (kept while the sheet closes). */
export const $cancelTarget = createStore<string | null>(null).on(cancelAsked, (_, id) => id);
export const $cancelOpen = createStore(false)
  .on(cancelAsked, () => true)
  .reset(cancelDismissed, cancelConfirmed, deposits.Gate.close);

// Cancelling another deposit is another intent; asking again about the same one after a lost
// reply is the same.
export const cancel = createMoneyIntent({
  effect: createApiEffect(endpoints.account.cancelRech),
  renewOn: [$cancelTarget.updates],
});
export const $cancelling = cancel.$pending;

sample({
  clock: cancelConfirmed,
  source: $cancelTarget,
  filter: (id): id is string => id !== null,
  fn: (id) => ({ id: id ?? '' }),
  target: cancel.submit,
});
sample({ clock: cancel.sendFx.done, fn: () => 'funds.deposit.cancelled', target: notifyFx });
sample({ clock: cancel.sendFx.done, target: deposits.refreshFx });

// A review decided one: the list shows its new status.
sample({
  clock: fundsDecided,
  source: deposits.Gate.status,
  filter: (open, decided) => open && decided.kind === 'deposit',
  fn: () => undefined,
  target: deposits.refreshFx,
});

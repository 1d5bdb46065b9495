import { orderChanged } from '#entities/contract';
import { createApiEffect } from '#shared/api';
import { createMoneyIntent } from '#shared/api/intent';
import { notifyFx } from '#shared/ui/toast';
import { endpoints } from '@bourse/protocol';
import { createEvent, createStore, sample } from 'effector';

/** The positions list or the open orders, in the tabs' order. */
export const LIST_TABS = ['positions', 'orders'] as const;
export type ListTab = (typeof LIST_TABS)[number];
export const listTabChanged = createEvent<ListTab>();
export const $listTab = createStore<ListTab>('positions').on(listTabChanged, (_, tab) => tab);

/** "Cancel" on an open order. */
export const cancelClicked = createEvent<string>();

/** The order the last cancel was for: cancelling another one is another intent. */
const $cancelTarget = createStore<string | null>(null);
const otherOrderPicked = sample({
  clock: cancelClicked,
  source: $cancelTarget,
  filter: (target, id) => target !== id,
  fn: (_, id) => id,
});
$cancelTarget.on(otherOrderPicked, (_, id) => id);

/** One request id per cancel: a double tap cancels once, a retry replays the first answer. */
export const cancelOrder = createMoneyIntent({
  effect: createApiEffect(endpoints.contract.cancelOrder),
  renewOn: [otherOrderPicked],
});
/** The order being cancelled now; null when none. */
export const $cancelling = createStore<string | null>(null)
  .on(cancelOrder.sendFx, (_, { order_id }) => order_id)
  .reset(cancelOrder.sendFx.finally);

sample({
  clock: cancelClicked,
  fn: (id) => ({ order_id: id }),
  target: cancelOrder.submit,
});
sample({ clock: cancelOrder.sendFx.doneData, target: orderChanged });
sample({ clock: cancelOrder.sendFx.done, fn: () => 'contract.orders.cancelled', target: notifyFx });

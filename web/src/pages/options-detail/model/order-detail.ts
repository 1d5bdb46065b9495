import { fetchDurationsFx, findOptionOrderFx, optionPushed } from '#entities/option';
import { createApiEffect } from '#shared/api';
import { createDetailById } from '#shared/api/detail';
import { createMoneyIntent } from '#shared/api/intent';
import { feedBound, pageVisible } from '#shared/socket';
import { notifyFx } from '#shared/ui/toast';
import { endpoints } from '@bourse/protocol';
import { attach, createEvent, createStore, sample } from 'effector';

/** The Option push for the order on screen (it opened, it settled). */
const pushedHere = createEvent();

/** The option order of the address (`?id=`), read again when it moves. */
export const {
  Gate: OptionDetailGate,
  retryClicked,
  $record: $order,
  $status,
  $key,
} = createDetailById({
  name: 'OptionOrderDetail',
  fetch: attach({ effect: findOptionOrderFx }),
  reloadOn: [pushedHere, feedBound, pageVisible],
});

sample({
  clock: optionPushed,
  source: $key,
  filter: (id, order) => id !== null && order.id === id,
  fn: () => undefined,
  target: pushedHere,
});

// The countdown reads the server's clock: its offset is measured on the first read of the order,
// and again when the page shows again.
sample({
  clock: [
    sample({ clock: $order.updates, filter: (order) => order !== null }),
    sample({ clock: pageVisible, filter: OptionDetailGate.status }),
  ],
  source: $order,
  filter: (order) => order !== null && order.status !== 'settled' && order.status !== 'cancelled',
  fn: (order) => order?.symbol_id ?? '',
  target: fetchDurationsFx,
});

// ---- cancelling an order still waiting for its start ---------------------------------------

/** "Cancel" on an order that is ordering: ask first. */
export const cancelAsked = createEvent();
export const cancelConfirmed = createEvent();
export const cancelDismissed = createEvent();
export const $cancelOpen = createStore(false)
  .on(cancelAsked, () => true)
  .reset(cancelDismissed, cancelConfirmed, OptionDetailGate.close);

// Another order on screen is another intent; asking again after a lost reply is the same one.
export const cancelOrder = createMoneyIntent({
  effect: createApiEffect(endpoints.options.orderCancel),
  renewOn: [$key.updates],
});
export const $cancelling = cancelOrder.$pending;

sample({
  clock: cancelConfirmed,
  source: $order,
  filter: (order) => order?.status === 'ordering',
  fn: (order) => ({ order_id: order?.id ?? '' }),
  target: cancelOrder.submit,
});
sample({ clock: cancelOrder.sendFx.done, fn: () => 'options.detail.cancelled', target: notifyFx });
// the order on screen reads again: cancelled, its stake back
sample({ clock: cancelOrder.sendFx.done, fn: () => undefined, target: pushedHere });

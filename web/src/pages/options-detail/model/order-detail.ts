import { fetchDurationsFx, findOptionOrderFx, optionPushed } from '#entities/option';
import { createDetailById } from '#shared/api/detail';
import { feedBound, pageVisible } from '#shared/socket';
import { attach, createEvent, sample } from 'effector';

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

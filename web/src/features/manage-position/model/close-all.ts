import { endpoints } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import { createMoneyIntent } from '#shared/api/intent';
import { notifyFx } from '#shared/ui/toast';
import { createEffect, createEvent, createStore, sample } from 'effector';
import { ordersChanged, positionClosed } from './events.ts';

/** "Close all" asks first: the symbol's positions (every position without one) at market. */
export const closeAllClicked = createEvent<{ symbolId?: string | undefined }>();
export const closeAllCancelled = createEvent();
export const closeAllConfirmed = createEvent();

/** The question on screen: which positions it closes; null while not asked. */
export const $closeAllAsked = createStore<{ symbolId?: string | undefined } | null>(null)
  .on(closeAllClicked, (_, target) => target)
  .reset(closeAllCancelled);

// Each question answered is one intent: a double tap on "Close all" closes once.
export const closeAll = createMoneyIntent({
  effect: createApiEffect(endpoints.contract.allStop),
  renewOn: [closeAllClicked],
});
export const $closingAll = closeAll.$pending;

sample({
  clock: closeAllConfirmed,
  source: $closeAllAsked,
  filter: Boolean,
  fn: ({ symbolId }) => (symbolId === undefined ? {} : { symbol_id: symbolId }),
  target: closeAll.submit,
});

const done = closeAll.sendFx.doneData;
$closeAllAsked.reset(done);

/** Tells the positions list of each position the closing orders closed, once. */
const announceClosedFx = createEffect((ids: readonly string[]) => {
  // called synchronously inside the handler, so each stays in the caller's scope
  for (const id of ids) positionClosed(id);
});
sample({
  clock: done,
  fn: ({ list }) => [
    ...new Set(list.flatMap((order) => (order.position_id === null ? [] : [order.position_id]))),
  ],
  target: announceClosedFx,
});
sample({ clock: done, target: ordersChanged });
sample({
  clock: done,
  fn: ({ list }) =>
    list.length === 0 ? 'positionActions.closeAll.none' : 'positionActions.closeAll.done',
  target: notifyFx,
});

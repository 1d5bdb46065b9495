import { createApiEffect } from '#shared/api';
import { $accountType } from '#shared/session';
import { pushReceived } from '#shared/socket';
import { endpoints, FUNC, type OptionOrder, type PushMessage, type PushOf } from '@bourse/protocol';
import { createEffect, sample } from 'effector';
import type { ApiError } from '#shared/api';

const isOptionPush = (push: PushMessage): push is PushOf<typeof FUNC.option> =>
  push.func === FUNC.option;

/**
 * An option order of the mode on screen changed (placed, opened, settled, cancelled): the Option
 * push, a private one (no subscription). Another mode's orders are other accounts: left out.
 */
export const optionPushed = sample({
  clock: sample({ clock: pushReceived, filter: isOptionPush, fn: (push) => push.data }),
  source: $accountType,
  filter: (mode, order) => order.account_mode === mode,
  fn: (_, order): OptionOrder => order,
});

/** One page of option orders (orderList), by tab, symbol or id. */
export const fetchOptionOrdersFx = createApiEffect(endpoints.options.orderList, { loading: false });

/** One order by its id, or null when the server has none by it. */
export const findOptionOrderFx = createEffect<string, OptionOrder | null, ApiError>(async (id) => {
  const reply = await fetchOptionOrdersFx({ order_id: id, page: 1, limit: 1 });
  return reply.list.find((order) => order.id === id) ?? null;
});

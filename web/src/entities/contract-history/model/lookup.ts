import { endpoints, type ContractOrder } from '@bourse/protocol';
import { createApiEffect, type ApiError } from '#shared/api';
import { createEffect } from 'effector';
import { summarisePosition, type PositionSummary } from '../lib/summary.ts';

/** The history, a page at a time (the open orders are the contract page's). */
export const fetchHistoryPageFx = createApiEffect(endpoints.contract.orderList);

/** How far a detail reads the history for its record: 10 pages of 100, newest first. */
export const LOOKUP_PAGE_SIZE = 100;
export const LOOKUP_MAX_PAGES = 10;

/**
 * Reads the history from the newest page on until `enough` says so or it ends. There is no call
 * for one order or one position: the history holds them.
 */
async function readHistory(
  enough: (orders: readonly ContractOrder[]) => boolean,
): Promise<ContractOrder[]> {
  const orders: ContractOrder[] = [];
  for (let page = 1; page <= LOOKUP_MAX_PAGES; page += 1) {
    const reply = await fetchHistoryPageFx({ group: 'history', page, limit: LOOKUP_PAGE_SIZE });
    orders.push(...reply.list);
    if (enough(orders) || reply.list.length < LOOKUP_PAGE_SIZE || orders.length >= reply.total) {
      break;
    }
  }
  return orders;
}

/** One order of the history by its id; null when the history has none. */
export const findOrderFx = createEffect<string, ContractOrder | null, ApiError>(async (id) => {
  const orders = await readHistory((read) => read.some((order) => order.id === id));
  return orders.find((order) => order.id === id) ?? null;
});

/**
 * One position of the history by its id, summed up from its orders; null when none is its. Newest
 * first, the page that holds its earliest opening order holds every later close too, so reading
 * stops there (a position added to later may have an older opening order further on; the cap
 * bounds it).
 */
export const findPositionFx = createEffect<string, PositionSummary | null, ApiError>(async (id) => {
  const orders = await readHistory((read) =>
    read.some((order) => order.position_id === id && order.status === 'closed'),
  );
  return summarisePosition(id, orders);
});

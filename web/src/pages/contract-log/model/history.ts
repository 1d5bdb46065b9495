import type { endpoints, ResponseOf } from '@bourse/protocol';
import { fetchHistoryPageFx, isClose } from '#entities/contract-history';
import { symbolsRequested } from '#entities/market';
import { createPagedList, type PagedList, type PageRequest } from '#shared/api/list';
import { attach, combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export const HISTORY_PAGE_SIZE = 20;

export type HistoryTab = 'orders' | 'positions';
export const HISTORY_TABS: readonly HistoryTab[] = ['orders', 'positions'];
export const tabOf = (value: string | null): HistoryTab =>
  value === 'positions' ? 'positions' : 'orders';

/** Mounted with the page: the symbols for the filter. */
export const ContractLogGate = createGate<Record<string, never>>({
  name: 'ContractLogPage',
  defaultState: {},
});
sample({ clock: ContractLogGate.open, target: symbolsRequested });

/** The symbol filter: a symbol id, '' for every symbol. */
export const symbolFilterChanged = createEvent<string>();
export const $symbolFilter = createStore('').on(symbolFilterChanged, (_, symbol) => symbol);

const fetchPageFx = attach({
  source: $symbolFilter,
  effect: fetchHistoryPageFx,
  mapParams: (request: PageRequest, symbol) => ({
    group: 'history' as const,
    ...request,
    ...(symbol === '' ? {} : { symbol_id: symbol }),
  }),
});

type HistoryReply = ResponseOf<typeof endpoints.contract.orderList>;

/** Every order of the history (SPEC.md's statuses), newest first. */
export const orderHistory: PagedList<HistoryReply> = createPagedList({
  name: 'ContractOrderHistory',
  fetchPage: fetchPageFx,
  pageSize: HISTORY_PAGE_SIZE,
});

const allOrders = createPagedList({
  name: 'ContractPositionHistory',
  fetchPage: fetchPageFx,
  pageSize: HISTORY_PAGE_SIZE,
});

/**
 * The positions' history: each close of a position (in part or in full, by the user, take
 * profit, stop loss or liquidation), read from the same history a page at a time. A page with no
 * close in it is followed at once by the next, so the list never looks empty while more may come.
 */
const $closes = allOrders.$items.map((orders) => orders.filter(isClose));
export const positionHistory: PagedList<HistoryReply> = {
  ...allOrders,
  $items: $closes,
  $view: combine(allOrders.$view, $closes, allOrders.$hasMore, (view, closes, more) => {
    if (view !== 'list' || closes.length > 0) return view;
    return more ? 'loading' : 'empty';
  }),
};
sample({
  clock: [allOrders.refreshFx.done, allOrders.loadNextPageFx.done],
  source: { closes: $closes, more: allOrders.$hasMore },
  filter: ({ closes, more }) => closes.length === 0 && more,
  target: allOrders.loadNextPageFx,
});

// Another symbol: the lists on screen start again from their first page.
sample({
  clock: symbolFilterChanged,
  filter: orderHistory.Gate.status,
  target: orderHistory.refreshFx,
});
sample({
  clock: symbolFilterChanged,
  filter: allOrders.Gate.status,
  target: allOrders.refreshFx,
});

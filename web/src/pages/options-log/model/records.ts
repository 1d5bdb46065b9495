import { fetchOptionOrdersFx, optionPushed } from '#entities/option';
import { symbolsRequested } from '#entities/market';
import { createPagedList, type PagedList, type PageRequest } from '#shared/api/list';
import { $accountType } from '#shared/session';
import { feedBound } from '#shared/socket';
import type { endpoints, ResponseOf } from '@bourse/protocol';
import { attach, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export const RECORDS_PAGE_SIZE = 20;

/** SPEC.md §4's three states, in its order; Settled lists cancelled orders too. */
export type RecordsTab = 'trading' | 'ordering' | 'settled';
export const RECORDS_TABS: readonly RecordsTab[] = ['trading', 'ordering', 'settled'];
export const tabOf = (value: string | null): RecordsTab =>
  value === 'ordering' || value === 'settled' ? value : 'trading';

/** Mounted with the page: the symbols for the filter. */
export const OptionsLogGate = createGate<Record<string, never>>({
  name: 'OptionsLogPage',
  defaultState: {},
});
sample({ clock: OptionsLogGate.open, target: symbolsRequested });

/** The symbol filter: a symbol id, '' for every symbol. */
export const symbolFilterChanged = createEvent<string>();
export const $symbolFilter = createStore('').on(symbolFilterChanged, (_, symbol) => symbol);

type RecordsReply = ResponseOf<typeof endpoints.options.orderList>;

const listOf = (status: RecordsTab, name: string): PagedList<RecordsReply> =>
  createPagedList({
    name,
    pageSize: RECORDS_PAGE_SIZE,
    fetchPage: attach({
      source: $symbolFilter,
      effect: fetchOptionOrdersFx,
      mapParams: (request: PageRequest, symbol) => ({
        status,
        ...request,
        ...(symbol === '' ? {} : { symbol_id: symbol }),
      }),
    }),
  });

/** The orders of each tab, newest first, a page at a time. */
export const records: Readonly<Record<RecordsTab, PagedList<RecordsReply>>> = {
  trading: listOf('trading', 'OptionsTrading'),
  ordering: listOf('ordering', 'OptionsOrdering'),
  settled: listOf('settled', 'OptionsSettled'),
};

// Another symbol, another mode, an order that moved between tabs (the Option push) or a feed that
// was away (pushes lost): the lists on screen start again from their first page.
for (const list of Object.values(records)) {
  sample({
    clock: [symbolFilterChanged, $accountType.updates, optionPushed, feedBound],
    filter: list.Gate.status,
    target: list.refreshFx,
  });
}

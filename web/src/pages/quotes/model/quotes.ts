import {
  $favourites,
  $symbols,
  $symbolsById,
  $symbolsStatus,
  $tickers,
  MARKET_TAB_PARAM,
  marketPathOf,
  symbolSelected,
  symbolsRequested,
  SYMBOL_CATEGORIES,
  type SymbolCategory,
  type SymbolInfo,
  type Ticker,
} from '#entities/market';
import { navigated, PATHS } from '#shared/routing';
import Decimal from 'decimal.js';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

// ---- categories ----------------------------------------------------------------------------

/** The Market screen's tabs: the user's favourites, then the four categories. */
export type QuotesTab = 'favourites' | SymbolCategory;
export const QUOTES_TABS: readonly QuotesTab[] = ['favourites', ...SYMBOL_CATEGORIES];
/** The tab a visit without `?tab=` opens. */
export const DEFAULT_TAB: QuotesTab = 'crypto';
/** The URL query parameter that keeps the tab. */
export const TAB_PARAM = MARKET_TAB_PARAM;

export const tabOf = (value: unknown): QuotesTab =>
  QUOTES_TABS.find((tab) => tab === value) ?? DEFAULT_TAB;

export const quotesPathOf = (tab: QuotesTab): string => marketPathOf(tab);

export interface QuotesGateProps {
  /** the `tab` query parameter, as the URL has it */
  readonly tab: string | null;
}

/** The Market screen is on screen; its props follow the URL. */
export const QuotesGate = createGate<QuotesGateProps>('QuotesGate');

/** The selected tab, from the URL. */
export const $tab = QuotesGate.state.map((props): QuotesTab => tabOf(props.tab));

/** A tab was tapped: the URL changes, in place, so Back leaves the screen. */
export const tabChosen = createEvent<QuotesTab>();

sample({
  clock: tabChosen,
  source: $tab,
  filter: (current, chosen) => current !== chosen,
  fn: (_, chosen) => ({ to: quotesPathOf(chosen), replace: true }),
  target: navigated,
});

// ---- search --------------------------------------------------------------------------------

/** The search field's text; the list filters as it is typed. */
export const $query = createStore('');
export const queryChanged = createEvent<string>();
/** The search was submitted (the keyboard's search key or the button). */
export const searchSubmitted = createEvent();
export const searchCleared = createEvent();

/** SPEC.md §5: search content is required; submitting it empty says so. */
export const $searchError = createStore<'market.search.required' | null>(null);

$query.on(queryChanged, (_, text) => text).reset(searchCleared);
$searchError.reset(queryChanged, searchCleared, QuotesGate.close);
sample({
  clock: searchSubmitted,
  source: $query,
  filter: (query) => query.trim() === '',
  fn: () => 'market.search.required' as const,
  target: $searchError,
});

/** Whether a symbol matches the search: its ticker, display name, name or id, any case. */
export function matchesQuery(symbol: SymbolInfo, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  const compact = needle.replace(/[\s/]/g, '');
  return [symbol.symbol, symbol.display, symbol.name, symbol.id].some((text) => {
    const haystack = text.toLowerCase();
    return haystack.includes(needle) || haystack.replace(/[\s/]/g, '').includes(compact);
  });
}

// ---- sorting -------------------------------------------------------------------------------

export type SortKey = 'name' | 'price' | 'change' | 'volume';
export type SortOrder = 'ascending' | 'descending';
export interface Sort {
  readonly key: SortKey;
  readonly order: SortOrder;
}

/** A column header was tapped: ascending, then descending, then the server's order. */
export const sortToggled = createEvent<SortKey>();

export const $sort = createStore<Sort | null>(null).on(sortToggled, (sort, key): Sort | null => {
  if (sort?.key !== key) return { key, order: 'ascending' };
  return sort.order === 'ascending' ? { key, order: 'descending' } : null;
});

const TICKER_FIELD = {
  price: 'last_price',
  change: 'change_rate',
  volume: 'volume',
} as const satisfies Record<Exclude<SortKey, 'name'>, keyof Ticker>;

type Tickers = Readonly<Record<string, Ticker>>;
const NO_TICKERS: Tickers = {};

/**
 * The tickers the order depends on: none unless the list is sorted by a live number, so that a
 * price tick does not recompute an order that cannot change.
 */
const $orderTickers = combine($sort, $tickers, (sort, tickers) =>
  sort === null || sort.key === 'name' ? NO_TICKERS : tickers,
);

const decimalOr = (value: string | undefined): Decimal | null => {
  if (value === undefined) return null;
  try {
    return new Decimal(value);
  } catch {
    return null;
  }
};

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The symbols in the order asked for. Ties keep the server's order; symbols without a number
 * (no ticker yet) go last either way.
 */
export function sortSymbols(
  symbols: readonly SymbolInfo[],
  sort: Sort | null,
  tickers: Tickers,
): readonly SymbolInfo[] {
  if (sort === null) return symbols;
  const sign = sort.order === 'ascending' ? 1 : -1;
  if (sort.key === 'name') {
    return [...symbols].sort((a, b) => sign * byName.compare(a.display, b.display));
  }
  const field = TICKER_FIELD[sort.key];
  const keyed = symbols.map((symbol) => ({
    symbol,
    value: decimalOr(tickers[symbol.id]?.[field]),
  }));
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) {
      return (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0);
    }
    return sign * a.value.comparedTo(b.value);
  });
  return keyed.map(({ symbol }) => symbol);
}

// ---- the list ------------------------------------------------------------------------------

/** Whether the list shows a search's matches from every market rather than the selected tab. */
export const $searching = $query.map((query) => query.trim() !== '');

/**
 * The rows, in the server's order: the selected tab's symbols; while searching, the matches
 * from every market, the selected tab's (or the favourites') first, so a symbol that sits in
 * another tab is found too.
 */
const $matching = combine(
  $symbols,
  $symbolsById,
  $tab,
  $favourites,
  $query,
  (symbols, byId, tab, favourites, query): readonly SymbolInfo[] => {
    const inTab =
      tab === 'favourites'
        ? favourites.flatMap((id) => byId[id] ?? [])
        : symbols.filter((symbol) => symbol.category === tab);
    if (query.trim() === '') return inTab;
    const here = inTab.filter((symbol) => matchesQuery(symbol, query));
    const shown = new Set(here.map((symbol) => symbol.id));
    const elsewhere = symbols.filter(
      (symbol) => !shown.has(symbol.id) && matchesQuery(symbol, query),
    );
    return [...here, ...elsewhere];
  },
);

/** The ids of the rows, in order; the rows read their own symbol and ticker. */
export const $rowIds = combine($matching, $sort, $orderTickers, (matching, sort, tickers) =>
  sortSymbols(matching, sort, tickers).map((symbol) => symbol.id),
);

/** What the list area shows. */
export type QuotesView = 'loading' | 'error' | 'noFavourites' | 'noSymbols' | 'noMatch' | 'list';

export const $view = combine(
  { status: $symbolsStatus, rows: $rowIds, tab: $tab, query: $query, favourites: $favourites },
  ({ status, rows, tab, query, favourites }): QuotesView => {
    if (status === 'failed') return 'error';
    if (status !== 'ready') return 'loading';
    if (rows.length > 0) return 'list';
    if (query.trim() !== '') return 'noMatch';
    if (tab === 'favourites' && favourites.length === 0) return 'noFavourites';
    return 'noSymbols';
  },
);

// ---- actions -------------------------------------------------------------------------------

/** The error state's button. */
export const retryClicked = createEvent();

/** A row was tapped: the symbol becomes the selected one and its chart opens. */
export const rowOpened = createEvent<SymbolInfo>();

sample({ clock: QuotesGate.open, target: symbolsRequested });
sample({ clock: retryClicked, target: symbolsRequested });
sample({ clock: rowOpened, target: symbolSelected });
sample({
  clock: rowOpened,
  fn: (symbol) => ({ to: `${PATHS.kline}?symbol=${encodeURIComponent(symbol.id)}` }),
  target: navigated,
});

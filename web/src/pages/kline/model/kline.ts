import { mergeLiveCandle, prependCandles, type Candle } from '#features/candle-chart';
import {
  $selectedSymbol,
  $symbolsById,
  $symbolsStatus,
  $tickers,
  symbolSelected,
  symbolsRequested,
  type SymbolInfo,
  type Ticker,
} from '#entities/market';
import { createApiEffect, isCodeError } from '#shared/api';
import { perFrame } from '#shared/lib';
import { pushReceived, topicSubscribed, topicUnsubscribed } from '#shared/socket';
import {
  CODES,
  endpoints,
  FUNC,
  klinePeriod,
  klineTopic,
  type KlinePeriod,
  type PushOf,
  type PushMessage,
} from '@bourse/protocol';
import { attach, combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

/** The period a chart opens with when its address names none. */
export const DEFAULT_PERIOD: KlinePeriod = '15m';
/** How many candles one call brings, first and each time older ones are needed. */
export const CANDLE_LIMIT = 500;

/** The periods the switcher offers, shortest first. */
export const PERIODS: readonly KlinePeriod[] = klinePeriod.options;

/** The period an address names (`?period=`), or the default for anything else. */
export const periodOf = (value: string | null): KlinePeriod => {
  const parsed = klinePeriod.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_PERIOD;
};

/** What the page's address asks for: `?symbol=` (null: the selected symbol) and `?period=`. */
export interface KlineQuery {
  readonly symbolId: string | null;
  readonly period: KlinePeriod;
}

/** One chart: a symbol in a period. */
export interface ChartKey {
  readonly symbolId: string;
  readonly period: KlinePeriod;
}

const sameKey = (a: ChartKey | null, b: ChartKey | null) =>
  a?.symbolId === b?.symbolId && a?.period === b?.period;

/** The chart page is on screen with the symbol and period of its address. */
export const KlineGate = createGate<KlineQuery>('KlineGate');

/** The error state's button. */
export const retryClicked = createEvent();
/** The chart came near its oldest candle: older ones are wanted. */
export const olderRequested = createEvent();
/** "Try again" after older candles failed to load. */
export const olderRetried = createEvent();

const fetchCandlesFx = createApiEffect(endpoints.market.getLogData);
const fetchTickerFx = createApiEffect(endpoints.market.getSymbol);

/** The newest candles of a chart. */
export const loadCandlesFx = attach({
  effect: fetchCandlesFx,
  mapParams: ({ symbolId, period }: ChartKey) => ({
    symbol_id: symbolId,
    period,
    limit: CANDLE_LIMIT,
  }),
});

/** Candles before `before` (an opening time) of a chart. */
export const loadOlderFx = attach({
  effect: fetchCandlesFx,
  mapParams: ({ key, before }: { key: ChartKey; before: number }) => ({
    symbol_id: key.symbolId,
    period: key.period,
    to: before - 1,
    limit: CANDLE_LIMIT,
  }),
});

const loadTickerFx = attach({
  effect: fetchTickerFx,
  mapParams: (symbolId: string) => ({ symbol_id: symbolId }),
});

// ---- which chart ---------------------------------------------------------------------------

const $query = createStore<KlineQuery | null>(null, { serialize: 'ignore' })
  .on(KlineGate.state, (_, query) => query)
  .reset(KlineGate.close);

/** The chart the page wants now: the address's symbol, else the selected one. */
const $wantedKey = combine(
  KlineGate.status,
  $query,
  $selectedSymbol,
  (open, query, selected): ChartKey | null => {
    if (!open || query === null) return null;
    const symbolId = query.symbolId ?? selected?.id ?? null;
    return symbolId === null ? null : { symbolId, period: query.period };
  },
);

/** The chart on screen (and subscribed to); null while the page is closed. */
export const $chartKey = createStore<ChartKey | null>(null, { serialize: 'ignore' });

const chartSwitched = sample({
  clock: $wantedKey,
  source: $chartKey,
  filter: (shown, wanted) => !sameKey(shown, wanted),
  fn: (shown, wanted) => ({ from: shown, to: wanted }),
});
$chartKey.on(chartSwitched, (_, { to }) => to);

// The live candle: subscribed while the chart is on screen, one topic per symbol and period.
const chartLeft = sample({
  clock: chartSwitched.map(({ from }) => from),
  filter: (from): from is ChartKey => from !== null,
});
sample({
  clock: chartLeft,
  fn: ({ symbolId, period }) => klineTopic(symbolId, period),
  target: topicUnsubscribed,
});
const chartOpened = sample({
  clock: chartSwitched.map(({ to }) => to),
  filter: (to): to is ChartKey => to !== null,
});
sample({
  clock: chartOpened,
  fn: ({ symbolId, period }) => klineTopic(symbolId, period),
  target: topicSubscribed,
});
sample({ clock: chartOpened, target: loadCandlesFx });
sample({ clock: KlineGate.open, target: symbolsRequested });

// The chart on screen is the selected symbol (SPEC §3), so the Symbol tab comes back to it, also
// when the page was opened from a link.
const $openedSymbol = combine($chartKey, $symbolsById, (key, byId): SymbolInfo | null =>
  key === null ? null : (byId[key.symbolId] ?? null),
);
const symbolOpened = sample({
  clock: $openedSymbol,
  filter: (opened): opened is SymbolInfo => opened !== null,
});
sample({
  clock: symbolOpened,
  source: $selectedSymbol,
  filter: (selected, opened) => selected?.id !== opened.id,
  fn: (_, opened) => opened,
  target: symbolSelected,
});

const $tickerSymbol = createStore<string | null>(null, { serialize: 'ignore' });
/** The 24 h statistics are fetched once per symbol (a period switch keeps them). */
const newSymbolOpened = sample({
  clock: chartOpened,
  source: $tickerSymbol,
  filter: (shown, opened) => shown !== opened.symbolId,
  fn: (_, opened) => opened.symbolId,
});
$tickerSymbol.on(newSymbolOpened, (_, symbolId) => symbolId).reset(KlineGate.close);
sample({ clock: newSymbolOpened, target: loadTickerFx });

// ---- candles -------------------------------------------------------------------------------

/**
 * - loading: the newest candles are on their way;
 * - ready: they arrived (there may be none);
 * - failed: they could not be loaded;
 * - unknown: the server has no such symbol.
 */
export type CandlesStatus = 'loading' | 'ready' | 'failed' | 'unknown';

/** The chart's candles, oldest first. */
export const $candles = createStore<readonly Candle[]>([], { serialize: 'ignore' });
const $candlesStatus = createStore<CandlesStatus>('loading', { serialize: 'ignore' });

/** Older candles: idle, on their way, failed (until tried again), or none left. */
export type OlderStatus = 'idle' | 'loading' | 'failed' | 'exhausted';
export const $olderStatus = createStore<OlderStatus>('idle', { serialize: 'ignore' });

const isFor =
  (key: ChartKey | null) =>
  (reply: { symbol_id: string; period: KlinePeriod }): boolean =>
    key !== null && reply.symbol_id === key.symbolId && reply.period === key.period;

// A reply for a chart no longer on screen (the user switched meanwhile) is dropped.
const candlesArrived = sample({
  clock: loadCandlesFx.doneData,
  source: $chartKey,
  filter: (key, reply) => isFor(key)(reply),
  fn: (_, reply) => reply.list,
});
const candlesFailed = sample({
  clock: loadCandlesFx.fail,
  source: $chartKey,
  filter: (key, { params }) => sameKey(key, params),
  fn: (_, { error }): CandlesStatus => (isCodeError(error, CODES.notFound) ? 'unknown' : 'failed'),
});

$candles.on(candlesArrived, (_, list) => list).reset(chartSwitched);
$candlesStatus
  .on(chartSwitched, () => 'loading')
  .on(candlesArrived, () => 'ready')
  .on(candlesFailed, (_, status) => status);

sample({
  clock: retryClicked,
  source: $chartKey,
  filter: Boolean,
  target: loadCandlesFx,
});
$candlesStatus.on(retryClicked, (status) => (status === 'failed' ? 'loading' : status));
sample({ clock: retryClicked, target: symbolsRequested });

// ---- the live candle -----------------------------------------------------------------------

const isKline = (push: PushMessage): push is PushOf<typeof FUNC.kline> => push.func === FUNC.kline;

const klinePushed = sample({ clock: pushReceived, filter: isKline });
type KlineData = PushOf<typeof FUNC.kline>['data'];
// Applied at most once per frame, every push of the frame in the order it came (a frame may hold
// the last tick of one candle and the first of the next).
const klineFrame = perFrame(klinePushed, (pending: readonly KlineData[] | null, push) => [
  ...(pending ?? []),
  push.data,
]);
// Checked when applied, not when pushed: the user may have switched charts in between. Before
// the candles are in, a push is left out: the reply carries the forming candle anyway.
const liveCandlesArrived = sample({
  clock: klineFrame.applied,
  source: { key: $chartKey, status: $candlesStatus },
  filter: ({ status }) => status === 'ready',
  fn: ({ key }, pushes) => pushes.filter(isFor(key)).map((push) => push.candle),
});
$candles.on(liveCandlesArrived, (candles, live) => live.reduce(mergeLiveCandle, candles));

// ---- older candles -------------------------------------------------------------------------

const olderWanted = sample({
  clock: olderRequested,
  source: { key: $chartKey, candles: $candles, status: $candlesStatus, older: $olderStatus },
  filter: ({ key, candles, status, older }) =>
    key !== null && status === 'ready' && candles.length > 0 && older === 'idle',
  fn: ({ key, candles }) => ({ key: key as ChartKey, before: (candles[0] as Candle).time }),
});
sample({ clock: olderWanted, target: loadOlderFx });

const olderArrived = sample({
  clock: loadOlderFx.doneData,
  source: $chartKey,
  filter: (key, reply) => isFor(key)(reply),
  fn: (_, reply) => reply.list,
});
const olderFailed = sample({
  clock: loadOlderFx.fail,
  source: $chartKey,
  filter: (key, { params }) => sameKey(key, params.key),
});

$candles.on(olderArrived, prependCandles);
$olderStatus
  // a first load shorter than asked for already holds the whole history
  .on(candlesArrived, (_, list) => (list.length < CANDLE_LIMIT ? 'exhausted' : 'idle'))
  .on(olderWanted, () => 'loading')
  // fewer than asked for: the series starts there
  .on(olderArrived, (_, list) => (list.length < CANDLE_LIMIT ? 'exhausted' : 'idle'))
  .on(olderFailed, () => 'failed')
  .on(olderRetried, (status) => (status === 'failed' ? 'idle' : status))
  .reset(chartSwitched);
sample({ clock: olderRetried, target: olderRequested });

// ---- the symbol and its 24 h statistics ----------------------------------------------------

const $fetchedTicker = createStore<Ticker | null>(null, { serialize: 'ignore' })
  .on(loadTickerFx.doneData, (_, ticker) => ticker)
  .reset(newSymbolOpened, KlineGate.close);
const tickerMissing = sample({
  clock: loadTickerFx.fail,
  source: $tickerSymbol,
  filter: (symbolId, { params, error }) =>
    symbolId === params && isCodeError(error, CODES.notFound),
});
const $tickerMissing = createStore(false, { serialize: 'ignore' })
  .on(tickerMissing, () => true)
  .reset(newSymbolOpened, KlineGate.close);

/** The symbol on screen, once the symbol list is in. */
export const $symbol = combine($chartKey, $symbolsById, (key, byId): SymbolInfo | null =>
  key === null ? null : (byId[key.symbolId] ?? null),
);

/** The 24 h statistics of the symbol on screen: the live feed's, else what the page fetched. */
export const $ticker = combine(
  $chartKey,
  $tickers,
  $fetchedTicker,
  (key, tickers, fetched): Ticker | null => {
    if (key === null) return null;
    return tickers[key.symbolId] ?? (fetched?.symbol_id === key.symbolId ? fetched : null);
  },
);

export type KlineView = 'loading' | 'error' | 'empty' | 'unknown' | 'chart';

/** What the page shows. */
export const $view = combine(
  $chartKey,
  $candlesStatus,
  $candles,
  $symbolsStatus,
  $symbol,
  $tickerMissing,
  (key, status, candles, symbolsStatus, symbol, missing): KlineView => {
    if (key === null) {
      // no address and nothing selected: the symbol list decides
      if (symbolsStatus === 'failed') return 'error';
      return symbolsStatus === 'ready' ? 'unknown' : 'loading';
    }
    if (status === 'unknown' || missing) return 'unknown';
    if (symbolsStatus === 'ready' && symbol === null) return 'unknown';
    if (status === 'failed') return 'error';
    if (status === 'loading') return 'loading';
    return candles.length === 0 ? 'empty' : 'chart';
  },
);

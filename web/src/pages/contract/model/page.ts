import type { Candle } from '#features/candle-chart';
import * as manage from '#features/manage-position';
import {
  contractInfoRequested,
  contractListsRequested,
  ordersChanged,
  positionChanged,
  positionClosed,
} from '#entities/contract';
import {
  $selectedSymbol,
  $symbolsById,
  $tickers,
  symbolSelected,
  symbolsRequested,
  type SymbolInfo,
  type Ticker,
} from '#entities/market';
import { $accountType } from '#shared/session';
import { createApiEffect } from '#shared/api';
import { perFrame } from '#shared/lib';
import { pushReceived, topicSubscribed, topicUnsubscribed } from '#shared/socket';
import {
  endpoints,
  FUNC,
  klineTopic,
  type KlinePeriod,
  type PushMessage,
  type PushOf,
} from '@bourse/protocol';
import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

/** The compact chart's period and how many candles it shows. */
export const CHART_PERIOD: KlinePeriod = '15m';
export const CHART_CANDLES = 96;

/** What the page's address asks for: `?symbol=` (null: the selected symbol). */
export interface ContractQuery {
  readonly symbolId: string | null;
}

/** The contract page is on screen. */
export const ContractGate = createGate<ContractQuery>('ContractPage');
/** The symbol switcher picked a symbol. */
export const symbolPicked = createEvent<SymbolInfo>();
/** The error state's button. */
export const retryClicked = createEvent();

const $query = createStore<ContractQuery | null>(null, { serialize: 'ignore' })
  .on(ContractGate.state, (_, query) => query)
  .reset(ContractGate.close);

/** The symbol the page trades: the address's, else the selected one; null while the page is closed. */
export const $symbolId = combine(
  ContractGate.status,
  $query,
  $selectedSymbol,
  (open, query, selected): string | null =>
    open ? (query?.symbolId ?? selected?.id ?? null) : null,
);

export const $symbol = combine($symbolId, $symbolsById, (id, byId): SymbolInfo | null =>
  id === null ? null : (byId[id] ?? null),
);

/** The symbol's live 24 h ticker; null until the feed has it. */
export const $ticker = combine($symbolId, $tickers, (id, tickers): Ticker | null =>
  id === null ? null : (tickers[id] ?? null),
);

sample({
  clock: [ContractGate.open, retryClicked],
  target: [symbolsRequested, contractListsRequested],
});
// another mode is other accounts: their positions, orders and balance
sample({
  clock: $accountType.updates,
  filter: ContractGate.status,
  target: contractListsRequested,
});
sample({
  clock: [$accountType.updates, retryClicked],
  source: $symbolId,
  filter: (id): id is string => id !== null,
  target: contractInfoRequested,
});

// The position dialogs' replies (the manage-position feature) reach the lists through the entity.
sample({ clock: manage.positionChanged, target: positionChanged });
sample({ clock: manage.positionClosed, target: positionClosed });
sample({ clock: manage.ordersChanged, target: ordersChanged });

// ---- the symbol ------------------------------------------------------------------------------

/** The symbol on screen changed (or the page opened, or closed). */
const $shownSymbolId = createStore<string | null>(null, { serialize: 'ignore' });
const symbolSwitched = sample({
  clock: $symbolId,
  source: $shownSymbolId,
  filter: (shown, wanted) => shown !== wanted,
  fn: (shown, wanted) => ({ from: shown, to: wanted }),
});
$shownSymbolId.on(symbolSwitched, (_, { to }) => to);

const symbolOpened = symbolSwitched.filterMap(({ to }) => to ?? undefined);
const symbolLeft = symbolSwitched.filterMap(({ from }) => from ?? undefined);
sample({ clock: symbolOpened, target: contractInfoRequested });
sample({
  clock: symbolOpened,
  fn: (id) => klineTopic(id, CHART_PERIOD),
  target: topicSubscribed,
});
sample({ clock: symbolLeft, fn: (id) => klineTopic(id, CHART_PERIOD), target: topicUnsubscribed });

// The symbol traded is the selected symbol (SPEC.md §3 keeps it), so the other tabs follow.
sample({
  clock: $symbol,
  source: $selectedSymbol,
  filter: (selected, shown): shown is SymbolInfo => shown !== null && selected?.id !== shown.id,
  fn: (_, shown) => shown as SymbolInfo,
  target: symbolSelected,
});
sample({ clock: symbolPicked, target: symbolSelected });

// ---- the compact chart -----------------------------------------------------------------------

const loadCandlesFx = attach({
  effect: createApiEffect(endpoints.market.getLogData),
  mapParams: (symbolId: string) => ({
    symbol_id: symbolId,
    period: CHART_PERIOD,
    limit: CHART_CANDLES,
  }),
});
sample({ clock: symbolOpened, target: loadCandlesFx });

/** The compact chart's candles, oldest first; null while they load. */
export const $candles = createStore<readonly Candle[] | null>(null, { serialize: 'ignore' });
const candlesArrived = sample({
  clock: loadCandlesFx.doneData,
  source: $shownSymbolId,
  filter: (shown, reply) => reply.symbol_id === shown,
  fn: (_, reply) => reply.list,
});
$candles.on(candlesArrived, (_, list) => list).reset(symbolSwitched);
/** The candles could not be loaded. */
export const $candlesFailed = createStore(false, { serialize: 'ignore' })
  .on(loadCandlesFx.fail, () => true)
  .reset(symbolSwitched, loadCandlesFx);
sample({
  clock: retryClicked,
  source: $shownSymbolId,
  filter: (id): id is string => id !== null,
  target: loadCandlesFx,
});

const isKline = (push: PushMessage): push is PushOf<typeof FUNC.kline> => push.func === FUNC.kline;
type KlineData = PushOf<typeof FUNC.kline>['data'];
const klineFrame = perFrame(
  sample({ clock: pushReceived, filter: isKline }),
  (pending: readonly KlineData[] | null, push) => [...(pending ?? []), push.data],
);
const liveCandles = sample({
  clock: klineFrame.applied,
  source: $shownSymbolId,
  fn: (id, pushes) =>
    pushes
      .filter((one) => one.symbol_id === id && one.period === CHART_PERIOD)
      .map((one) => one.candle),
});
// The chart's code (and its candle merge) loads off the form's path: live candles are merged
// with it once it is there, which is after the first draw.
const mergeLiveCandlesFx = createEffect(
  async ({ candles, live }: { candles: readonly Candle[]; live: readonly Candle[] }) => {
    const { mergeLiveCandle } = await import('../ui/compact-chart.tsx');
    return { candles, merged: live.reduce(mergeLiveCandle, candles) };
  },
);
sample({
  clock: liveCandles,
  source: $candles,
  filter: (candles, live) => candles !== null && live.length > 0,
  fn: (candles, live) => ({ candles: candles as readonly Candle[], live }),
  target: mergeLiveCandlesFx,
});
// merged against what is still on screen: a switch or a newer load meanwhile drops it
$candles.on(mergeLiveCandlesFx.doneData, (shown, { candles, merged }) =>
  shown === candles ? merged : shown,
);

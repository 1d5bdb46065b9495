import { createTrend } from '#features/option-chart';
import { fetchDurationsFx, findOptionOrderFx, optionPushed } from '#entities/option';
import {
  $selectedSymbol,
  $symbolsById,
  $tickers,
  symbolsRequested,
  type SymbolInfo,
  type Ticker,
} from '#entities/market';
import { pageVisible } from '#shared/socket';
import type { OptionOrder } from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

/** What the address asks for: `?symbol=` (null: the selected one) and `&order=` (null: none). */
export interface OpKlineQuery {
  readonly symbolId: string | null;
  readonly orderId: string | null;
}

/** The chart's windows of time, in minutes. */
export const WINDOWS = [5, 15, 60] as const;
export type ChartWindow = (typeof WINDOWS)[number];

export const OpKlineGate = createGate<OpKlineQuery>('OpKlinePage');
export const retryClicked = createEvent();
export const windowPicked = createEvent<ChartWindow>();

/** How much of the past the chart shows, in minutes. */
export const $window = createStore<ChartWindow>(15).on(windowPicked, (_, minutes) => minutes);

const $query = createStore<OpKlineQuery | null>(null, { serialize: 'ignore' })
  .on(OpKlineGate.state, (_, query) => query)
  .reset(OpKlineGate.close);

export const $symbolId = combine(
  OpKlineGate.status,
  $query,
  $selectedSymbol,
  (open, query, selected): string | null =>
    open ? (query?.symbolId ?? selected?.id ?? null) : null,
);
export const $symbol = combine($symbolId, $symbolsById, (id, byId): SymbolInfo | null =>
  id === null ? null : (byId[id] ?? null),
);
export const $ticker = combine($symbolId, $tickers, (id, tickers): Ticker | null =>
  id === null ? null : (tickers[id] ?? null),
);
sample({ clock: [OpKlineGate.open, retryClicked], target: symbolsRequested });

const $shownSymbolId = createStore<string | null>(null, { serialize: 'ignore' });
const symbolSwitched = sample({
  clock: $symbolId,
  source: $shownSymbolId,
  filter: (shown, wanted) => shown !== wanted,
  fn: (_, wanted) => wanted,
});
$shownSymbolId.on(symbolSwitched, (_, id) => id);
const symbolOpened = symbolSwitched.filterMap((id) => id ?? undefined);

/** The longest window's worth of one-minute closes. */
export const HISTORY_MINUTES = 60;

export const { $points, loadHistoryFx } = createTrend({
  opened: symbolOpened,
  $symbolId: $shownSymbolId,
  $ticker,
  historyMinutes: HISTORY_MINUTES,
});
/** The history could not be read (the live line goes on). */
export const $historyFailed = createStore(false, { serialize: 'ignore' })
  .on(loadHistoryFx.fail, () => true)
  .reset(loadHistoryFx.done, symbolSwitched);
sample({
  clock: retryClicked,
  source: $shownSymbolId,
  filter: (id): id is string => id !== null,
  target: loadHistoryFx,
});

// the countdown reads the server's clock: measured when the chart opens and shows again
sample({
  clock: [symbolOpened, sample({ clock: pageVisible, filter: OpKlineGate.status })],
  source: $shownSymbolId,
  filter: (id): id is string => id !== null,
  target: fetchDurationsFx,
});

// ---- the order -----------------------------------------------------------------------------

export const $orderId = combine(OpKlineGate.status, $query, (open, query) =>
  open ? (query?.orderId ?? null) : null,
);

/** The order marked on the chart; null when none is named, or while it loads. */
export const $order = createStore<OptionOrder | null>(null, { serialize: 'ignore' });
sample({
  clock: [
    $orderId.updates,
    sample({ clock: [retryClicked, pageVisible], filter: OpKlineGate.status }),
  ],
  source: $orderId,
  filter: (id): id is string => id !== null,
  target: findOptionOrderFx,
});
sample({
  clock: [
    findOptionOrderFx.done,
    optionPushed.map((order) => ({ params: order.id, result: order })),
  ],
  source: $orderId,
  filter: (id, { params }) => id === params,
  fn: (_, { result }) => result,
  target: $order,
});
$order.reset($orderId.updates);

import { fetchDurationsFx, fetchOptionOrdersFx, isRunning, optionPushed } from '#entities/option';
import {
  $selectedSymbol,
  $symbolsById,
  $tickers,
  symbolSelected,
  symbolsRequested,
  type SymbolInfo,
  type Ticker,
} from '#entities/market';
import { createTrend } from '#features/option-chart';
import { $accountType } from '#shared/session';
import { feedBound, pageVisible } from '#shared/socket';
import { formatAmount } from '#shared/format';
import { $i18n } from '#shared/i18n';
import { $numberStyle } from '#shared/typed-number';
import { showToastFx } from '#shared/ui/toast';
import { type OptionDuration, type OptionOrder, type OptionSettings } from '@bourse/protocol';
import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

/** What the page's address asks for: `?symbol=` (null: the selected symbol). */
export interface OptionsQuery {
  readonly symbolId: string | null;
}

/** The options page is on screen. */
export const OptionsGate = createGate<OptionsQuery>('OptionsPage');
/** The symbol switcher picked a symbol. */
export const symbolPicked = createEvent<SymbolInfo>();
/** The error state's button. */
export const retryClicked = createEvent();

const $query = createStore<OptionsQuery | null>(null, { serialize: 'ignore' })
  .on(OptionsGate.state, (_, query) => query)
  .reset(OptionsGate.close);

/** The symbol the page trades: the address's, else the selected one; null while closed. */
export const $symbolId = combine(
  OptionsGate.status,
  $query,
  $selectedSymbol,
  (open, query, selected): string | null =>
    open ? (query?.symbolId ?? selected?.id ?? null) : null,
);

export const $symbol = combine($symbolId, $symbolsById, (id, byId): SymbolInfo | null =>
  id === null ? null : (byId[id] ?? null),
);

/** The symbol's live ticker; null until the feed has it. */
export const $ticker = combine($symbolId, $tickers, (id, tickers): Ticker | null =>
  id === null ? null : (tickers[id] ?? null),
);

sample({ clock: [OptionsGate.open, retryClicked], target: symbolsRequested });

// The symbol traded is the selected symbol, so that the other tabs follow.
sample({
  clock: $symbol,
  source: $selectedSymbol,
  filter: (selected, shown): shown is SymbolInfo => shown !== null && selected?.id !== shown.id,
  fn: (_, shown) => shown as SymbolInfo,
  target: symbolSelected,
});
sample({ clock: symbolPicked, target: symbolSelected });

/** The symbol on screen changed (or the page opened, or closed). */
const $shownSymbolId = createStore<string | null>(null, { serialize: 'ignore' });
export const symbolSwitched = sample({
  clock: $symbolId,
  source: $shownSymbolId,
  filter: (shown, wanted) => shown !== wanted,
  fn: (shown, wanted) => ({ from: shown, to: wanted }),
});
$shownSymbolId.on(symbolSwitched, (_, { to }) => to);
const symbolOpened = symbolSwitched.filterMap(({ to }) => to ?? undefined);

// ---- the duration table and the server's clock --------------------------------------------

/**
 * The table is read when a symbol opens, on retry, and whenever the page shows again: each reply
 * measures the server clock's offset anew, so a phone that slept counts down right at once.
 */
sample({
  clock: [symbolOpened, sample({ clock: [retryClicked, pageVisible], filter: OptionsGate.status })],
  source: $shownSymbolId,
  filter: (id): id is string => id !== null,
  target: fetchDurationsFx,
});

interface DurationTable {
  readonly symbolId: string;
  readonly list: readonly OptionDuration[];
  readonly settings: OptionSettings;
}

const $table = createStore<DurationTable | null>(null, { serialize: 'ignore' })
  .on(fetchDurationsFx.done, (table, { params, result }) =>
    result.reply.symbol_id === params ? { ...result.reply, symbolId: params } : table,
  )
  .reset(OptionsGate.close);
// a reply for a symbol left behind is not this symbol's table
sample({
  clock: symbolSwitched,
  source: $table,
  filter: (table, { to }) => table !== null && table.symbolId !== to,
  fn: () => null,
  target: $table,
});

/** The durations of the symbol on screen, shortest first; null while they load. */
export const $durations = combine($table, $shownSymbolId, (table, id) =>
  table === null || table.symbolId !== id ? null : table.list,
);
/** The desk's rules; null while they load. */
export const $settings = combine($table, $shownSymbolId, (table, id) =>
  table === null || table.symbolId !== id ? null : table.settings,
);
/** The table could not be read (and none is shown). */
export const $durationsFailed = createStore(false, { serialize: 'ignore' })
  .on(fetchDurationsFx.fail, () => true)
  .reset(fetchDurationsFx.done, symbolSwitched);

// ---- the price line ------------------------------------------------------------------------

/** How much history the line starts with, in one-minute closes. */
export const TREND_HISTORY_MINUTES = 10;

/** The price line of the symbol on screen, oldest first. */
export const { $points: $trend } = createTrend({
  opened: symbolOpened,
  $symbolId: $shownSymbolId,
  $ticker,
  historyMinutes: TREND_HISTORY_MINUTES,
});

// ---- the running orders --------------------------------------------------------------------

/** How many running orders the page reads at most (the desk allows fewer at once). */
export const RUNNING_LIMIT = 100;

const fetchRunningFx = createEffect(async (): Promise<readonly OptionOrder[]> => {
  const [trading, ordering] = await Promise.all([
    fetchOptionOrdersFx({ status: 'trading', page: 1, limit: RUNNING_LIMIT }),
    fetchOptionOrdersFx({ status: 'ordering', page: 1, limit: RUNNING_LIMIT }),
  ]);
  return [...trading.list, ...ordering.list];
});
/** The page asked for the running orders again (another mode, the page shown again). */
export const runningRequested = createEvent();
sample({
  clock: [OptionsGate.open, retryClicked, runningRequested],
  target: fetchRunningFx,
});
// another mode is other orders; a page shown again or a feed bound again may have missed pushes
sample({
  clock: [$accountType.updates, pageVisible, feedBound],
  filter: OptionsGate.status,
  target: fetchRunningFx,
});

/** An order placed, opened, settled or cancelled: the list follows it. */
export const orderChanged = createEvent<OptionOrder>();
sample({ clock: optionPushed, target: orderChanged });

/** The orders waiting for their start or counting down, soonest delivery first; null while loading. */
export const $running = createStore<readonly OptionOrder[] | null>(null, { serialize: 'ignore' })
  .on(fetchRunningFx.doneData, (_, list) => sortRunning(list))
  .on(orderChanged, (list, order) => {
    if (list === null) return list;
    const others = list.filter((one) => one.id !== order.id);
    return isRunning(order) ? sortRunning([...others, order]) : others;
  })
  .reset($accountType.updates);
export const $runningFailed = createStore(false, { serialize: 'ignore' })
  .on(fetchRunningFx.fail, () => true)
  .reset(fetchRunningFx.done);

const sortRunning = (list: readonly OptionOrder[]): readonly OptionOrder[] =>
  [...list].sort(
    (a, b) =>
      (a.settle_at ?? Number.MAX_SAFE_INTEGER) - (b.settle_at ?? Number.MAX_SAFE_INTEGER) ||
      b.created_at - a.created_at,
  );

/** An order of the list settled while the page was on screen: its result, for a moment. */
export const orderSettled = sample({
  clock: orderChanged,
  source: OptionsGate.status,
  filter: (open, order) => open && order.status === 'settled',
  fn: (_, order) => order,
});

/** The running orders of the symbol on screen, for the line. */
export const $runningHere = combine($running, $shownSymbolId, (list, id) =>
  (list ?? []).filter((order) => order.symbol_id === id),
);

/** Says how a settled order ended: "BTC/USDT: won +85.00 USDT". */
const settledToastFx = attach({
  source: { i18n: $i18n, style: $numberStyle },
  mapParams: (order: OptionOrder, { i18n, style }) => {
    const key = `options.settledToast.${order.result ?? 'void'}`;
    const amount = formatAmount(order.profit, 2, style);
    return i18n?.t(key, { symbol: order.symbol, amount }) ?? key;
  },
  effect: showToastFx,
});
sample({ clock: orderSettled, target: settledToastFx });

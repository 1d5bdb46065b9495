import {
  $symbols,
  $symbolsStatus,
  $tickers,
  symbolSelected,
  symbolsRequested,
  type SymbolInfo,
} from '#entities/market';
import { createApiEffect } from '#shared/api';
import { endpoints, type KlinePeriod, type SymbolCategory } from '@bourse/protocol';
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { featuredOf, historyOf, sparklineCloses, type SparklineHistory } from '../lib/market.ts';
import { HomeGate } from './gate.ts';
import { sectionView } from './section.ts';

/** The sparkline's candles: the last 24 hours, hour by hour. */
export const SPARKLINE_PERIOD: KlinePeriod = '1h';
export const SPARKLINE_PERIOD_MS = 3_600_000;
export const SPARKLINE_CANDLES = 24;

/** A category tab was chosen. */
export const categoryChosen = createEvent<SymbolCategory>();
/** A symbol on the home screen was tapped: it becomes the selected symbol (its row opens the chart). */
export const symbolTapped = createEvent<SymbolInfo>();
/** The section's retry button: the symbol list failed. */
export const featuredRetryClicked = createEvent();

/** The category in view; kept while the app is open, stocks first as SPEC.md lists them. */
export const $category = createStore<SymbolCategory>('stock').on(
  categoryChosen,
  (_, category) => category,
);

/** The symbols the category in view features. */
export const $featured = combine($symbols, $category, (symbols, category) =>
  featuredOf(symbols, category),
);

export const $featuredView = combine($symbolsStatus, $featured, (status, featured) => {
  if (status === 'failed') return sectionView(false, false, true);
  return sectionView(status === 'ready', featured.length === 0, false);
});

// ---- sparklines ----------------------------------------------------------------------------

export const fetchCandlesFx = createApiEffect(endpoints.market.getLogData);

/** Loads the sparklines of some symbols, side by side; each one lands on its own. */
export const loadSparklinesFx = createEffect(async (ids: readonly string[]) => {
  await Promise.allSettled(
    ids.map((id) =>
      fetchCandlesFx({ symbol_id: id, period: SPARKLINE_PERIOD, limit: SPARKLINE_CANDLES }),
    ),
  );
});

/** Each symbol's last day of candles, by symbol id, as last loaded. */
export const $histories = createStore<Readonly<Record<string, SparklineHistory>>>({}).on(
  fetchCandlesFx.done,
  (histories, { params, result }) => ({ ...histories, [params.symbol_id]: historyOf(result.list) }),
);
/** Symbols whose candles were asked for on this visit: each is asked once a visit. */
const $askedThisVisit = createStore<ReadonlySet<string>>(new Set())
  .on(loadSparklinesFx, (asked, ids) => new Set([...asked, ...ids]))
  .reset(HomeGate.close);
/** Symbols whose candles could not be loaded on this visit. */
export const $sparklinesFailed = createStore<ReadonlySet<string>>(new Set())
  .on(fetchCandlesFx.fail, (failed, { params }) => new Set([...failed, params.symbol_id]))
  .on(fetchCandlesFx.done, (failed, { params }) => {
    if (!failed.has(params.symbol_id)) return failed;
    const next = new Set(failed);
    next.delete(params.symbol_id);
    return next;
  })
  .reset(HomeGate.close);

/**
 * Each featured symbol's sparkline points: its candles' closes ending at the live price; absent
 * until its candles arrive.
 */
export const $sparklines = combine(
  $featured,
  $histories,
  $tickers,
  (featured, histories, tickers): Readonly<Record<string, readonly string[]>> => {
    const lines: Record<string, readonly string[]> = {};
    for (const symbol of featured) {
      const history = histories[symbol.id];
      if (history !== undefined) {
        lines[symbol.id] = sparklineCloses(history, tickers[symbol.id], SPARKLINE_PERIOD_MS);
      }
    }
    return lines;
  },
);

const sparklinesWanted = createEvent();
sample({ clock: HomeGate.open, target: sparklinesWanted });
sample({ clock: $featured, filter: HomeGate.status, target: sparklinesWanted });
const sparklinesDue = sample({
  clock: sparklinesWanted,
  source: { featured: $featured, asked: $askedThisVisit },
  fn: ({ featured, asked }) => featured.map((symbol) => symbol.id).filter((id) => !asked.has(id)),
});
sample({ clock: sparklinesDue, filter: (ids) => ids.length > 0, target: loadSparklinesFx });

// ---- the symbol list and taps --------------------------------------------------------------

sample({ clock: [HomeGate.open, featuredRetryClicked], target: symbolsRequested });
// The card is a link to the chart; the tap also makes the symbol the Symbol tab's.
sample({ clock: symbolTapped, target: symbolSelected });

import { compareDecimals } from '#entities/market';
import type { Candle, SymbolCategory, SymbolInfo, Ticker } from '@bourse/protocol';

/** How many symbols a category shows on the home screen. */
export const FEATURED_COUNT = 6;

/**
 * The symbols a category features: its first ones in the server's list order. The order is the
 * operator's choice and does not reshuffle while prices tick, so a finger never hits a row that
 * just moved.
 */
export function featuredOf(
  symbols: readonly SymbolInfo[],
  category: SymbolCategory,
  count = FEATURED_COUNT,
): SymbolInfo[] {
  return symbols.filter((symbol) => symbol.category === category).slice(0, count);
}

/** What a sparkline draws from: the candles' closes and when the last candle opened. */
export interface SparklineHistory {
  readonly closes: readonly string[];
  /** the opening time of the last candle (ms); null when there were none */
  readonly lastOpen: number | null;
}

export const historyOf = (candles: readonly Candle[]): SparklineHistory => ({
  closes: candles.map((candle) => candle.close),
  lastOpen: candles.at(-1)?.time ?? null,
});

/**
 * The points of a sparkline: the candles' closes, ending at the live price. While the last candle
 * is still forming, the live price is its close; once a newer period started, the live price is
 * the next point. A ticker older than the last candle adds nothing.
 */
export function sparklineCloses(
  history: SparklineHistory,
  ticker: Pick<Ticker, 'last_price' | 'time'> | undefined,
  periodMs: number,
): readonly string[] {
  const { closes, lastOpen } = history;
  if (ticker === undefined) return closes;
  if (lastOpen === null) return [ticker.last_price];
  if (ticker.time < lastOpen) return closes;
  if (ticker.time < lastOpen + periodMs) return [...closes.slice(0, -1), ticker.last_price];
  return [...closes, ticker.last_price];
}

/** A symbol with its ticker, as the top movers list shows it. */
export interface Mover {
  readonly symbol: SymbolInfo;
  readonly ticker: Ticker;
}

/** How many symbols the top movers list shows. */
export const MOVERS_COUNT = 3;

/**
 * The symbols that rose most (or fell least) over the last 24 h, across every category: the
 * highest change rates first, compared as decimals. Ties keep the list order.
 */
export function topMovers(
  symbols: readonly SymbolInfo[],
  tickers: Readonly<Record<string, Ticker>>,
  count = MOVERS_COUNT,
): Mover[] {
  const ranked: { mover: Mover; position: number }[] = [];
  symbols.forEach((symbol, position) => {
    const ticker = tickers[symbol.id];
    // a rate that is not a number does not rank
    if (ticker === undefined || compareDecimals(ticker.change_rate, '0') === null) return;
    ranked.push({ mover: { symbol, ticker }, position });
  });
  return ranked
    .sort(
      (a, b) =>
        (compareDecimals(b.mover.ticker.change_rate, a.mover.ticker.change_rate) ?? 0) ||
        a.position - b.position,
    )
    .slice(0, count)
    .map((entry) => entry.mover);
}

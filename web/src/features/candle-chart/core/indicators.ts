import Decimal from 'decimal.js';
import type { Candle } from './columns.ts';

/** The moving averages the chart draws, by window length. */
export const MA_WINDOWS = [5, 10, 30] as const;
export type MaWindow = (typeof MA_WINDOWS)[number];

/**
 * The simple moving average of the first `count` values over `window` values, for drawing:
 * NaN where fewer than `window` values precede. One pass with a running sum; the sum is taken
 * afresh every `window` steps so that rounding does not build up over long series.
 */
export function movingAverage(
  values: Float64Array,
  count: number,
  window: number,
  into: Float64Array = new Float64Array(count),
): Float64Array {
  let sum = 0;
  for (let i = 0; i < count; i++) {
    sum += values[i] ?? 0;
    if (i >= window) sum -= values[i - window] ?? 0;
    if (i >= window && i % window === 0) {
      sum = 0;
      for (let j = i - window + 1; j <= i; j++) sum += values[j] ?? 0;
    }
    into[i] = i >= window - 1 ? sum / window : Number.NaN;
  }
  return into;
}

/** The moving average at one index only (a live candle changed the newest value). */
export function movingAverageAt(values: Float64Array, index: number, window: number): number {
  if (index < window - 1) return Number.NaN;
  let sum = 0;
  for (let j = index - window + 1; j <= index; j++) sum += values[j] ?? 0;
  return sum / window;
}

/** How many decimals a decimal string is written with. */
export function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/**
 * The moving average of closes at candle `index`, exactly, as a decimal string with the
 * decimals of the prices (what a legend shows); null where fewer than `window` candles precede.
 */
export function movingAverageText(
  candles: readonly Candle[],
  index: number,
  window: number,
): string | null {
  if (index < window - 1 || index >= candles.length) return null;
  let sum = new Decimal(0);
  let decimals = 0;
  for (let j = index - window + 1; j <= index; j++) {
    const close = (candles[j] as Candle).close;
    sum = sum.plus(close);
    decimals = Math.max(decimals, decimalsOf(close));
  }
  return sum.dividedBy(window).toFixed(decimals, Decimal.ROUND_HALF_UP);
}

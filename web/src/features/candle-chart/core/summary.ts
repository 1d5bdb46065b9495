import Decimal from 'decimal.js';
import type { Candle } from './columns.ts';
import { decimalsOf } from './indicators.ts';

/** A change between two prices, exactly: the difference and its percentage, signed. */
export interface PriceChange {
  /** e.g. "+12.50" or "-0.0031", with the prices' decimals */
  readonly change: string;
  /** e.g. "+1.29" (percent, two decimals) */
  readonly rate: string;
  readonly direction: 'up' | 'down' | 'flat';
}

const signed = (value: Decimal, decimals: number) => {
  const text = value.toFixed(decimals, Decimal.ROUND_HALF_UP);
  return value.isPositive() && !value.isZero() ? `+${text}` : text;
};

/** From `from` to `to` (decimal strings): the change in the prices' decimals and in percent. */
export function priceChange(from: string, to: string): PriceChange {
  const start = new Decimal(from);
  const change = new Decimal(to).minus(start);
  const decimals = Math.max(decimalsOf(from), decimalsOf(to));
  const rate = start.isZero() ? new Decimal(0) : change.dividedBy(start).times(100);
  return {
    change: signed(change, decimals),
    rate: signed(rate, 2),
    direction: change.isZero() ? 'flat' : change.isPositive() ? 'up' : 'down',
  };
}

/** A candle's change: against the close before it, or its own open for the oldest. */
export const candleChange = (candle: Candle, previousClose: string | null): PriceChange =>
  priceChange(previousClose ?? candle.open, candle.close);

/** What the text summary says about the candles on screen. */
export interface RangeSummary {
  readonly fromTime: number;
  readonly toTime: number;
  readonly count: number;
  readonly lastClose: string;
  /** from the first candle's open to the last candle's close */
  readonly change: PriceChange;
  readonly high: string;
  readonly low: string;
}

/** The first index whose time is at least `time` (candles oldest first). */
function lowerBound(candles: readonly Candle[], time: number): number {
  let low = 0;
  let high = candles.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((candles[mid] as Candle).time < time) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The candles from `fromTime` to `toTime` (opening times, inclusive) summed up in their own
 * decimal strings: null when none lies there.
 */
export function summarizeRange(
  candles: readonly Candle[],
  fromTime: number,
  toTime: number,
): RangeSummary | null {
  const from = lowerBound(candles, fromTime);
  const to = lowerBound(candles, toTime + 1) - 1;
  if (from > to || from >= candles.length) return null;
  const first = candles[from] as Candle;
  const last = candles[to] as Candle;
  let high = first.high;
  let low = first.low;
  let highValue = new Decimal(high);
  let lowValue = new Decimal(low);
  for (let i = from + 1; i <= to; i++) {
    const candle = candles[i] as Candle;
    if (highValue.lessThan(candle.high)) {
      high = candle.high;
      highValue = new Decimal(high);
    }
    if (lowValue.greaterThan(candle.low)) {
      low = candle.low;
      lowValue = new Decimal(low);
    }
  }
  return {
    fromTime: first.time,
    toTime: last.time,
    count: to - from + 1,
    lastClose: last.close,
    change: priceChange(first.open, last.close),
    high,
    low,
  };
}

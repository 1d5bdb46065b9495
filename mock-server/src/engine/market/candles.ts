import type { Candle, KlinePeriod } from '@bourse/protocol';
import Decimal from 'decimal.js';
import { DAY_MS, formatPrice, MINUTE_MS, PriceProcess } from './price-process.ts';

/**
 * Candles. 1m..4h are aggregates of 1m candles, and each 1m candle is the aggregate of the
 * process's 60 second ticks. 1d, 1w and 1M are built from day candles whose open and close are
 * the process's day levels (so they match the minutes exactly); their high/low come from the
 * minutes only for days at or after `detailFrom` and are synthesised from the day's own seed
 * before it, so 1 000 monthly candles cost ~30 000 cheap day draws instead of 80 years of
 * seconds. Volumes are integers of 0.0001 units, so sums are exact.
 */
interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** in 0.0001 units */
  volume: number;
}

const FIXED_MS: Partial<Record<KlinePeriod, number>> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '30m': 30 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '4h': 240 * MINUTE_MS,
  '1d': DAY_MS,
};

/** opening time of the period containing t (UTC; weeks start Monday, months on the 1st) */
export const periodStart = (period: KlinePeriod, t: number): number => {
  const fixed = FIXED_MS[period];
  if (fixed) return Math.floor(t / fixed) * fixed;
  const day = Math.floor(t / DAY_MS);
  if (period === '1w') return (day - ((((day + 3) % 7) + 7) % 7)) * DAY_MS;
  const date = new Date(t);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};

/** opening time of the period before the one opening at start */
const previousStart = (period: KlinePeriod, start: number): number =>
  periodStart(period, start - 1);

const merge = (bars: Bar[], time: number): Bar => {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (!first || !last) throw new RangeError('no bars');
  let high = -Infinity;
  let low = Infinity;
  let volume = 0;
  for (const bar of bars) {
    high = Math.max(high, bar.high);
    low = Math.min(low, bar.low);
    volume += bar.volume;
  }
  return { time, open: first.open, high, low, close: last.close, volume };
};

export interface HistoryOptions {
  /** the newest candle is the one containing this time (ms) */
  to: number;
  /** how many candles, oldest first; 1000 unless told */
  limit?: number;
}

export class CandleBook {
  private readonly processes = new Map<string, PriceProcess>();

  constructor(
    private readonly seed: number,
    /** days from here on get exact high/low from their minutes */
    private readonly detailFrom: number,
  ) {}

  process(symbolId: string): PriceProcess {
    let process = this.processes.get(symbolId);
    if (!process) {
      process = new PriceProcess(this.seed, symbolId);
      this.processes.set(symbolId, process);
    }
    return process;
  }

  minuteBar(process: PriceProcess, time: number): Bar {
    const index = Math.floor(time / MINUTE_MS);
    const levels = process.secondLevels(index);
    const ref = process.spec.referencePrice;
    let high = -Infinity;
    let low = Infinity;
    for (let s = 0; s < 60; s++) {
      const level = levels[s] ?? 0;
      high = Math.max(high, level);
      low = Math.min(low, level);
    }
    const close = levels[60] ?? 0;
    high = Math.max(high, close);
    low = Math.min(low, close);
    const moved = high - low;
    // volume follows activity: none while closed
    const volume = moved === 0 ? 0 : Math.round((moved / process.spec.volatility) * 1e9);
    return {
      time: index * MINUTE_MS,
      open: ref * Math.exp(levels[0] ?? 0),
      high: ref * Math.exp(high),
      low: ref * Math.exp(low),
      close: ref * Math.exp(close),
      volume,
    };
  }

  dayBar(process: PriceProcess, day: number): Bar {
    const time = day * DAY_MS;
    if (time >= Math.floor(this.detailFrom / DAY_MS) * DAY_MS) {
      const bars: Bar[] = [];
      for (let m = 0; m < 1440; m++) bars.push(this.minuteBar(process, time + m * MINUTE_MS));
      return merge(bars, time);
    }
    const ref = process.spec.referencePrice;
    const open = process.dayLevel(day);
    const close = process.dayLevel(day + 1);
    const { openMinutes } = process.dayReturn(day);
    const sigma = (process.spec.volatility / Math.sqrt(365.25 * 1440)) * Math.sqrt(openMinutes);
    // a cheap, seeded stand-in for the day's excursions beyond its open and close
    const [up, down] = process.dayExcursion(day);
    const high = Math.max(open, close) + (openMinutes > 0 ? up * sigma : 0);
    const low = Math.min(open, close) - (openMinutes > 0 ? down * sigma : 0);
    const wiggle = up + down;
    return {
      time,
      open: ref * Math.exp(open),
      high: ref * Math.exp(high),
      low: ref * Math.exp(low),
      close: ref * Math.exp(close),
      volume: Math.round(openMinutes * 1e4 * (1 + wiggle)),
    };
  }

  private bar(process: PriceProcess, period: KlinePeriod, start: number): Bar {
    if (period === '1m') return this.minuteBar(process, start);
    if (period === '1d') return this.dayBar(process, start / DAY_MS);
    const end =
      period === '1w' || period === '1M'
        ? nextStart(period, start)
        : start + (FIXED_MS[period] ?? 0);
    const bars: Bar[] = [];
    if (period === '1w' || period === '1M') {
      for (let t = start; t < end; t += DAY_MS) bars.push(this.dayBar(process, t / DAY_MS));
    } else {
      for (let t = start; t < end; t += MINUTE_MS) bars.push(this.minuteBar(process, t));
    }
    return merge(bars, start);
  }

  /** the newest `limit` candles of a symbol and period, oldest first, the last containing `to` */
  history(symbolId: string, period: KlinePeriod, { to, limit = 1000 }: HistoryOptions): Candle[] {
    const process = this.process(symbolId);
    const starts: number[] = [];
    let start = periodStart(period, to);
    for (let i = 0; i < limit; i++) {
      starts.push(start);
      start = previousStart(period, start);
    }
    const precision = process.spec.pricePrecision;
    return starts.reverse().map((s) => {
      const bar = this.bar(process, period, s);
      return {
        time: bar.time,
        open: formatPrice(bar.open, precision),
        high: formatPrice(bar.high, precision),
        low: formatPrice(bar.low, precision),
        close: formatPrice(bar.close, precision),
        volume: new Decimal(bar.volume).div(10_000).toFixed(4),
      };
    });
  }
}

const nextStart = (period: KlinePeriod, start: number): number => {
  if (period === '1w') return start + 7 * DAY_MS;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
};

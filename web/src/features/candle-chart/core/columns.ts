import type { Candle } from '@bourse/protocol';

export type { Candle };

/** What a live candle did to the series. */
export type CandleMerge = 'updated' | 'appended' | 'ignored';

const FIELDS = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;

const MIN_CAPACITY = 64;

/**
 * Candles as the canvas draws them: one Float64Array per field, oldest first, converted from the
 * decimal strings once. The strings stay beside them (`candles`): readouts show those, never a
 * float written back as money. Arrays keep spare room at the end, so that a live candle that
 * opens a new period is appended without copying the series.
 */
export class CandleColumns {
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  /** the candles as they arrived, index for index with the columns */
  readonly candles: Candle[];

  private constructor(candles: Candle[], capacity: number) {
    this.candles = candles;
    this.time = new Float64Array(capacity);
    this.open = new Float64Array(capacity);
    this.high = new Float64Array(capacity);
    this.low = new Float64Array(capacity);
    this.close = new Float64Array(capacity);
    this.volume = new Float64Array(capacity);
    for (let i = 0; i < candles.length; i++) this.write(i, candles[i] as Candle);
  }

  /** The columns of candles given oldest first (as getLogData returns them). */
  static from(candles: readonly Candle[]): CandleColumns {
    return new CandleColumns([...candles], Math.max(MIN_CAPACITY, candles.length * 2));
  }

  get length(): number {
    return this.candles.length;
  }

  /** The opening time of the newest candle; NaN when there is none. */
  get lastTime(): number {
    return this.candles.length === 0 ? Number.NaN : (this.time[this.candles.length - 1] ?? NaN);
  }

  /** The opening time of the oldest candle; NaN when there is none. */
  get firstTime(): number {
    return this.candles.length === 0 ? Number.NaN : (this.time[0] ?? NaN);
  }

  /**
   * Applies a live candle: it replaces the newest one when it has the same opening time, is
   * appended when it is newer, and is ignored when it is older (a late push).
   */
  upsert(candle: Candle): CandleMerge {
    const last = this.length - 1;
    if (last >= 0) {
      const lastTime = this.time[last] ?? 0;
      if (candle.time < lastTime) return 'ignored';
      if (candle.time === lastTime) {
        this.candles[last] = candle;
        this.write(last, candle);
        return 'updated';
      }
    }
    if (this.length === this.time.length) this.grow(this.length * 2, 0);
    this.candles.push(candle);
    this.write(this.length - 1, candle);
    return 'appended';
  }

  /**
   * Puts older candles (oldest first) before the series; those not older than the current first
   * candle are dropped. Returns how many were added.
   */
  prepend(older: readonly Candle[]): number {
    const first = this.length === 0 ? Number.POSITIVE_INFINITY : this.firstTime;
    const added = older.filter((candle) => candle.time < first);
    if (added.length === 0) return 0;
    this.grow(Math.max(MIN_CAPACITY, (this.length + added.length) * 2), added.length);
    this.candles.unshift(...added);
    for (let i = 0; i < added.length; i++) this.write(i, added[i] as Candle);
    return added.length;
  }

  private write(index: number, candle: Candle) {
    this.time[index] = candle.time;
    this.open[index] = Number(candle.open);
    this.high[index] = Number(candle.high);
    this.low[index] = Number(candle.low);
    this.close[index] = Number(candle.close);
    this.volume[index] = Number(candle.volume);
  }

  /** New arrays of `capacity`, the current values moved `shift` places to the right. */
  private grow(capacity: number, shift: number) {
    for (const field of FIELDS) {
      const next = new Float64Array(capacity);
      next.set(this[field].subarray(0, this.length), shift);
      this[field] = next;
    }
  }
}

/**
 * A live candle applied to a list of candles (the page model's copy): replaces the newest when
 * it has its opening time, is appended when newer, and leaves the list as it is when older.
 */
export function mergeLiveCandle(candles: readonly Candle[], candle: Candle): readonly Candle[] {
  const last = candles.at(-1);
  if (last === undefined || candle.time > last.time) return [...candles, candle];
  if (candle.time === last.time) return [...candles.slice(0, -1), candle];
  return candles;
}

/** Older candles put before a list; those not older than its first candle are dropped. */
export function prependCandles(
  candles: readonly Candle[],
  older: readonly Candle[],
): readonly Candle[] {
  const first = candles[0];
  const added = first === undefined ? older : older.filter((candle) => candle.time < first.time);
  return added.length === 0 ? candles : [...added, ...candles];
}

/** How a list of candles changed: what a chart must be told. */
export type CandlesChange =
  | { readonly kind: 'none' }
  /** anything else: draw the new list from scratch */
  | { readonly kind: 'reset' }
  /** older candles put in front and live candles updated or appended after, in order */
  | {
      readonly kind: 'edit';
      readonly prepended: readonly Candle[];
      readonly live: readonly Candle[];
    };

/**
 * What changed from `previous` to `next` (the page model's lists, which keep the candle objects
 * they did not change): older candles in front and the live candle at the end are edits, the
 * rest a reset.
 */
export function candlesChange(previous: readonly Candle[], next: readonly Candle[]): CandlesChange {
  if (previous === next) return { kind: 'none' };
  const first = previous[0];
  // where the previous first candle is now: 0, or past the older candles put in front
  const shift = first === undefined ? -1 : next.indexOf(first);
  const kept = previous.length - 1;
  if (shift < 0 || kept > next.length - shift || next[shift + kept - 1] !== previous[kept - 1]) {
    return { kind: 'reset' };
  }
  const live: Candle[] = [];
  for (let i = shift + kept; i < next.length; i++) {
    if (next[i] !== previous[i - shift]) live.push(next[i] as Candle);
  }
  return { kind: 'edit', prepended: next.slice(0, shift), live };
}

/** A bar in numbers, as charting benchmarks generate them (`time` in ms). */
export interface NumericBar {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

/**
 * The protocol's candle for a bar given in numbers, written with `precision` decimals (volume
 * with `volumePrecision`): how synthetic data for a benchmark or a demo becomes what the wire
 * carries.
 */
export function candleFromBar(bar: NumericBar, precision = 2, volumePrecision = 4): Candle {
  return {
    time: bar.time,
    open: bar.open.toFixed(precision),
    high: bar.high.toFixed(precision),
    low: bar.low.toFixed(precision),
    close: bar.close.toFixed(precision),
    volume: bar.volume.toFixed(volumePrecision),
  };
}

import type { Candle, KlinePeriod } from '@bourse/protocol';
import { anchorAt, countUpTo, type Anchor } from './overrides.ts';
import { Memo } from './draws.ts';
import { PriceProcess } from './price-process.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, type Span } from './spans.ts';
import { formatPrice } from './symbol-spec.ts';

/**
 * Candles of every period, built from the process's days, hours, minutes and seconds (see
 * price-process.ts) with the control API's overrides laid over them. A candle exists only for a
 * period in which the market was open; the one still forming holds the ticks up to now and no
 * further. Finished candles are memoised.
 */

/** A candle in log levels (relative to the reference price), volume in 0.0001 units. */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** turnover in the quote currency */
  amount: number;
}

const FIXED_MS: Partial<Record<KlinePeriod, number>> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '30m': 30 * MINUTE_MS,
  '1h': HOUR_MS,
  '4h': 4 * HOUR_MS,
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

/** opening time of the period after the one opening at start */
export const nextStart = (period: KlinePeriod, start: number): number => {
  const fixed = FIXED_MS[period];
  if (fixed) return start + fixed;
  if (period === '1w') return start + 7 * DAY_MS;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
};

/** opening time of the period before the one opening at start */
export const previousStart = (period: KlinePeriod, start: number): number =>
  periodStart(period, start - 1);

export const merge = (bars: readonly (Bar | null)[], time: number): Bar | null => {
  let result: Bar | null = null;
  for (const bar of bars) {
    if (!bar) continue;
    if (!result) {
      result = { ...bar, time };
      continue;
    }
    result.high = Math.max(result.high, bar.high);
    result.low = Math.min(result.low, bar.low);
    result.close = bar.close;
    result.volume += bar.volume;
    result.amount += bar.amount;
  }
  return result;
};

type Unit = 'day' | 'hour' | 'minute';
const UNIT_MS: Record<Unit, number> = { day: DAY_MS, hour: HOUR_MS, minute: MINUTE_MS };

interface Segment {
  at: number;
  follow: boolean;
  /** follow: added to the process's level; hold: the level itself */
  shift: number;
}

export interface HistoryOptions {
  /** the window's first candle opening time (inclusive); none means as far back as needed */
  from?: number | undefined;
  /** the window's last candle opening time (inclusive); later than now means now */
  to?: number | undefined;
  /** the newest `limit` candles of the window */
  limit: number;
  /** the simulated time: nothing after it exists and the candle containing it is forming */
  now: number;
}

/** One symbol: its process and the overrides over it. */
export class Track {
  private segments: Segment[] = [];
  /** changes whenever the overrides do, so memoised candles of the old ones are not reused */
  revision = 0;

  constructor(readonly process: PriceProcess) {}

  get ref(): number {
    return this.process.spec.referencePrice;
  }

  setAnchors(anchors: readonly Anchor[]): void {
    this.segments = anchors.map((anchor) => {
      const level = Math.log(Number(anchor.price) / this.ref);
      return anchor.mode === 'hold'
        ? { at: anchor.at, follow: false, shift: level }
        : { at: anchor.at, follow: true, shift: level - this.process.levelAt(anchor.at) };
    });
    this.revision += 1;
  }

  private segmentAt(t: number): Segment | null {
    return anchorAt(this.segments, t);
  }

  /** whether an override starts in (start, end] */
  private changesWithin(start: number, end: number): boolean {
    return countUpTo(this.segments, end) > countUpTo(this.segments, start);
  }

  /** the level in force at t, overrides applied */
  level(t: number): number {
    return this.apply(this.process.levelAt(t), this.segmentAt(t));
  }

  private apply(level: number, segment: Segment | null): number {
    if (!segment) return level;
    return segment.follow ? level + segment.shift : segment.shift;
  }

  price(level: number): number {
    return this.ref * Math.exp(level);
  }

  private spanBar(span: Span, time: number, segment: Segment | null): Bar {
    const held = segment !== null && !segment.follow;
    const shift = segment?.shift ?? 0;
    const open = held ? shift : span.open + shift;
    const close = held ? shift : span.close + shift;
    const high = held ? shift : span.high + shift;
    const low = held ? shift : span.low + shift;
    const volume = held ? 0 : span.volume;
    const typical = this.price((open + close + high + low) / 4);
    return { time, open, high, low, close, volume, amount: (volume / 1e4) * typical };
  }

  /**
   * A minute from its seconds `first` to `last` (0..60): the partial minute at now, a minute an
   * override starts in, or the start of a 24 h window. Volume accrues by the second.
   */
  seconds(minuteIndex: number, first: number, last: number): Bar | null {
    const span = this.process.minute(minuteIndex);
    if (span.minutes === 0) return null;
    const start = minuteIndex * MINUTE_MS;
    const levels = this.process.secondLevels(minuteIndex);
    let high = -Infinity;
    let low = Infinity;
    let open = 0;
    let close = 0;
    let trading = 0;
    for (let s = first; s <= last; s++) {
      const segment = this.segmentAt(start + s * 1000);
      const level = this.apply(levels[s] ?? 0, segment);
      if (s === first) open = level;
      close = level;
      high = Math.max(high, level);
      low = Math.min(low, level);
      if (s < last && (segment === null || segment.follow)) trading += 1;
    }
    const volume = Math.floor((span.volume * trading) / 60);
    const amount = (volume / 1e4) * this.price(close);
    return { time: start, open, high, low, close, volume, amount };
  }

  /** One day, hour or minute (by index since the epoch) as it stands at `until`. */
  unit(unit: Unit, index: number, until: number): Bar | null {
    const size = UNIT_MS[unit];
    const start = index * size;
    if (start > until) return null;
    const end = start + size;
    const complete = end <= until;
    const upTo = complete ? end : until;
    if (unit === 'minute') {
      if (complete && !this.changesWithin(start, end)) {
        const span = this.process.minute(index);
        return span.minutes === 0 ? null : this.spanBar(span, start, this.segmentAt(start));
      }
      return this.seconds(index, 0, Math.min(60, Math.floor((upTo - start) / 1000)));
    }
    if (complete && !this.changesWithin(start, end)) {
      const span = unit === 'day' ? this.process.day(index) : this.process.hour(index);
      return span.minutes === 0 ? null : this.spanBar(span, start, this.segmentAt(start));
    }
    const child: Unit = unit === 'day' ? 'hour' : 'minute';
    const count = unit === 'day' ? 24 : 60;
    const parts: (Bar | null)[] = [];
    for (let i = 0; i < count; i++) {
      if (start + (i * size) / count > until) break;
      parts.push(this.unit(child, index * count + i, until));
    }
    return merge(parts, start);
  }

  /** [start, end) as one bar, from the largest whole units that fit */
  range(start: number, end: number, until: number): Bar | null {
    const parts: (Bar | null)[] = [];
    for (let t = start; t < end;) {
      const unit: Unit =
        t % DAY_MS === 0 && t + DAY_MS <= end
          ? 'day'
          : t % HOUR_MS === 0 && t + HOUR_MS <= end
            ? 'hour'
            : 'minute';
      parts.push(this.unit(unit, Math.floor(t / UNIT_MS[unit]), until));
      t += UNIT_MS[unit];
    }
    return merge(parts, start);
  }

  /**
   * The first whole second in (from, to] whose level is at or above `above` or at or below
   * `below` (levels, as `level` gives them), or null. It looks at a day, an hour, a minute only
   * where its high or low reaches a level (or an override starts in it), so a long stretch costs
   * a few bars, not a level per second.
   */
  firstCrossing(
    from: number,
    to: number,
    above: number | null,
    below: number | null,
  ): number | null {
    const first = Math.floor(from / 1000) * 1000 + 1000;
    if (first > to) return null;
    const reaches = (level: number): boolean =>
      (above !== null && level >= above) || (below !== null && level <= below);
    const walk = (unit: Unit | 'second', index: number): number | null => {
      if (unit === 'second') {
        const t = index * 1000;
        return t >= first && t <= to && reaches(this.level(t)) ? t : null;
      }
      const size = UNIT_MS[unit];
      const start = index * size;
      const end = start + size;
      if (end <= first || start > to) return null;
      const bar = this.unit(unit, index, to);
      // a closed stretch does not move, but an override inside it can
      const moved = this.changesWithin(Math.max(start, first) - 1, Math.min(end - 1, to));
      const touched = bar !== null && (reaches(bar.high) || reaches(bar.low));
      if (!touched && !moved && !(start <= first && reaches(this.level(first)))) return null;
      const child: Unit | 'second' =
        unit === 'day' ? 'hour' : unit === 'hour' ? 'minute' : 'second';
      const childSize = child === 'second' ? 1000 : UNIT_MS[child];
      const from_ = Math.max(start, Math.floor(first / childSize) * childSize);
      for (let t = from_; t < end && t <= to; t += childSize) {
        const found = walk(child, Math.floor(t / childSize));
        if (found !== null) return found;
      }
      return null;
    };
    // begin with the smallest unit that holds the whole stretch
    const top: Unit =
      Math.floor(first / MINUTE_MS) === Math.floor(to / MINUTE_MS)
        ? 'minute'
        : Math.floor(first / HOUR_MS) === Math.floor(to / HOUR_MS)
          ? 'hour'
          : 'day';
    const size = UNIT_MS[top];
    for (let t = Math.floor(first / size) * size; t <= to; t += size) {
      const found = walk(top, Math.floor(t / size));
      if (found !== null) return found;
    }
    return null;
  }

  /** the candle of a period opening at start, as it stands at `until` */
  periodBar(period: KlinePeriod, start: number, until: number): Bar | null {
    return this.range(start, Math.min(nextStart(period, start), until + MINUTE_MS), until);
  }

  toCandle(bar: Bar): Candle {
    const precision = this.process.spec.pricePrecision;
    return {
      time: bar.time,
      open: formatPrice(this.price(bar.open), precision),
      high: formatPrice(this.price(bar.high), precision),
      low: formatPrice(this.price(bar.low), precision),
      close: formatPrice(this.price(bar.close), precision),
      volume: formatVolume(bar.volume),
    };
  }
}

/** 0.0001 units as a decimal string with four places */
export const formatVolume = (units: number): string => {
  const digits = String(Math.round(units)).padStart(5, '0');
  return `${digits.slice(0, -4)}.${digits.slice(-4)}`;
};

/** Candles of every symbol, memoised once finished. */
/** Where simulated history begins: early enough for 1 000 monthly candles (1900-01-01 UTC). */
export const HISTORY_START = Date.UTC(1900, 0, 1);

export class CandleBook {
  private readonly tracks = new Map<string, Track>();
  private readonly finished = new Memo<string, Candle>(200_000);

  constructor(private readonly seed: number) {}

  track(symbolId: string): Track {
    let track = this.tracks.get(symbolId);
    if (!track) {
      track = new Track(new PriceProcess(this.seed, symbolId));
      this.tracks.set(symbolId, track);
    }
    return track;
  }

  /** the candle of a period opening at start, as it stands at now (null if nothing traded) */
  candle(symbolId: string, period: KlinePeriod, start: number, now: number): Candle | null {
    const track = this.track(symbolId);
    const done = nextStart(period, start) <= now;
    const key = `${symbolId}|${String(track.revision)}|${period}|${String(start)}`;
    if (done) {
      const cached = this.finished.get(key);
      if (cached) return cached;
    }
    const bar = track.periodBar(period, start, now);
    if (!bar) return null;
    const candle = track.toCandle(bar);
    if (done) this.finished.set(key, candle);
    return candle;
  }

  /**
   * The newest `limit` candles of a window, oldest first. Periods in which the market did not
   * trade have no candle and are skipped; nothing opens before HISTORY_START.
   */
  history(symbolId: string, period: KlinePeriod, options: HistoryOptions): Candle[] {
    const { now, limit } = options;
    const track = this.track(symbolId);
    const to = Math.min(options.to ?? now, now);
    const floor = Math.max(options.from ?? HISTORY_START, HISTORY_START);
    const out: Candle[] = [];
    for (
      let start = periodStart(period, to);
      out.length < limit && start >= floor;
      start = previousStart(period, start)
    ) {
      const end = Math.min(
        nextStart(period, start),
        Math.floor(now / MINUTE_MS) * MINUTE_MS + MINUTE_MS,
      );
      if (track.process.openMinutesBetween(start, end) === 0) continue;
      const candle = this.candle(symbolId, period, start, now);
      if (candle) out.push(candle);
    }
    return out.reverse();
  }

  /** the newest candle at now: the forming one, or the last before the market closed */
  current(symbolId: string, period: KlinePeriod, now: number): Candle | null {
    return this.history(symbolId, period, { now, limit: 1 })[0] ?? null;
  }
}

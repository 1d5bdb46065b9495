import { SeededRandom } from '../random.ts';
import {
  bridgeHigh,
  bridgeLow,
  expDraw,
  extremeAt,
  fnv1a,
  Memo,
  mix,
  normal,
  reflect,
} from './draws.ts';
import {
  ANCHOR_DAY,
  DAY_MS,
  MINUTE_MS,
  spanOf,
  type Children,
  type Day,
  type Span,
} from './spans.ts';
import {
  DAILY_TURNOVER,
  formatPrice,
  OPEN_SECONDS_PER_YEAR,
  symbolSpec,
  type SymbolSpec,
} from './symbol-spec.ts';
import { openCalendar, type OpenCalendar } from './trading-hours.ts';

/**
 * The seeded price process: geometric Brownian motion on the market's open seconds, with rare
 * sudden jumps. It is random-access and built top-down, so that history and live ticks are one
 * path and every candle is exactly the aggregate of its parts:
 *
 *   day    – its log return (a draw per day) and its high and low (drawn from the exact law of a
 *            Brownian bridge's extremes), levels anchored at ANCHOR_DAY;
 *   hours  – a bridge of the day over its 24 hours, weighted by open minutes and kept inside the
 *            day's range; each hour draws its own extremes inside the day's, and the hour that
 *            drew the highest (lowest) carries the day's high (low) exactly;
 *   minutes – the same inside an hour;
 *   seconds – a bridge of the minute that passes through the minute's high and low.
 *
 * So a day candle costs a few draws however far back it is, an hour candle a table of 24, and a
 * minute candle a table of 60, yet a day's high is the highest of its hours, which is the
 * highest of their minutes, which is the highest tick. Volumes are integers (of 0.0001 units)
 * split from the day down, so they add up exactly too. A jump is a step at one second of one
 * open minute. Closed minutes do not move.
 */
/** chance that an open day carries a jump, and its size in daily σ */
const JUMP_CHANCE = 0.03;
const JUMP_SIZE = 2.5;

export class PriceProcess {
  readonly spec: SymbolSpec;
  private readonly symbolSeed: number;
  /** variance of the log level per open minute */
  private readonly minuteVariance: number;
  private readonly secondSigma: number;
  /** volume per open minute, in 0.0001 units */
  private readonly minuteVolume: number;
  private readonly dayLevels = new Map<number, number>();
  private readonly dayReturns = new Memo<number, { ret: number; jump: number; minutes: number }>(
    40_000,
  );
  private readonly days = new Memo<number, Day>(40_000);
  private readonly hourTables = new Memo<number, Children>(2_000);
  private readonly minuteTables = new Memo<number, Children>(4_000);
  private readonly secondTables = new Memo<number, Float64Array>(512);
  private readonly calendar: OpenCalendar;

  constructor(seed: number, symbolId: string) {
    const spec = symbolSpec(symbolId);
    if (!spec) throw new RangeError(`no symbol ${symbolId}`);
    this.spec = spec;
    this.calendar = openCalendar(spec.category, spec.timeZone);
    this.symbolSeed = fnv1a(`${String(seed >>> 0)}:${symbolId}`);
    const perSecond = spec.volatility / Math.sqrt(OPEN_SECONDS_PER_YEAR[spec.category]);
    this.secondSigma = perSecond;
    this.minuteVariance = perSecond * perSecond * 60;
    const spread = 0.5 + new SeededRandom(this.symbolSeed).next();
    this.minuteVolume = Math.round(
      ((DAILY_TURNOVER[spec.category] * spread) / spec.referencePrice / 1440) * 1e4,
    );
  }

  /** the open-minute prefix table of a UTC day */
  openPrefix(day: number): Uint16Array {
    return this.calendar.prefix(day);
  }

  /** open minutes in [start, end), both whole minutes within one UTC day or across days */
  openMinutesBetween(start: number, end: number): number {
    let count = 0;
    for (let t = start; t < end;) {
      const day = Math.floor(t / DAY_MS);
      const dayEnd = (day + 1) * DAY_MS;
      const prefix = this.openPrefix(day);
      const from = Math.floor((t - day * DAY_MS) / MINUTE_MS);
      const to = Math.ceil((Math.min(end, dayEnd) - day * DAY_MS) / MINUTE_MS);
      count += (prefix[to] ?? 0) - (prefix[from] ?? 0);
      t = dayEnd;
    }
    return count;
  }

  /**
   * The end of the last open minute that began before t, looking back at most `days` days; null
   * when the market did not trade in that time. Stocks and forex use it to quote their last
   * session while closed.
   */
  lastTradeEnd(t: number, days = 10): number | null {
    const minute = Math.floor(t / MINUTE_MS) * MINUTE_MS;
    for (let day = Math.floor(minute / DAY_MS), n = 0; n <= days; day--, n++) {
      const prefix = this.openPrefix(day);
      // minutes of this day that began before t
      const upTo = Math.min(1440, Math.ceil((t - day * DAY_MS) / MINUTE_MS));
      const open = prefix[upTo] ?? 0;
      if (open === 0) continue;
      // the last minute m < upTo with prefix[m + 1] === open
      let lo = 0;
      let hi = upTo - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((prefix[mid + 1] ?? 0) >= open) hi = mid;
        else lo = mid + 1;
      }
      return day * DAY_MS + (lo + 1) * MINUTE_MS;
    }
    return null;
  }

  isOpen(t: number): boolean {
    const minute = Math.floor(t / MINUTE_MS) * MINUTE_MS;
    return this.openMinutesBetween(minute, minute + MINUTE_MS) > 0;
  }

  private dayReturn(day: number): { ret: number; jump: number; minutes: number } {
    const cached = this.dayReturns.get(day);
    if (cached) return cached;
    const minutes = this.openPrefix(day)[1440] ?? 0;
    let ret = 0;
    let jump = 0;
    if (minutes > 0) {
      const random = new SeededRandom(mix(this.symbolSeed, day));
      const sigmaDay = Math.sqrt(this.minuteVariance * minutes);
      ret = normal(random) * sigmaDay - (sigmaDay * sigmaDay) / 2;
      if (random.next() < JUMP_CHANCE) {
        jump = (random.next() < 0.5 ? -1 : 1) * JUMP_SIZE * sigmaDay * (0.6 + random.next());
      }
    }
    return this.dayReturns.set(day, { ret: ret + jump, jump, minutes });
  }

  /** log level (relative to the reference price) at the start of a UTC day */
  dayLevel(day: number): number {
    const cached = this.dayLevels.get(day);
    if (cached !== undefined) return cached;
    // walk from the nearest known level (the anchor at worst) and remember every step
    let d = day;
    let level: number;
    if (day >= ANCHOR_DAY) {
      while (d > ANCHOR_DAY && !this.dayLevels.has(d)) d--;
      level = d === ANCHOR_DAY ? 0 : (this.dayLevels.get(d) ?? 0);
      for (; d < day; d++) {
        this.dayLevels.set(d, level);
        level += this.dayReturn(d).ret;
      }
    } else {
      while (d < ANCHOR_DAY && !this.dayLevels.has(d)) d++;
      level = d === ANCHOR_DAY ? 0 : (this.dayLevels.get(d) ?? 0);
      for (; d > day; d--) {
        this.dayLevels.set(d, level);
        level -= this.dayReturn(d - 1).ret;
      }
    }
    this.dayLevels.set(day, level);
    return level;
  }

  /** a UTC day as one span, with its jump */
  day(day: number): Day {
    const cached = this.days.get(day);
    if (cached) return cached;
    const { jump, minutes } = this.dayReturn(day);
    const open = this.dayLevel(day);
    const close = this.dayLevel(day + 1);
    if (minutes === 0) {
      return this.days.set(day, {
        open,
        close,
        high: open,
        low: open,
        volume: 0,
        minutes,
        jump: 0,
        jumpMinute: -1,
        jumpSecond: -1,
      });
    }
    const random = new SeededRandom(mix(this.symbolSeed ^ 0x165667b1, day));
    const v = this.minuteVariance * minutes;
    let jumpMinute = -1;
    let jumpSecond = -1;
    // the extremes of the diffusion (the path without its step), then the step's share
    const high = bridgeHigh(open, close - jump, v, expDraw(random)) + Math.max(0, jump);
    const low = bridgeLow(open, close - jump, v, expDraw(random)) + Math.min(0, jump);
    if (jump !== 0) {
      // the k-th open minute of the day, and a second in it
      const k = Math.floor(random.next() * minutes);
      const prefix = this.openPrefix(day);
      let m = 0;
      while ((prefix[m + 1] ?? 0) <= k) m++;
      jumpMinute = m;
      jumpSecond = Math.floor(random.next() * 60);
    }
    const activity = (high - low) / Math.sqrt(v);
    const volume = Math.round(this.minuteVolume * minutes * (0.55 + 0.3 * activity));
    return this.days.set(day, {
      open,
      close,
      high,
      low,
      volume,
      minutes,
      jump,
      jumpMinute,
      jumpSecond,
    });
  }

  /**
   * Splits a span into n children. One open child is chosen to hold the span's high and one its
   * low; the path of levels at the children's boundaries is a Brownian bridge (weighted by open
   * minutes) pinned a child-sized excursion below the high at the first one and above the low at
   * the other, and folded into the span's range (the diffusion before and after a step alike, so
   * the step keeps its size). Every child draws the extremes of its own bridge inside the span's
   * range; the chosen two are given the span's high and low exactly.
   */
  private subdivide(
    span: Span,
    minutes: Uint16Array,
    jump: number,
    jumpChild: number,
    random: SeededRandom,
  ): Children {
    const n = minutes.length;
    const levels = new Float64Array(n + 1);
    const high = new Float64Array(n);
    const low = new Float64Array(n);
    const volume = new Float64Array(n);
    // the walk at each boundary, and the open minutes before it (the bridge's clock)
    const walk = new Float64Array(n + 1);
    const clock = new Float64Array(n + 1);
    const open: number[] = [];
    for (let i = 0; i < n; i++) {
      const count = minutes[i] ?? 0;
      const step = count > 0 ? normal(random) * Math.sqrt(this.minuteVariance * count) : 0;
      walk[i + 1] = (walk[i] ?? 0) + step + (i === jumpChild ? jump : 0);
      clock[i + 1] = (clock[i] ?? 0) + count;
      if (count > 0) open.push(i);
    }
    // which children hold the extremes: about where a path from open to close would meet them
    // (see extremeAt), after a rise's step for the high and before it for the low
    const total = clock[n] ?? 0;
    const pickAmong = (from: number, to: number, share: number): number => {
      const candidates = open.filter((i) => i >= from && i <= to);
      const list = candidates.length > 0 ? candidates : open;
      const target = share * total;
      let best = list[0] ?? 0;
      for (const i of list) {
        const middle = ((clock[i] ?? 0) + (clock[i + 1] ?? 0)) / 2;
        const bestMiddle = ((clock[best] ?? 0) + (clock[best + 1] ?? 0)) / 2;
        if (Math.abs(middle - target) < Math.abs(bestMiddle - target)) best = i;
      }
      return best;
    };
    const before: [number, number] = jumpChild >= 0 ? [0, jumpChild] : [0, n - 1];
    const after: [number, number] = jumpChild >= 0 ? [jumpChild, n - 1] : [0, n - 1];
    const topChild = pickAmong(
      ...(jump < 0 ? before : after),
      extremeAt(span.high - span.open, span.high - span.close, random),
    );
    const bottomChild = pickAmong(
      ...(jump > 0 ? before : after),
      extremeAt(span.open - span.low, span.close - span.low, random),
    );
    const excursion = (child: number): number =>
      Math.sqrt((this.minuteVariance * (minutes[child] ?? 0) * expDraw(random)) / 2);
    // pin the path at a boundary of each: one with open time on both sides (the step's child
    // at its far side); none when the child has no such boundary
    const inner = (b: number): boolean => (clock[b] ?? 0) > 0 && (clock[b] ?? 0) < total;
    const boundaryOf = (child: number, rising: boolean): number => {
      const sides =
        child === jumpChild ? [rising ? child + 1 : child] : [child, child + 1].filter(inner);
      const usable = sides.filter(inner);
      return usable[Math.floor(random.next() * usable.length)] ?? -1;
    };
    const pins: [number, number][] = [
      [0, span.open],
      [n, span.close],
    ];
    if (open.length > 0) {
      const topAt = boundaryOf(topChild, jump > 0);
      if (topAt >= 0) pins.push([topAt, span.high - excursion(topChild)]);
      const bottomAt = boundaryOf(bottomChild, jump < 0);
      if (bottomAt >= 0 && bottomAt !== topAt) {
        pins.push([bottomAt, span.low + excursion(bottomChild)]);
      }
    }
    pins.sort((a, b) => a[0] - b[0]);
    for (let p = 0; p + 1 < pins.length; p++) {
      const [i0, v0] = pins[p] ?? [0, 0];
      const [i1, v1] = pins[p + 1] ?? [n, 0];
      const w0 = walk[i0] ?? 0;
      const t0 = clock[i0] ?? 0;
      const duration = (clock[i1] ?? 0) - t0;
      const gap = v1 - v0 - ((walk[i1] ?? 0) - w0);
      for (let i = i0; i <= i1; i++) {
        const share = duration > 0 ? ((clock[i] ?? 0) - t0) / duration : 0;
        levels[i] = v0 + ((walk[i] ?? 0) - w0) + gap * share;
      }
    }
    // fold the path into the range, the diffusion before and after the step alike
    const floor = span.low + Math.max(0, -jump);
    const ceiling = span.high - Math.max(0, jump);
    const pinned = new Set(pins.map(([i]) => i));
    for (let i = 1; i < n; i++) {
      if (pinned.has(i)) continue;
      const stepped = jumpChild >= 0 && i > jumpChild ? jump : 0;
      levels[i] = reflect((levels[i] ?? 0) - stepped, floor, ceiling) + stepped;
    }
    levels[0] = span.open;
    levels[n] = span.close;
    const weights = new Float64Array(n);
    let weightSum = 0;
    for (let i = 0; i < n; i++) {
      const a = levels[i] ?? 0;
      const b = levels[i + 1] ?? 0;
      const count = minutes[i] ?? 0;
      if (count === 0) {
        high[i] = a;
        low[i] = a;
        continue;
      }
      const v = this.minuteVariance * count;
      const step = i === jumpChild ? jump : 0;
      const h = bridgeHigh(a, b - step, v, expDraw(random)) + Math.max(0, step);
      const l = bridgeLow(a, b - step, v, expDraw(random)) + Math.min(0, step);
      high[i] = i === topChild ? span.high : Math.min(span.high, h);
      low[i] = i === bottomChild ? span.low : Math.max(span.low, l);
      weights[i] = count * (0.55 + (0.3 * ((high[i] ?? 0) - (low[i] ?? 0))) / Math.sqrt(v));
      weightSum += weights[i] ?? 0;
    }
    // split the volume by cumulative rounding, so the parts add up to the whole
    let cumulative = 0;
    let given = 0;
    for (let i = 0; i < n; i++) {
      cumulative += weights[i] ?? 0;
      const upTo = weightSum > 0 ? Math.round((span.volume * cumulative) / weightSum) : 0;
      volume[i] = upTo - given;
      given = upTo;
    }
    return { levels, high, low, volume, minutes };
  }

  /** the 24 hours of a UTC day */
  hours(day: number): Children {
    const cached = this.hourTables.get(day);
    if (cached) return cached;
    const span = this.day(day);
    const prefix = this.openPrefix(day);
    const minutes = new Uint16Array(24);
    for (let h = 0; h < 24; h++) minutes[h] = (prefix[h * 60 + 60] ?? 0) - (prefix[h * 60] ?? 0);
    const jumpChild = span.jump === 0 ? -1 : Math.floor(span.jumpMinute / 60);
    const random = new SeededRandom(mix(this.symbolSeed ^ 0x5bd1e995, day));
    return this.hourTables.set(day, this.subdivide(span, minutes, span.jump, jumpChild, random));
  }

  /** the span of one hour (index since the epoch) */
  hour(hourIndex: number): Span {
    const day = Math.floor(hourIndex / 24);
    return spanOf(this.hours(day), hourIndex - day * 24);
  }

  /** the 60 minutes of an hour (index since the epoch) */
  minutes(hourIndex: number): Children {
    const cached = this.minuteTables.get(hourIndex);
    if (cached) return cached;
    const day = Math.floor(hourIndex / 24);
    const h = hourIndex - day * 24;
    const dayInfo = this.day(day);
    const span = this.hour(hourIndex);
    const prefix = this.openPrefix(day);
    const minutes = new Uint16Array(60);
    for (let m = 0; m < 60; m++) {
      minutes[m] = (prefix[h * 60 + m + 1] ?? 0) - (prefix[h * 60 + m] ?? 0);
    }
    const inHour = dayInfo.jump !== 0 && Math.floor(dayInfo.jumpMinute / 60) === h;
    const random = new SeededRandom(mix(this.symbolSeed ^ 0x27d4eb2f, hourIndex));
    return this.minuteTables.set(
      hourIndex,
      this.subdivide(
        span,
        minutes,
        inHour ? dayInfo.jump : 0,
        inHour ? dayInfo.jumpMinute % 60 : -1,
        random,
      ),
    );
  }

  /** the span of one minute (index since the epoch) */
  minute(minuteIndex: number): Span {
    const hourIndex = Math.floor(minuteIndex / 60);
    return spanOf(this.minutes(hourIndex), minuteIndex - hourIndex * 60);
  }

  /**
   * The 61 log levels of a minute's seconds (start to end): a bridge through the minute's high
   * and low (the low before a rise's jump and the high after it, and the other way round).
   */
  secondLevels(minuteIndex: number): Float64Array {
    const cached = this.secondTables.get(minuteIndex);
    if (cached) return cached;
    const span = this.minute(minuteIndex);
    const out = new Float64Array(61);
    if (span.minutes === 0) return this.secondTables.set(minuteIndex, out.fill(span.open));
    const day = Math.floor(minuteIndex / 1440);
    const dayInfo = this.day(day);
    const inMinute = dayInfo.jump !== 0 && dayInfo.jumpMinute === minuteIndex - day * 1440;
    const jump = inMinute ? dayInfo.jump : 0;
    const jumpAt = inMinute ? dayInfo.jumpSecond : -1;
    const random = new SeededRandom(mix(this.symbolSeed ^ 0x68e31da4, minuteIndex));
    // where the extremes are met: seconds 1..59, the low before a rise and after a fall
    const near = (share: number, from: number, to: number): number =>
      Math.min(to, Math.max(from, Math.round(share * 60)));
    const highShare = extremeAt(span.high - span.open, span.high - span.close, random);
    const lowShare = extremeAt(span.open - span.low, span.close - span.low, random);
    let atHigh: number;
    let atLow: number;
    if (jump !== 0 && jumpAt >= 1 && jumpAt <= 57) {
      atLow = jump > 0 ? near(lowShare, 1, jumpAt) : near(lowShare, jumpAt + 1, 59);
      atHigh = jump > 0 ? near(highShare, jumpAt + 1, 59) : near(highShare, 1, jumpAt);
    } else {
      atHigh = near(highShare, 1, 59);
      atLow = near(lowShare, 1, 59);
      if (atLow === atHigh) atLow = atHigh === 59 ? 58 : atHigh + 1;
    }
    const fixed: [number, number][] = [
      [0, span.open],
      [atHigh, span.high],
      [atLow, span.low],
      [60, span.close],
    ];
    fixed.sort((a, b) => a[0] - b[0]);
    for (let f = 0; f < 3; f++) {
      const [s0, v0] = fixed[f] ?? [0, 0];
      const [s1, v1] = fixed[f + 1] ?? [60, 0];
      const width = s1 - s0;
      const stepJump = jumpAt >= s0 && jumpAt < s1 ? jump : 0;
      let walk = 0;
      const raw = new Float64Array(width + 1);
      for (let s = 1; s <= width; s++) {
        walk += normal(random) * this.secondSigma + (s0 + s - 1 === jumpAt ? stepJump : 0);
        raw[s] = walk;
      }
      const gap = v1 - v0 - walk;
      for (let s = 0; s <= width; s++) {
        out[s0 + s] = v0 + (raw[s] ?? 0) + (gap * s) / width;
      }
      out[s1] = v1;
    }
    const floor = span.low + Math.max(0, -jump);
    const ceiling = span.high - Math.max(0, jump);
    for (let s = 1; s < 60; s++) {
      if (s === atHigh || s === atLow) continue;
      const stepped = jumpAt >= 0 && s > jumpAt ? jump : 0;
      out[s] = reflect((out[s] ?? 0) - stepped, floor, ceiling) + stepped;
    }
    return this.secondTables.set(minuteIndex, out);
  }

  /** the base log level at t (ms); it only changes on whole seconds */
  levelAt(t: number): number {
    const second = Math.floor(t / 1000);
    const minuteIndex = Math.floor(second / 60);
    return this.secondLevels(minuteIndex)[second - minuteIndex * 60] ?? 0;
  }

  /** the simulated price at t (ms), as a number */
  priceAt(t: number): number {
    return this.spec.referencePrice * Math.exp(this.levelAt(t));
  }

  /** the price at t as the decimal string that leaves the engine */
  tickAt(t: number): string {
    return formatPrice(this.priceAt(t), this.spec.pricePrecision);
  }
}

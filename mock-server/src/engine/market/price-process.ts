import { SYMBOL_MARKET_PARAMS, SYMBOLS } from '@bourse/fixtures';
import Decimal from 'decimal.js';
import { SeededRandom } from '../random.ts';
import { isMarketOpen, type MarketCategory } from './trading-hours.ts';

/**
 * The seeded price process: geometric Brownian motion, one tick per simulated second, with rare
 * small jumps. It is random-access rather than a stepped loop, so history and live ticks are one
 * path: each UTC day draws its log return from its own generator (seed, symbol, day); the day's
 * open minutes share that return as a Brownian bridge (generator per minute batch); each minute's
 * seconds are a bridge of that minute's return. Levels are anchored at the symbol's
 * reference_price at ANCHOR_DAY, so the same seed and the same time give the same price, and a
 * symbol's path depends only on the seed and its id. σ is annualised over calendar seconds; closed
 * seconds do not move, so closed markets are flat.
 */
export const SECONDS_PER_YEAR = 365.25 * 86_400;
export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;
/** 2026-01-01 UTC, where every symbol sits at its reference price */
export const ANCHOR_DAY = Math.floor(Date.UTC(2026, 0, 1) / DAY_MS);
/** chance that an open day carries a jump, and its size in daily σ */
const JUMP_CHANCE = 0.02;
const JUMP_SIZE = 2;

const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
};

const mix = (a: number, b: number): number => {
  let h =
    Math.imul(a ^ (b >>> 0), 0x9e3779b1) ^ Math.imul(Math.floor(b / 4_294_967_296), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  return (h ^ (h >>> 15)) >>> 0;
};

const normal = (random: SeededRandom): number => {
  const u = 1 - random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
};

export interface SymbolSpec {
  id: string;
  category: MarketCategory;
  pricePrecision: number;
  timeZone: string;
  referencePrice: number;
  /** annualised */
  volatility: number;
}

export const symbolSpec = (symbolId: string): SymbolSpec => {
  const symbol = SYMBOLS.find((s) => s.id === symbolId);
  const params = (
    SYMBOL_MARKET_PARAMS as Record<string, { reference_price: string; volatility: string }>
  )[symbolId];
  if (!symbol || !params) throw new RangeError(`no symbol ${symbolId}`);
  return {
    id: symbol.id,
    category: symbol.category,
    pricePrecision: symbol.price_precision,
    timeZone: symbol.time_zone,
    referencePrice: Number(params.reference_price),
    volatility: Number(params.volatility),
  };
};

/** Rounds a simulated price to the symbol's precision, as the decimal string that leaves the engine. */
export const formatPrice = (price: number, precision: number): string =>
  new Decimal(price).toDecimalPlaces(precision, Decimal.ROUND_HALF_UP).toFixed(precision);

export class PriceProcess {
  readonly spec: SymbolSpec;
  private readonly symbolSeed: number;
  private readonly sigmaSecond: number;
  /** log level at the open of a day, relative to the reference price */
  private readonly dayLevels = new Map<number, number>();
  private readonly dayReturns = new Map<number, { ret: number; openMinutes: number }>();
  private readonly minuteCache = new Map<number, Float64Array>();

  constructor(seed: number, symbolId: string) {
    this.spec = symbolSpec(symbolId);
    this.symbolSeed = fnv1a(`${seed >>> 0}:${symbolId}`);
    this.sigmaSecond = this.spec.volatility / Math.sqrt(SECONDS_PER_YEAR);
  }

  isOpen(t: number): boolean {
    return isMarketOpen(this.spec.category, t, this.spec.timeZone);
  }

  /** the day's log return and its open minutes (hours change on half hours, so 48 samples count them exactly) */
  dayReturn(day: number): { ret: number; openMinutes: number } {
    const cached = this.dayReturns.get(day);
    if (cached) return cached;
    let open = 0;
    for (let i = 0; i < 48; i++) if (this.isOpen(day * DAY_MS + i * 1_800_000)) open += 30;
    let ret = 0;
    if (open > 0) {
      const random = new SeededRandom(mix(this.symbolSeed, day));
      const sigmaDay = this.sigmaSecond * Math.sqrt(open * 60);
      ret = normal(random) * sigmaDay - (sigmaDay * sigmaDay) / 2;
      if (random.next() < JUMP_CHANCE) ret += (random.next() < 0.5 ? -1 : 1) * JUMP_SIZE * sigmaDay;
    }
    const result = { ret, openMinutes: open };
    this.dayReturns.set(day, result);
    return result;
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

  /** two seeded draws in [0, 1) for a day's high and low excursions when it is not built from minutes */
  dayExcursion(day: number): [number, number] {
    const random = new SeededRandom(mix(this.symbolSeed ^ 0x165667b1, day));
    return [random.next(), random.next()];
  }

  /** log levels at the start of each minute of a day and its end (1441 values) */
  minuteLevels(day: number): Float64Array {
    const cached = this.minuteCache.get(day);
    if (cached) return cached;
    const { ret, openMinutes } = this.dayReturn(day);
    const levels = new Float64Array(1441);
    const random = new SeededRandom(mix(this.symbolSeed ^ 0x5bd1e995, day));
    const steps = new Float64Array(1440);
    const sigmaMinute = this.sigmaSecond * Math.sqrt(60);
    let sum = 0;
    const open: boolean[] = [];
    for (let m = 0; m < 1440; m++) {
      open[m] = openMinutes > 0 && this.isOpen(day * DAY_MS + m * MINUTE_MS);
      if (open[m]) {
        steps[m] = normal(random) * sigmaMinute;
        sum += steps[m] ?? 0;
      }
    }
    // bridge: spread the gap so the open minutes add up to the day's return
    const shift = openMinutes > 0 ? (ret - sum) / openMinutes : 0;
    let level = this.dayLevel(day);
    levels[0] = level;
    for (let m = 0; m < 1440; m++) {
      if (open[m]) level += (steps[m] ?? 0) + shift;
      levels[m + 1] = level;
    }
    if (this.minuteCache.size > 4096) this.minuteCache.clear();
    this.minuteCache.set(day, levels);
    return levels;
  }

  /** the 61 log levels of a minute's seconds (start to end), a bridge of the minute's return */
  secondLevels(minuteIndex: number): Float64Array {
    const day = Math.floor(minuteIndex / 1440);
    const m = minuteIndex - day * 1440;
    const dayMinutes = this.minuteLevels(day);
    const start = dayMinutes[m] ?? 0;
    const end = dayMinutes[m + 1] ?? start;
    const out = new Float64Array(61);
    if (start === end) return out.fill(start);
    const random = new SeededRandom(mix(this.symbolSeed ^ 0x27d4eb2f, minuteIndex));
    let level = 0;
    const raw = new Float64Array(61);
    for (let s = 1; s <= 60; s++) {
      level += normal(random) * this.sigmaSecond;
      raw[s] = level;
    }
    const gap = end - start - level;
    for (let s = 0; s <= 60; s++) out[s] = start + (raw[s] ?? 0) + (gap * s) / 60;
    return out;
  }

  /** the simulated price at t (ms), as a number; it only changes on whole seconds */
  priceAt(t: number): number {
    const second = Math.floor(t / 1000);
    const minuteIndex = Math.floor(second / 60);
    const level = this.secondLevels(minuteIndex)[second - minuteIndex * 60] ?? 0;
    return this.spec.referencePrice * Math.exp(level);
  }

  /** the price at t as the decimal string that leaves the engine */
  tickAt(t: number): string {
    return formatPrice(this.priceAt(t), this.spec.pricePrecision);
  }
}

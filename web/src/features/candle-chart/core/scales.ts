import type { KlinePeriod } from '@bourse/protocol';
import {
  timeDay,
  timeHour,
  timeMinute,
  timeMonth,
  timeYear,
  ticks,
  type CountableTimeInterval,
  type TimeInterval,
} from 'd3';
import type { DateStyle } from '#shared/i18n';
import { ENGLISH_NUMBERS, localizeDecimal, type NumberStyle } from '#shared/format';
import Decimal from 'decimal.js';

/** Every period's length in ms (a month and a week as their usual lengths, for spacing). */
export const PERIOD_MS: Readonly<Record<KlinePeriod, number>> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
  '1M': 2_629_746_000,
};

/**
 * Round price levels for the axis between `min` and `max`, about `count` of them (d3's tick
 * steps: 1, 2 or 5 times a power of ten).
 */
export function priceTicks(min: number, max: number, count: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || max <= min) return [];
  return ticks(min, max, Math.max(2, count)).filter((tick) => tick >= min && tick <= max);
}

/**
 * A tick level written with the symbol's decimals, in the language's number style (97,250.00;
 * 97.250,00 in German). Ticks are round numbers the axis chose; the decimal conversion keeps a
 * binary fraction (0.30000000000000004) out of the label.
 */
export function formatTick(
  tick: number,
  precision: number,
  style: NumberStyle = ENGLISH_NUMBERS,
): string {
  const fixed = new Decimal(tick)
    .toDecimalPlaces(precision, Decimal.ROUND_HALF_UP)
    .toFixed(precision);
  return localizeDecimal(/[1-9]/.test(fixed) ? fixed : fixed.replace('-', ''), style);
}

/** The height of a price label (and of the last price's tag) around its middle, in CSS px. */
export const priceLabelBox = (fontSize: number) => ({ half: fontSize / 2 + 3 });

/**
 * The axis levels a tag at `tagY` leaves readable: those whose label box (`half` px above and
 * below its middle) does not meet the tag's. The tag is drawn over the axis; a label under it
 * is left out rather than half hidden.
 */
export function levelsClearOf<T extends { readonly y: number }>(
  labels: readonly T[],
  tagY: number,
  half: number,
): T[] {
  return labels.filter((label) => Math.abs(label.y - tagY) >= 2 * half);
}

export type TimeLabelKind = 'time' | 'day' | 'month' | 'year';

interface TimeStep {
  readonly interval: TimeInterval;
  /** the step's length in ms (approximately, for months and years) */
  readonly ms: number;
  /** what a label on this step's boundaries shows */
  readonly kind: TimeLabelKind;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

const every = (interval: CountableTimeInterval, n: number) => interval.every(n) ?? interval;

/** The longest step: a label every five years. */
const LONGEST_STEP: TimeStep = { interval: every(timeYear, 5), ms: 1826 * DAY, kind: 'year' };

/** The calendar steps time labels may fall on, shortest first. */
const TIME_STEPS: readonly TimeStep[] = [
  { interval: every(timeMinute, 5), ms: 5 * MINUTE, kind: 'time' },
  { interval: every(timeMinute, 15), ms: 15 * MINUTE, kind: 'time' },
  { interval: every(timeMinute, 30), ms: 30 * MINUTE, kind: 'time' },
  { interval: timeHour, ms: HOUR, kind: 'time' },
  { interval: every(timeHour, 2), ms: 2 * HOUR, kind: 'time' },
  { interval: every(timeHour, 4), ms: 4 * HOUR, kind: 'time' },
  { interval: every(timeHour, 6), ms: 6 * HOUR, kind: 'time' },
  { interval: every(timeHour, 12), ms: 12 * HOUR, kind: 'time' },
  { interval: timeDay, ms: DAY, kind: 'day' },
  { interval: every(timeDay, 2), ms: 2 * DAY, kind: 'day' },
  // days of the month: the 1st, 6th, 11th… then the 1st, 11th, 21st, then the 1st and 16th
  { interval: every(timeDay, 5), ms: 5 * DAY, kind: 'day' },
  { interval: every(timeDay, 10), ms: 10 * DAY, kind: 'day' },
  { interval: every(timeDay, 15), ms: 15 * DAY, kind: 'day' },
  { interval: timeMonth, ms: 30 * DAY, kind: 'month' },
  { interval: every(timeMonth, 3), ms: 91 * DAY, kind: 'month' },
  { interval: every(timeMonth, 6), ms: 182 * DAY, kind: 'month' },
  { interval: timeYear, ms: 365 * DAY, kind: 'year' },
  { interval: every(timeYear, 2), ms: 730 * DAY, kind: 'year' },
  LONGEST_STEP,
];

/** A time axis label: the candle it stands under and what it shows. */
export interface TimeTick {
  readonly index: number;
  readonly time: number;
  readonly kind: TimeLabelKind;
}

const RANK: Readonly<Record<TimeLabelKind, number>> = { time: 0, day: 1, month: 2, year: 3 };

/** The calendar unit that changed between two candles (in the viewer's time zone), if any. */
function crossing(previous: Date, date: Date): TimeLabelKind | null {
  if (date.getFullYear() !== previous.getFullYear()) return 'year';
  if (date.getMonth() !== previous.getMonth()) return 'month';
  if (date.getDate() !== previous.getDate()) return 'day';
  return null;
}

/**
 * Where the time axis puts labels: on the first candle of each calendar step (in the viewer's
 * time zone) long enough that labels stand at least `minGap` px apart; a new day, month or year
 * is labelled as such and wins over a plainer label too close to it. `times` are opening times,
 * oldest first.
 */
export function timeTicks(
  times: Float64Array,
  from: number,
  to: number,
  period: KlinePeriod,
  spacing: number,
  minGap: number,
): TimeTick[] {
  const wanted = (minGap / Math.max(spacing, 1e-9)) * PERIOD_MS[period];
  const step =
    TIME_STEPS.find((candidate) => candidate.ms >= wanted && candidate.ms >= PERIOD_MS[period]) ??
    LONGEST_STEP;
  const result: TimeTick[] = [];
  let previous = from > 0 ? new Date(times[from - 1] ?? 0) : null;
  let previousBucket = previous === null ? Number.NaN : step.interval.floor(previous).getTime();
  for (let i = from; i <= to; i++) {
    const time = times[i] ?? 0;
    const date = new Date(time);
    const bucket = step.interval.floor(date).getTime();
    let kind: TimeLabelKind | null = null;
    if (previous === null) {
      if (bucket === time) kind = step.kind;
    } else {
      const crossed = crossing(previous, date);
      if (crossed !== null && RANK[crossed] >= RANK[step.kind]) kind = crossed;
      else if (bucket !== previousBucket) kind = step.kind;
    }
    previous = date;
    previousBucket = bucket;
    if (kind === null) continue;
    const last = result.at(-1);
    if (last === undefined || (i - last.index) * spacing >= minGap) {
      result.push({ index: i, time, kind });
      continue;
    }
    // too close: a higher boundary takes the place of a plainer label
    const beforeLast = result.at(-2);
    if (
      RANK[kind] > RANK[last.kind] &&
      (beforeLast === undefined || (i - beforeLast.index) * spacing >= minGap)
    ) {
      result[result.length - 1] = { index: i, time, kind };
    }
  }
  return result;
}

/** The app's date style of each kind of time label (shared/i18n decides what each looks like). */
export const TIME_LABEL_STYLES: Readonly<Record<TimeLabelKind, DateStyle>> = {
  time: 'time',
  day: 'monthDay',
  month: 'month',
  year: 'year',
};

/** How the crosshair writes a candle's time, by period: minutes for intraday, days above. */
export function readoutTimeStyle(period: KlinePeriod): DateStyle {
  if (period === '1M') return 'monthYear';
  if (period === '1d' || period === '1w') return 'date';
  return 'monthDayTime';
}

/** Trading hours per market category; a closed market does not move. */
export type MarketCategory = 'stock' | 'metal' | 'forex' | 'crypto';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const MINUTES_PER_DAY = 1440;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** per zone and UTC year: the offset at the year's start and each change within it */
const yearOffsets = new Map<string, Map<number, { at: number; offset: number }[]>>();

const tableOf = <V>(tables: Map<string, Map<number, V>>, timeZone: string): Map<number, V> => {
  let table = tables.get(timeZone);
  if (!table) {
    table = new Map();
    tables.set(timeZone, table);
  }
  return table;
};

/** the zone's offset at t, from Intl (slow: a few µs a call) */
const intlOffset = (timeZone: string, t: number): number => {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const at = Math.floor(t / MINUTE_MS) * MINUTE_MS;
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) parts[part.type] = Number(part.value);
  const local = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
  return local - at;
};

/**
 * A year's offsets: the offset at each month's start, and where it changed within a month, the
 * hour it changed found by bisection (offsets change on whole hours), so a year costs a few
 * dozen Intl calls however often it is asked.
 */
const offsetsOfYear = (timeZone: string, year: number): { at: number; offset: number }[] => {
  const table = tableOf(yearOffsets, timeZone);
  const cached = table.get(year);
  if (cached) return cached;
  const changes: { at: number; offset: number }[] = [];
  let at = Date.UTC(year, 0, 1);
  let offset = intlOffset(timeZone, at);
  changes.push({ at, offset });
  for (let month = 1; month <= 12; month++) {
    const next = Date.UTC(year, month, 1);
    const nextOffset = intlOffset(timeZone, next);
    if (nextOffset !== offset) {
      let low = at / HOUR_MS;
      let high = next / HOUR_MS;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (intlOffset(timeZone, middle * HOUR_MS) === offset) low = middle;
        else high = middle;
      }
      changes.push({ at: high * HOUR_MS, offset: nextOffset });
    }
    at = next;
    offset = nextOffset;
  }
  table.set(year, changes);
  return changes;
};

/** ms to add to a UTC instant to get the wall time of a zone */
export const zoneOffsetMs = (timeZone: string, t: number): number => {
  if (timeZone === 'UTC') return 0;
  const day = Math.floor(t / DAY_MS);
  const days = tableOf(dayOffsets, timeZone);
  let steady = days.get(day);
  if (steady === undefined) {
    const start = day * DAY_MS;
    const first = yearOffsetAt(timeZone, start);
    steady = first === yearOffsetAt(timeZone, start + DAY_MS - 1) ? first : null;
    if (days.size > 200_000) days.clear();
    days.set(day, steady);
  }
  return steady ?? yearOffsetAt(timeZone, t);
};

/** per zone, by UTC day: the day's offset when it does not change within the day, else null */
const dayOffsets = new Map<string, Map<number, number | null>>();

const yearOffsetAt = (timeZone: string, t: number): number => {
  let offset = 0;
  for (const change of offsetsOfYear(timeZone, new Date(t).getUTCFullYear())) {
    if (change.at > t) break;
    offset = change.offset;
  }
  return offset;
};

/** The rules, in the market's local time: weekday 0 is Sunday, minute of the local day. */
const openLocally = (category: MarketCategory, weekday: number, minute: number): boolean => {
  if (category === 'crypto') return true;
  if (category === 'stock') return weekday >= 1 && weekday <= 5 && minute >= 570 && minute < 960;
  // forex and metals: Sunday 17:00 to Friday 17:00 New York time
  if (weekday === 6) return false;
  if (weekday === 0 && minute < 1020) return false;
  if (weekday === 5 && minute >= 1020) return false;
  // metals pause daily 17:00–18:00 (CME Globex)
  if (category === 'metal' && minute >= 1020 && minute < 1080) return false;
  return true;
};

/** Whether a market of this category is open at t (ms). */
export const isMarketOpen = (
  category: MarketCategory,
  t: number,
  timeZone = 'America/New_York',
): boolean => {
  if (category === 'crypto') return true;
  const local = new Date(t + zoneOffsetMs(timeZone, t));
  return openLocally(category, local.getUTCDay(), local.getUTCHours() * 60 + local.getUTCMinutes());
};

/** Whether the market is open during the minute starting at t (hours change on whole minutes). */
export const isOpenMinute = (
  category: MarketCategory,
  minuteStart: number,
  timeZone?: string,
): boolean => isMarketOpen(category, Math.floor(minuteStart / MINUTE_MS) * MINUTE_MS, timeZone);

const ALWAYS_OPEN = (() => {
  const prefix = new Uint16Array(MINUTES_PER_DAY + 1);
  for (let m = 0; m <= MINUTES_PER_DAY; m++) prefix[m] = m;
  return prefix;
})();
/** prefix tables of days with a steady offset, shared by every day alike */
const steadyPrefixes = new Map<string, Uint16Array>();
/** days on which the offset changes (two a year per zone) */
const shiftingPrefixes = new Map<string, Uint16Array>();

/**
 * How many minutes a market is open in each UTC day, as prefix tables: entry m counts the open
 * minutes before minute m (entry 1440 is the day's total). Days alike (same weekday and offset)
 * share one table, so decades of days cost a lookup each.
 */
export class OpenCalendar {
  private readonly days = new Map<number, Uint16Array>();

  constructor(
    readonly category: MarketCategory,
    readonly timeZone: string,
  ) {}

  prefix(day: number): Uint16Array {
    if (this.category === 'crypto') return ALWAYS_OPEN;
    const known = this.days.get(day);
    if (known) return known;
    if (this.days.size > 200_000) this.days.clear();
    const prefix = buildPrefix(this.category, this.timeZone, day);
    this.days.set(day, prefix);
    return prefix;
  }
}

const calendars = new Map<string, OpenCalendar>();

/** The shared calendar of a category in a zone. */
export const openCalendar = (category: MarketCategory, timeZone: string): OpenCalendar => {
  const key = `${category}|${timeZone}`;
  let calendar = calendars.get(key);
  if (!calendar) {
    calendar = new OpenCalendar(category, timeZone);
    calendars.set(key, calendar);
  }
  return calendar;
};

/** A day's prefix table (see OpenCalendar). */
export const openMinutePrefix = (
  category: MarketCategory,
  timeZone: string,
  day: number,
): Uint16Array => openCalendar(category, timeZone).prefix(day);

const buildPrefix = (category: MarketCategory, timeZone: string, day: number): Uint16Array => {
  const start = day * DAY_MS;
  const offset = zoneOffsetMs(timeZone, start);
  const weekday = (((day + 4) % 7) + 7) % 7;
  const steady = offset === zoneOffsetMs(timeZone, start + DAY_MS - MINUTE_MS);
  const key = steady
    ? `${category}|${String(weekday)}|${String(offset)}`
    : `${category}|${timeZone}|${String(day)}`;
  const cache = steady ? steadyPrefixes : shiftingPrefixes;
  const cached = cache.get(key);
  if (cached) return cached;
  const prefix = new Uint16Array(MINUTES_PER_DAY + 1);
  let offsetMinutes = offset / MINUTE_MS;
  for (let m = 0; m < MINUTES_PER_DAY; m++) {
    // offsets change on whole hours
    if (!steady && m % 60 === 0)
      offsetMinutes = zoneOffsetMs(timeZone, start + m * MINUTE_MS) / MINUTE_MS;
    const local = m + offsetMinutes;
    const dayShift = Math.floor(local / MINUTES_PER_DAY);
    const open = openLocally(
      category,
      (((weekday + dayShift) % 7) + 7) % 7,
      local - dayShift * MINUTES_PER_DAY,
    );
    prefix[m + 1] = (prefix[m] ?? 0) + (open ? 1 : 0);
  }
  if (cache.size > 512) cache.clear();
  cache.set(key, prefix);
  return prefix;
};

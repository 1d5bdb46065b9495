/** Trading hours per market category; a closed market does not move. */
export type MarketCategory = 'stock' | 'metal' | 'forex' | 'crypto';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

const DAY_MS = 86_400_000;
const dayOffsets = new Map<string, number | null>();

/**
 * ms to add to a UTC instant to get the wall time of a zone. Cached per UTC day when the offset
 * is the same at both ends of the day (most days), else per UTC hour (DST moves on whole hours):
 * history over decades asks for this millions of times and Intl is slow.
 */
export const zoneOffsetMs = (timeZone: string, t: number): number => {
  const day = Math.floor(t / DAY_MS);
  const dayKey = `${timeZone}:${day}`;
  let whole = dayOffsets.get(dayKey);
  if (whole === undefined) {
    const first = hourOffset(timeZone, day * DAY_MS);
    const last = hourOffset(timeZone, day * DAY_MS + DAY_MS - HOUR_MS);
    whole = first === last ? first : null;
    dayOffsets.set(dayKey, whole);
  }
  return whole ?? hourOffset(timeZone, t);
};

const hourOffset = (timeZone: string, t: number): number => {
  const hour = Math.floor(t / HOUR_MS);
  const key = `${timeZone}:${hour}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
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
  const at = hour * HOUR_MS;
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) parts[part.type] = Number(part.value);
  const local = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
  const offset = local - at;
  offsets.set(key, offset);
  return offset;
};

/** Whether a market of this category is open at t (ms). */
export const isMarketOpen = (
  category: MarketCategory,
  t: number,
  timeZone = 'America/New_York',
): boolean => {
  if (category === 'crypto') return true;
  const local = new Date(t + zoneOffsetMs(timeZone, t));
  const weekday = local.getUTCDay(); // 0 = Sunday
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  if (category === 'stock') return weekday >= 1 && weekday <= 5 && minute >= 570 && minute < 960;
  // forex and metals: Sunday 17:00 to Friday 17:00 New York time
  if (weekday === 6) return false;
  if (weekday === 0 && minute < 1020) return false;
  if (weekday === 5 && minute >= 1020) return false;
  // metals pause daily 17:00–18:00 (CME Globex)
  if (category === 'metal' && minute >= 1020 && minute < 1080) return false;
  return true;
};

/** Whether the market is open during the minute starting at t (hours change on whole minutes). */
export const isOpenMinute = (
  category: MarketCategory,
  minuteStart: number,
  timeZone?: string,
): boolean => isMarketOpen(category, Math.floor(minuteStart / MINUTE_MS) * MINUTE_MS, timeZone);

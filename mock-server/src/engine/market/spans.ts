/** The units of market time, and the spans the price process draws, from the day down. */
export const SECONDS_PER_YEAR = 365.25 * 86_400;
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
/**
 * 2026-11-16 UTC, where every symbol sits at its reference price. The fixtures' reference prices
 * are that month's real levels, so quotes around now look like the real market's; the further
 * the clock is from the anchor, the further the random walk has taken them.
 */
export const ANCHOR_DAY = Math.floor(Date.UTC(2026, 10, 16) / DAY_MS);

/** A stretch of the path: log levels relative to the reference price; volume in 0.0001 units. */
export interface Span {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** open minutes in it */
  minutes: number;
}

export interface Day extends Span {
  /** the step, its minute of the day and its second, or jump 0 */
  jump: number;
  jumpMinute: number;
  jumpSecond: number;
}

/** A unit's children: levels at their boundaries (n + 1) and their extremes and volumes. */
export interface Children {
  levels: Float64Array;
  high: Float64Array;
  low: Float64Array;
  volume: Float64Array;
  minutes: Uint16Array;
}

export const spanOf = (children: Children, i: number): Span => ({
  open: children.levels[i] ?? 0,
  close: children.levels[i + 1] ?? 0,
  high: children.high[i] ?? 0,
  low: children.low[i] ?? 0,
  volume: children.volume[i] ?? 0,
  minutes: children.minutes[i] ?? 0,
});

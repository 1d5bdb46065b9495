import { describe, expect, it } from 'vitest';
import { numberStyleOf } from '#shared/format';
import {
  formatTick,
  priceTicks,
  levelsClearOf,
  priceLabelBox,
  readoutTimeStyle,
  timeTicks,
} from './scales.ts';

/** Opening times every `step` ms from a local date, as the chart's column holds them. */
const times = (start: Date, step: number, count: number) =>
  Float64Array.from({ length: count }, (_, i) => start.getTime() + i * step);

describe('the price axis', () => {
  it('puts round levels inside the range', () => {
    expect(priceTicks(97_213.4, 97_288.9, 4)).toStrictEqual([97_220, 97_240, 97_260, 97_280]);
    expect(priceTicks(1.08412, 1.08497, 5)).toStrictEqual([1.0842, 1.0844, 1.0846, 1.0848]);
    expect(priceTicks(5, 5, 4)).toStrictEqual([]);
  });

  it('writes levels with the symbol decimals and no float noise', () => {
    expect(formatTick(0.1 + 0.2, 2)).toBe('0.30');
    expect(formatTick(1.0844, 5)).toBe('1.08440');
    // grouped, in the app language's style, like every other number on screen
    expect(formatTick(97_220, 2)).toBe('97,220.00');
    expect(formatTick(400_000, 2, numberStyleOf('de'))).toBe('400.000,00');
    expect(formatTick(400_000, 2, numberStyleOf('fr'))).toBe('400\u202f000,00');
  });
});

describe('the time axis', () => {
  it('labels 1m candles on round quarter hours, far enough apart', () => {
    const start = new Date(2026, 10, 23, 9, 7);
    const column = times(start, 60_000, 120);
    const ticks = timeTicks(column, 0, 119, '1m', 6, 72);

    expect(ticks.length).toBeGreaterThan(3);
    for (const tick of ticks) expect(new Date(tick.time).getMinutes() % 15).toBe(0);
    for (let i = 1; i < ticks.length; i++) {
      expect(((ticks[i]?.index ?? 0) - (ticks[i - 1]?.index ?? 0)) * 6).toBeGreaterThanOrEqual(72);
    }
  });

  it('marks the start of a day, month and year as such', () => {
    const hourly = timeTicks(times(new Date(2026, 10, 23, 12), 3_600_000, 48), 0, 47, '1h', 8, 72);
    expect(hourly.find((tick) => new Date(tick.time).getHours() === 0)?.kind).toBe('day');

    const daily = timeTicks(times(new Date(2026, 11, 20), 86_400_000, 30), 0, 29, '1d', 10, 60);
    expect(daily.find((tick) => new Date(tick.time).getDate() === 1)?.kind).toBe('year');
    expect(daily.filter((tick) => tick.kind === 'day').length).toBeGreaterThan(0);
  });

  it('reads a candle time in minutes for intraday periods and in days above', () => {
    expect(readoutTimeStyle('15m')).toBe('monthDayTime');
    expect(readoutTimeStyle('1d')).toBe('date');
    expect(readoutTimeStyle('1M')).toBe('monthYear');
  });
});

describe("the last price's tag", () => {
  it('leaves out the axis labels it would cover, and only those', () => {
    const { half } = priceLabelBox(11);
    const labels = [10, 58, 106, 154].map((y) => ({ text: String(y), y }));
    // the tag right on a level, and just over the edge of the next one
    expect(levelsClearOf(labels, 106, half).map((label) => label.y)).toEqual([10, 58, 154]);
    expect(levelsClearOf(labels, 70, half).map((label) => label.y)).toEqual([10, 106, 154]);
    // between two levels, clear of both: every label stays
    expect(levelsClearOf(labels, 82, half)).toHaveLength(4);
    // a kept label's box never meets the tag's
    for (let tag = 0; tag < 170; tag += 0.5) {
      for (const label of levelsClearOf(labels, tag, half)) {
        expect(label.y + half <= tag - half || label.y - half >= tag + half).toBe(true);
      }
    }
  });
});

import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Candle } from './columns.ts';
import { CandleColumns } from './columns.ts';
import { movingAverage, movingAverageAt, movingAverageText } from './indicators.ts';

/** A price path with awkward decimals (a seeded walk, so the test repeats). */
function walk(count: number): Candle[] {
  let seed = 20261122;
  let price = new Decimal('97250.37');
  return Array.from({ length: count }, (_, i) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const step = new Decimal(seed % 2001).minus(1000).dividedBy(100);
    const open = price;
    price = price.plus(step);
    const close = price;
    return {
      time: 1_763_899_800_000 + i * 60_000,
      open: open.toFixed(2),
      high: Decimal.max(open, close).plus('0.13').toFixed(2),
      low: Decimal.min(open, close).minus('0.07').toFixed(2),
      close: close.toFixed(2),
      volume: '1.5',
    };
  });
}

/** The reference: each average summed and divided in decimal.js. */
const reference = (candles: readonly Candle[], index: number, window: number): Decimal =>
  candles
    .slice(index - window + 1, index + 1)
    .reduce((sum, candle) => sum.plus(candle.close), new Decimal(0))
    .dividedBy(window);

describe('moving averages', () => {
  const candles = walk(5_000);
  const columns = CandleColumns.from(candles);

  it.each([5, 10, 30])('MA%i follows decimal.js within drawing precision', (window) => {
    const drawn = movingAverage(columns.close, columns.length, window);

    for (let i = 0; i < window - 1; i++) expect(drawn[i]).toBeNaN();
    for (let i = window - 1; i < candles.length; i += 7) {
      const exact = reference(candles, i, window).toNumber();
      // far below a pixel on any price scale, and no drift along 5 000 candles
      expect(Math.abs((drawn[i] ?? NaN) - exact)).toBeLessThan(1e-9 * exact);
    }
  });

  it('recomputes one index after a live candle the same as a full pass', () => {
    const drawn = movingAverage(columns.close, columns.length, 30);
    expect(movingAverageAt(columns.close, 4_999, 30)).toBeCloseTo(drawn[4_999] ?? NaN, 9);
    expect(movingAverageAt(columns.close, 10, 30)).toBeNaN();
  });

  it('writes the legend value exactly, with the prices decimals', () => {
    for (const index of [4, 29, 1_234, 4_999]) {
      for (const window of [5, 10, 30]) {
        const text = movingAverageText(candles, index, window);
        if (index < window - 1) {
          expect(text).toBeNull();
          continue;
        }
        expect(text).toBe(
          reference(candles, index, window).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
        );
      }
    }
  });

  it('rounds half up where binary floats would not (0.125 + 0.13 + … )', () => {
    const closes = ['0.10', '0.20', '0.05', '0.10', '0.20'];
    const tiny = closes.map((close, i) => ({ ...walk(1)[0], time: i, close }) as Candle);
    // (0.10 + 0.20 + 0.05 + 0.10 + 0.20) / 5 = 0.13 exactly
    expect(movingAverageText(tiny, 4, 5)).toBe('0.13');
    const half = ['1.00', '1.01'].map((close, i) => ({ ...walk(1)[0], time: i, close }) as Candle);
    // 1.005 rounds half up to 1.01 (1.005 as a float is 1.00499999…)
    expect(movingAverageText(half, 1, 2)).toBe('1.01');
  });
});

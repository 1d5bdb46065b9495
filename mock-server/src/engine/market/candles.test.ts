import { KLINE_PERIODS, type Candle } from '@bourse/protocol';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { CandleBook, periodStart } from './candles.ts';

const NOW = Date.UTC(2026, 10, 20, 18, 7, 13);
const book = new CandleBook(5, NOW - 3 * 86_400_000);

const aggregate = (candles: Candle[]) => ({
  open: candles[0]?.open,
  close: candles[candles.length - 1]?.close,
  high: Decimal.max(...candles.map((c) => c.high)).toFixed(),
  low: Decimal.min(...candles.map((c) => c.low)).toFixed(),
  volume: candles.reduce((sum, c) => sum.plus(c.volume), new Decimal(0)).toFixed(),
});

const asNumbers = (c: Candle) => ({
  open: c.open,
  close: c.close,
  high: new Decimal(c.high).toFixed(),
  low: new Decimal(c.low).toFixed(),
  volume: new Decimal(c.volume).toFixed(),
});

describe('CandleBook', () => {
  for (const [period, minutes] of [
    ['5m', 5],
    ['1h', 60],
    ['1d', 1440],
  ] as const) {
    it(`builds a ${period} candle from its 1m candles`, () => {
      const to = periodStart(period, NOW) - 1;
      const [candle] = book.history('btcusdt', period, { to, limit: 1 });
      const minutesOf = book.history('btcusdt', '1m', {
        to: (candle?.time ?? 0) + minutes * 60_000 - 1,
        limit: minutes,
      });
      expect(minutesOf[0]?.time).toBe(candle?.time);
      expect(asNumbers(candle as Candle)).toEqual(aggregate(minutesOf));
    });
  }

  it('returns at least 1 000 ordered, contiguous candles for every period', () => {
    for (const period of KLINE_PERIODS) {
      const candles = book.history('eurusd', period, { to: NOW, limit: 1000 });
      expect(candles.length).toBeGreaterThanOrEqual(1000);
      for (let i = 1; i < candles.length; i++) {
        const previous = candles[i - 1] as Candle;
        const candle = candles[i] as Candle;
        expect(candle.time).toBeGreaterThan(previous.time);
        expect(periodStart(period, candle.time - 1)).toBe(previous.time);
        expect(candle.open).toBe(previous.close);
      }
      expect(candles[candles.length - 1]?.time).toBe(periodStart(period, NOW));
    }
  }, 60_000);

  it('is deterministic from the seed', () => {
    const again = new CandleBook(5, NOW - 3 * 86_400_000).history('aapl', '1h', {
      to: NOW,
      limit: 50,
    });
    expect(book.history('aapl', '1h', { to: NOW, limit: 50 })).toEqual(again);
  });
});

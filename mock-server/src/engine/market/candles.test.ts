import { KLINE_PERIODS, type Candle, type KlinePeriod } from '@bourse/protocol';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { CandleBook, nextStart, periodStart } from './candles.ts';
import { isMarketOpen } from './trading-hours.ts';

// Monday 23 Nov 2026, 10:07:13 in New York: every market is open
const NOW = Date.UTC(2026, 10, 23, 15, 7, 13);
const book = new CandleBook(5);
const MINUTE = 60_000;

const aggregate = (candles: readonly Candle[]) => ({
  open: candles[0]?.open,
  close: candles[candles.length - 1]?.close,
  high: Decimal.max(...candles.map((c) => c.high)).toFixed(),
  low: Decimal.min(...candles.map((c) => c.low)).toFixed(),
  volume: candles.reduce((sum, c) => sum.plus(c.volume), new Decimal(0)).toFixed(),
});

const numbers = (c: Candle) => ({
  open: c.open,
  close: c.close,
  high: new Decimal(c.high).toFixed(),
  low: new Decimal(c.low).toFixed(),
  volume: new Decimal(c.volume).toFixed(),
});

/** the candles of a finer period inside one candle */
const parts = (
  symbol: string,
  candle: Candle,
  period: KlinePeriod,
  of: KlinePeriod,
  now = NOW,
): Candle[] =>
  book.history(symbol, of, {
    from: candle.time,
    to: Math.min(nextStart(period, candle.time) - 1, now),
    limit: 1500,
    now,
  });

const SYMBOLS = ['btcusdt', 'aapl', 'eurusd', 'xauusd'] as const;

describe('candles', () => {
  for (const symbol of SYMBOLS) {
    it(`builds every ${symbol} candle from its smaller ones, the forming ones included`, () => {
      for (const [period, of, count] of [
        ['5m', '1m', 12],
        ['15m', '5m', 8],
        ['30m', '1m', 4],
        ['1h', '1m', 3],
        ['4h', '1h', 8],
        ['1d', '1h', 4],
        ['1w', '1d', 4],
        ['1M', '1d', 3],
      ] as const) {
        const candles = book.history(symbol, period, { limit: count, now: NOW });
        expect(candles).toHaveLength(count);
        for (const candle of candles) {
          const inside = parts(symbol, candle, period, of);
          // a period may open before its market does: its first part is then later
          expect(inside.length, `${symbol} ${period} ${String(candle.time)}`).toBeGreaterThan(0);
          expect(numbers(candle), `${symbol} ${period} ${String(candle.time)}`).toEqual(
            aggregate(inside),
          );
        }
      }
    }, 60_000);
  }

  it('builds a day from its 1 440 minutes', () => {
    const [day] = book.history('btcusdt', '1d', { to: NOW - 86_400_000, limit: 1, now: NOW });
    const minutes = parts('btcusdt', day as Candle, '1d', '1m');
    expect(minutes).toHaveLength(1440);
    expect(numbers(day as Candle)).toEqual(aggregate(minutes));
  });

  it('returns 1 000 ordered candles for every period, the last one forming at now', () => {
    for (const period of KLINE_PERIODS) {
      const candles = book.history('eurusd', period, { limit: 1000, now: NOW });
      // 1 000 months reach back to 1943: candle times may be before the epoch
      expect(candles.length).toBe(1000);
      for (let i = 1; i < candles.length; i++) {
        expect((candles[i] as Candle).time).toBeGreaterThan((candles[i - 1] as Candle).time);
      }
      expect(candles[candles.length - 1]?.time).toBe(periodStart(period, NOW));
    }
  }, 60_000);

  it('has no candles while the market is closed, and skips them when counting back', () => {
    const closedMinute = (symbol: 'aapl' | 'eurusd' | 'xauusd', candle: Candle, ms: number) => {
      for (let t = candle.time; t < candle.time + ms; t += MINUTE) {
        if (isMarketOpen(symbol === 'aapl' ? 'stock' : symbol === 'eurusd' ? 'forex' : 'metal', t))
          return false;
      }
      return true;
    };
    for (const symbol of ['aapl', 'eurusd', 'xauusd'] as const) {
      for (const [period, ms] of [
        ['1m', MINUTE],
        ['1h', 60 * MINUTE],
        ['4h', 240 * MINUTE],
        ['1d', 1440 * MINUTE],
      ] as const) {
        const candles = book.history(symbol, period, { limit: 300, now: NOW });
        expect(candles).toHaveLength(300);
        for (const candle of candles) expect(closedMinute(symbol, candle, ms)).toBe(false);
      }
    }
    // Saturdays never have a day candle; a stock has none on Sunday either
    const weekday = (c: Candle) => new Date(c.time).getUTCDay();
    const stockDays = book.history('aapl', '1d', { limit: 100, now: NOW });
    expect(stockDays.filter((c) => weekday(c) === 0 || weekday(c) === 6)).toEqual([]);
    const forexDays = book.history('eurusd', '1d', { limit: 100, now: NOW });
    expect(forexDays.filter((c) => weekday(c) === 6)).toEqual([]);
    // the 1m candles before Monday's open are Friday's last ones (14:34 is forming)
    const monday = Date.UTC(2026, 10, 23, 14, 34, 30);
    const early = book.history('aapl', '1m', { limit: 10, now: monday });
    expect(early.map((c) => c.time)).toEqual([
      ...Array.from({ length: 5 }, (_, i) => Date.UTC(2026, 10, 20, 20, 55 + i)),
      ...Array.from({ length: 5 }, (_, i) => Date.UTC(2026, 10, 23, 14, 30 + i)),
    ]);
    // and a stock has no candle for a Saturday window at all
    const saturday = Date.UTC(2026, 10, 21, 12);
    expect(
      book.history('aapl', '1h', {
        from: saturday,
        to: saturday + 6 * 3_600_000,
        limit: 10,
        now: NOW,
      }),
    ).toEqual([]);
  });

  it('trims the forming candle at now: no tick after now is in it', () => {
    const track = book.track('btcusdt');
    for (const period of ['1m', '1h', '1d'] as const) {
      const [forming] = book.history('btcusdt', period, { limit: 1, now: NOW });
      const start = periodStart(period, NOW);
      let high = -Infinity;
      let low = Infinity;
      for (let t = Math.max(start, NOW - 3_600_000); t <= NOW; t += 1000) {
        const price = track.process.priceAt(t);
        high = Math.max(high, price);
        low = Math.min(low, price);
      }
      expect(forming?.close).toBe(track.process.tickAt(NOW));
      expect(Number(forming?.high)).toBeGreaterThanOrEqual(Number(high.toFixed(2)));
      if (period !== '1d') {
        expect(forming?.high).toBe(high.toFixed(2));
        expect(forming?.low).toBe(low.toFixed(2));
      }
    }
    // a minute later the same candle has moved on
    const [before] = book.history('btcusdt', '1h', { limit: 1, now: NOW });
    const [after] = book.history('btcusdt', '1h', { limit: 1, now: NOW + MINUTE });
    expect(after?.time).toBe(before?.time);
    expect(after?.close).toBe(track.process.tickAt(NOW + MINUTE));
    expect(new Decimal(after?.volume ?? 0).gt(before?.volume ?? 0)).toBe(true);
    // a window that ends in the future ends now
    const [clamped] = book.history('btcusdt', '1m', { to: NOW + 86_400_000, limit: 1, now: NOW });
    expect(clamped?.time).toBe(periodStart('1m', NOW));
  });

  it('is deterministic from the seed', () => {
    const again = new CandleBook(5).history('aapl', '1h', { limit: 50, now: NOW });
    expect(book.history('aapl', '1h', { limit: 50, now: NOW })).toEqual(again);
    expect(new CandleBook(6).history('aapl', '1h', { limit: 50, now: NOW })).not.toEqual(again);
  });
});

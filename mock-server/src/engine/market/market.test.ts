import type { Candle } from '@bourse/protocol';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Market } from './market.ts';
import { emptyMarketState } from './overrides.ts';

const NOW = Date.UTC(2026, 10, 18, 15, 20, 17, 250);
const MINUTE = 60_000;
const DAY = 86_400_000;

const newMarket = () => {
  const state = emptyMarketState();
  return new Market(
    7,
    () => state,
    () => undefined,
  );
};

const max = (candles: readonly Candle[], key: 'high' | 'low') => {
  const values = candles.map((c) => c[key]);
  return key === 'high' ? Decimal.max(...values) : Decimal.min(...values);
};
const volume = (candles: readonly Candle[]) =>
  candles.reduce((sum, c) => sum.plus(c.volume), new Decimal(0));

describe('Market', () => {
  it('takes the 24 h statistics from the same minutes the candles show', () => {
    const market = newMarket();
    for (const id of ['btcusdt', 'eurusd', 'aapl']) {
      const ticker = market.ticker(id, NOW);
      const minutes = market.history(id, '1m', { from: NOW - DAY - MINUTE, limit: 1500 }, NOW);
      const inside = minutes.filter((c) => c.time >= NOW - DAY);
      expect(ticker.last_price).toBe(minutes.at(-1)?.close);
      // the window starts inside a minute: its whole minutes bound it from both sides
      expect(new Decimal(ticker.high).lte(max(minutes, 'high'))).toBe(true);
      expect(new Decimal(ticker.high).gte(max(inside, 'high'))).toBe(true);
      expect(new Decimal(ticker.low).gte(max(minutes, 'low'))).toBe(true);
      expect(new Decimal(ticker.low).lte(max(inside, 'low'))).toBe(true);
      expect(new Decimal(ticker.volume).gte(volume(inside))).toBe(true);
      expect(new Decimal(ticker.volume).lte(volume(minutes))).toBe(true);
      expect(new Decimal(ticker.change).eq(new Decimal(ticker.last_price).minus(ticker.open))).toBe(
        true,
      );
    }
  });

  it('quotes a closed stock by its last session over the weekend, not a flat 0 %', () => {
    const market = newMarket();
    // Friday 2026-11-20, 16:00 New York (21:00 UTC): the close; Sunday noon UTC: still closed
    const fridayClose = Date.UTC(2026, 10, 20, 21);
    const sunday = Date.UTC(2026, 10, 22, 12);
    const ticker = market.ticker('aapl', sunday);
    expect(ticker.status).toBe('closed');
    expect(ticker.time).toBe(sunday);
    expect(ticker.last_price).toBe(market.price('aapl', fridayClose));
    expect(ticker.open).toBe(market.price('aapl', fridayClose - DAY));
    expect(new Decimal(ticker.change_rate).isZero()).toBe(false);
    expect(new Decimal(ticker.volume).gt(0)).toBe(true);
    // the same numbers as at the close itself
    const atClose = market.ticker('aapl', fridayClose);
    expect({ ...ticker, time: 0, status: 'x' }).toEqual({ ...atClose, time: 0, status: 'x' });
  });

  it('quotes a price set while the market is closed', () => {
    const market = newMarket();
    const sunday = Date.UTC(2026, 10, 22, 12);
    market.setPrice('aapl', '300.00', sunday);
    expect(market.ticker('aapl', sunday + 2000).last_price).toBe('300.00');
  });

  it('quotes a spread around the last price, a tick at least', () => {
    const market = newMarket();
    for (const ticker of market.tickers(NOW)) {
      const last = new Decimal(ticker.last_price);
      expect(new Decimal(ticker.bid).lt(last)).toBe(true);
      expect(new Decimal(ticker.ask).gt(last)).toBe(true);
      // under half a percent wide
      expect(new Decimal(ticker.ask).minus(ticker.bid).div(last).lt(0.005)).toBe(true);
    }
  });

  it('keeps candles built from their minutes across a price override', () => {
    const market = newMarket();
    const at = NOW - 25 * MINUTE;
    market.setPrice('btcusdt', '12345.67', at);
    expect(market.price('btcusdt', at + 1000)).toBe('12345.67');
    const [hour] = market.history('btcusdt', '1h', { to: at, limit: 1 }, NOW);
    const minutes = market.history(
      'btcusdt',
      '1m',
      { from: hour?.time, to: (hour?.time ?? 0) + 59 * MINUTE, limit: 60 },
      NOW,
    );
    expect(hour?.open).toBe(minutes[0]?.open);
    expect(hour?.close).toBe(minutes.at(-1)?.close);
    expect(hour?.high).toBe(max(minutes, 'high').toFixed(2));
    expect(new Decimal(hour?.low ?? 0).eq(max(minutes, 'low'))).toBe(true);
    expect(new Decimal(hour?.volume ?? 0).eq(volume(minutes))).toBe(true);
    // the minute the price was set in shows the move
    const moved = minutes.find((c) => c.time === Math.floor(at / MINUTE) * MINUTE);
    expect(Number(moved?.low)).toBeLessThanOrEqual(12_345.67);
  });

  it('holds a paused price through the candles and the ticker', () => {
    const market = newMarket();
    market.pause(undefined, NOW - 10 * MINUTE);
    const held = market.price('ethusdt', NOW - 10 * MINUTE + 1000);
    expect(market.ticker('ethusdt', NOW).last_price).toBe(held);
    const minutes = market.history('ethusdt', '1m', { limit: 5 }, NOW);
    for (const minute of minutes) {
      expect(minute).toMatchObject({ open: held, high: held, low: held, close: held });
      expect(minute.volume).toBe('0.0000');
    }
  });
});

describe('the ticks an option is decided on', () => {
  // a Tuesday: AAPL trades 14:30 to 21:00 UTC (New York, standard time)
  const TUESDAY = Date.UTC(2026, 10, 24);
  const at = (hours: number, minutes: number, seconds = 0, ms = 0) =>
    TUESDAY + ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms;

  it('reads the tick of the second while open, and the last one of the session while closed', () => {
    const market = newMarket();
    expect(market.tickAt('aapl', at(15, 0, 7, 999))).toEqual({
      time: at(15, 0, 7),
      price: market.price('aapl', at(15, 0, 7)),
    });
    expect(market.tickAt('aapl', at(22, 13))?.time).toBe(at(20, 59, 59));
    expect(market.tickAt('aapl', at(21, 0))?.time).toBe(at(20, 59, 59));
  });

  it('lists only the seconds the market printed', () => {
    const market = newMarket();
    expect(
      market.ticksBetween('aapl', at(20, 59, 57, 500), at(21, 0, 3)).map((t) => t.time),
    ).toEqual([at(20, 59, 58), at(20, 59, 59)]);
    expect(market.ticksBetween('btcusdt', at(3, 0), at(3, 0, 2))).toHaveLength(3);
  });

  it('finds the next opening within a horizon, or now when open', () => {
    const market = newMarket();
    expect(market.nextOpenAt('aapl', at(12, 0, 0, 250), DAY)).toBe(at(14, 30));
    expect(market.nextOpenAt('aapl', at(15, 0, 0, 250), DAY)).toBe(at(15, 0, 0, 250));
    expect(market.nextOpenAt('aapl', at(12, 0), MINUTE)).toBeNull();
    // from Friday's close, Monday's opening is more than a day away
    expect(market.nextOpenAt('aapl', Date.UTC(2026, 10, 27, 22), DAY)).toBeNull();
  });
});

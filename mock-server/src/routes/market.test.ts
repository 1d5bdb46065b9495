import { KLINE_PERIODS, market, type Candle, type Ticker } from '@bourse/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, testApp } from '../test/wire.ts';

interface LogData {
  symbol_id: string;
  period: string;
  list: Candle[];
}

const MINUTE = 60_000;
const DAY = 86_400_000;

let app: FastifyInstance;
/** the simulated time, frozen for each test */
let NOW: number;
beforeEach(async () => {
  app = await testApp();
  NOW = (
    await app.inject({ method: 'POST', url: '/__control/clock', payload: { action: 'freeze' } })
  ).json<{ now: number }>().now;
});
afterEach(async () => {
  await app.close();
});

const advance = (ms: number) =>
  app.inject({ method: 'POST', url: '/__control/clock', payload: { action: 'advance', ms } });
const now = () => app.exchange.now();
const symbol = (symbolId: string, language = 'en') =>
  call<Ticker>(app, market.getSymbol.path, { symbol_id: symbolId }, { language });
const logData = (body: Record<string, unknown>) => call<LogData>(app, market.getLogData.path, body);

describe('/api/trades/getSymbol', () => {
  it('answers a guest with the 24 h ticker of a symbol', async () => {
    const reply = await symbol('btcusdt');
    expect(reply.code).toBe(200);
    const ticker = reply.data;
    expect(market.getSymbol.response.parse(ticker)).toEqual(ticker);
    expect(ticker).toMatchObject({
      symbol_id: 'btcusdt',
      symbol: 'BTC/USDT',
      status: 'open',
      time: now(),
    });
    const last = Number(ticker.last_price);
    expect(Number(ticker.bid)).toBeLessThan(last);
    expect(Number(ticker.ask)).toBeGreaterThan(last);
    expect(Number(ticker.high)).toBeGreaterThanOrEqual(Math.max(last, Number(ticker.open)));
    expect(Number(ticker.low)).toBeLessThanOrEqual(Math.min(last, Number(ticker.open)));
    expect(Number(ticker.volume)).toBeGreaterThan(0);
    // the open is the price a day ago, and the change is measured from it
    expect(ticker.open).toBe(app.exchange.market.price('btcusdt', NOW - DAY));
    expect((Number(ticker.last_price) - Number(ticker.open)).toFixed(2)).toBe(ticker.change);
  });

  it('shows a stock as closed at the weekend, its price where Friday left it', async () => {
    const saturday = (Math.floor(NOW / DAY) + ((6 - new Date(NOW).getUTCDay() + 7) % 7 || 7)) * DAY;
    await advance(saturday + 12 * 3_600_000 - NOW);
    const reply = await symbol('aapl');
    expect(reply.data.status).toBe('closed');
    const [friday] = (await logData({ symbol_id: 'aapl', period: '1m', limit: 1 })).data.list;
    expect(new Date(friday?.time ?? 0).getUTCDay()).toBe(5);
    expect(reply.data.last_price).toBe(friday?.close);
    // nothing trades on Saturday: an hour later the price and the newest candle are the same
    await advance(3_600_000);
    expect((await symbol('aapl')).data.last_price).toBe(reply.data.last_price);
    expect((await logData({ symbol_id: 'aapl', period: '1m', limit: 1 })).data.list).toEqual([
      friday,
    ]);
  });

  it('refuses an unknown symbol with not-found, in the caller’s language', async () => {
    const reply = await symbol('nosuch', 'de');
    expect(reply.code).toBe(404);
    expect(reply.msg).toBe('Dieses Symbol existiert nicht');
    expect((await logData({ symbol_id: 'nosuch', period: '1m' })).code).toBe(404);
  });
});

describe('/api/trades/getLogData', () => {
  it('returns the newest candles of every period, oldest first, the last forming now', async () => {
    for (const period of KLINE_PERIODS) {
      const reply = await logData({ symbol_id: 'ethusdt', period, limit: 30 });
      expect(reply.code).toBe(200);
      expect(market.getLogData.response.parse(reply.data)).toEqual(reply.data);
      const { list } = reply.data;
      expect(list).toHaveLength(30);
      expect(list.map((c) => c.time)).toEqual([...list.map((c) => c.time)].sort((a, b) => a - b));
      expect(list[29]?.close).toBe((await symbol('ethusdt')).data.last_price);
    }
  });

  it('serves 500 candles by default and reads a window with from, to and limit', async () => {
    expect((await logData({ symbol_id: 'btcusdt', period: '1h' })).data.list).toHaveLength(500);
    const from = NOW - 10 * 60 * MINUTE;
    const to = NOW - 5 * 60 * MINUTE;
    const window = (await logData({ symbol_id: 'btcusdt', period: '1h', from, to, limit: 100 }))
      .data.list;
    expect(window.map((c) => c.time)).toEqual(
      Array.from(
        { length: 5 },
        (_, i) => Math.floor(from / 3_600_000) * 3_600_000 + 3_600_000 * (i + 1),
      ),
    );
    // the newest `limit` of the window
    const newest = (await logData({ symbol_id: 'btcusdt', period: '1h', from, to, limit: 2 })).data
      .list;
    expect(newest).toEqual(window.slice(-2));
  });

  it('ends a window in the future now, and has nothing newer than now', async () => {
    const reply = await logData({
      symbol_id: 'btcusdt',
      period: '1m',
      to: NOW + DAY,
      limit: 3,
    });
    expect(reply.code).toBe(200);
    expect(reply.data.list.at(-1)?.time).toBe(Math.floor(NOW / MINUTE) * MINUTE);
  });

  it('refuses a limit over the maximum and a window that ends before it starts', async () => {
    expect((await logData({ symbol_id: 'btcusdt', period: '1m', limit: 5000 })).code).toBe(400);
    expect(
      (await logData({ symbol_id: 'btcusdt', period: '1m', from: NOW, to: NOW - 1 })).code,
    ).toBe(400);
    expect((await logData({ symbol_id: 'btcusdt', period: '2m' })).code).toBe(400);
  });
});

import { market, type Candle, type Ticker } from '@bourse/protocol';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, testApp } from '../test/wire.ts';

const MINUTE = 60_000;
/**
 * The wall clock the market runs from: fixed, so that the path the prices take (drawn from the
 * seed and the time) is the same on every run, whatever the hour the suite runs at (at 01:50 on
 * 2026-11-28 BTC's real-time path moved 5.8 % in the ten minutes the first test watches). Half a
 * second past a whole one, as a real clock mostly is: a change takes effect at the next whole
 * second, which is now itself on a whole one.
 */
const NOW = 1_763_900_000_500;

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp({ wallClock: () => NOW });
  await control('/clock', { action: 'freeze' });
});
afterEach(async () => {
  await app.close();
});

function control(url: string, payload: object) {
  return app.inject({ method: 'POST', url: `/__control${url}`, payload });
}
const advance = (ms: number) => control('/clock', { action: 'advance', ms });
const last = async (symbolId = 'btcusdt') =>
  (await call<Ticker>(app, market.getSymbol.path, { symbol_id: symbolId }, { time: NOW })).data
    .last_price;
const candles = async (period: string, limit: number, symbolId = 'btcusdt') =>
  (
    await call<{ list: Candle[] }>(
      app,
      market.getLogData.path,
      { symbol_id: symbolId, period, limit },
      { time: NOW },
    )
  ).data.list;

describe('the market control API', () => {
  it('sets a price from the next second, and the market goes on from it', async () => {
    const reply = await control('/market/price', { symbol_id: 'btcusdt', price: '50000' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      list: [{ symbol_id: 'btcusdt', price: '50000.00', paused: false }],
    });
    await advance(1000);
    expect(await last()).toBe('50000.00');
    // it moves on, scaled, near the new level
    await advance(10 * MINUTE);
    const moved = Number(await last());
    expect(moved).not.toBe(50_000);
    expect(Math.abs(moved / 50_000 - 1)).toBeLessThan(0.05);
    // the candles show it, and still add up: the 5m candles are their minutes
    const minutes = await candles('1m', 20);
    const fives = await candles('5m', 3);
    for (const five of fives.slice(0, 2)) {
      const inside = minutes.filter((m) => m.time >= five.time && m.time < five.time + 5 * MINUTE);
      expect(inside).toHaveLength(5);
      expect(five.open).toBe(inside[0]?.open);
      expect(five.close).toBe(inside[4]?.close);
      expect(five.high).toBe(Decimal.max(...inside.map((m) => m.high)).toFixed(2));
      expect(five.low).toBe(Decimal.min(...inside.map((m) => m.low)).toFixed(2));
    }
    expect(minutes.some((m) => Math.abs(Number(m.close) / 50_000 - 1) < 0.01)).toBe(true);
  });

  it('pauses every symbol where it is, and resumes from the held price', async () => {
    await advance(1000);
    const before = await last('ethusdt');
    const paused = (await control('/market/pause', {})).json<{ list: { paused: boolean }[] }>();
    expect(paused.list.length).toBeGreaterThanOrEqual(40);
    await advance(1000);
    const held = await last('ethusdt');
    await advance(30 * MINUTE);
    expect(await last('ethusdt')).toBe(held);
    expect(Math.abs(Number(held) / Number(before) - 1)).toBeLessThan(0.01);
    // held minutes are flat and trade nothing
    const [flat] = await candles('1m', 2, 'ethusdt');
    expect(flat).toMatchObject({
      open: held,
      high: held,
      low: held,
      close: held,
      volume: '0.0000',
    });
    await control('/market/resume', { symbol_id: 'ethusdt' });
    await advance(1000);
    expect(Math.abs(Number(await last('ethusdt')) / Number(held) - 1)).toBeLessThan(0.001);
    await advance(10 * MINUTE);
    expect(await last('ethusdt')).not.toBe(held);
    // the others stay paused
    const btc = await last();
    await advance(MINUTE);
    expect(await last()).toBe(btc);
  });

  it('plays a scripted path, holding each point in turn, then goes on from the last', async () => {
    const reply = await control('/market/path', {
      symbol_id: 'btcusdt',
      points: [
        { price: '60000', after_ms: 0 },
        { price: '58000', after_ms: 30_000 },
        { price: '61000.5', after_ms: 30_000 },
      ],
    });
    expect(reply.statusCode).toBe(200);
    await advance(1000);
    expect(await last()).toBe('60000.00');
    await advance(20_000);
    expect(await last()).toBe('60000.00');
    await advance(30_000);
    expect(await last()).toBe('58000.00');
    await advance(30_000);
    // 21 s on from the last point: the market has moved on from 61000.5, but not far (the clock
    // starts at the wall time, so the exact path differs from run to run; 1 % is ~20 σ for BTC)
    expect(Math.abs(Number(await last()) / 61_000.5 - 1)).toBeLessThan(0.01);
    await advance(5 * MINUTE);
    expect(await last()).not.toBe('61000.50');
  });

  it('refuses an unknown symbol and a price that is not one', async () => {
    expect((await control('/market/price', { symbol_id: 'nosuch', price: '1' })).statusCode).toBe(
      404,
    );
    expect((await control('/market/pause', { symbol_id: 'nosuch' })).statusCode).toBe(404);
    expect((await control('/market/price', { symbol_id: 'btcusdt', price: '-1' })).statusCode).toBe(
      400,
    );
    expect(
      (await control('/market/price', { symbol_id: 'btcusdt', price: '0.001' })).statusCode,
    ).toBe(400);
    expect((await control('/market/path', { symbol_id: 'btcusdt', points: [] })).statusCode).toBe(
      400,
    );
  });

  it('keeps overrides in the saved state, and a reset drops them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bourse-market-'));
    try {
      const first = await testApp({ dataDir: dir });
      await first.inject({
        method: 'POST',
        url: '/__control/market/pause',
        payload: { symbol_id: 'solusdt' },
      });
      const held = first.exchange.market.price('solusdt', first.exchange.now() + 1000);
      await first.close();
      const second = await testApp({ dataDir: dir });
      expect(second.exchange.market.paused('solusdt', second.exchange.now() + 1000)).toBe(true);
      expect(second.exchange.market.price('solusdt', second.exchange.now() + 5000)).toBe(held);
      await second.inject({ method: 'POST', url: '/__control/reset', payload: {} });
      expect(second.exchange.market.paused('solusdt', second.exchange.now() + 1000)).toBe(false);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

import { pushMessage, type PushMessage } from '@bourse/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { handled } from '../test/socket.ts';
import { testApp, UUID } from '../test/wire.ts';

let app: FastifyInstance | null = null;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await app?.close();
  app = null;
});

/** a socket subscribed to topics, and the next push it receives for a func */
async function subscriber(server: FastifyInstance, topics: string[]) {
  const socket = await server.injectWS(`/ws?uuid=${UUID}&time=${String(Date.now())}`);
  sockets.push(socket);
  const pushes: PushMessage[] = [];
  const waiting: { func: string; resolve: (push: PushMessage) => void }[] = [];
  socket.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString()) as { cmd: string; msg: unknown };
    if (frame.cmd !== 'data') return;
    const push = pushMessage.parse(frame.msg);
    const index = waiting.findIndex((waiter) => waiter.func === push.func);
    const [waiter] = index >= 0 ? waiting.splice(index, 1) : [];
    if (waiter) waiter.resolve(push);
    else pushes.push(push);
  });
  for (const topic of topics) socket.send(JSON.stringify({ cmd: 'sub', msg: topic }));
  // subscribed before the test moves anything: a push made after this reaches the socket
  await handled(socket);
  const next = (func: string): Promise<PushMessage> => {
    const index = pushes.findIndex((push) => push.func === func);
    if (index >= 0) return Promise.resolve(pushes.splice(index, 1)[0] as PushMessage);
    return new Promise((resolve) => waiting.push({ func, resolve }));
  };
  return { socket, next };
}

describe('the live market feed', () => {
  it('pushes every ticker on Data24h and the forming candle on a subscribed Kline topic', async () => {
    app = await testApp({ marketTickMs: 20 });
    const { next } = await subscriber(app, ['Data24h', 'Kline.btcusdt.1m']);
    const data24h = await next('Data24h');
    expect(data24h.topic).toBe('Data24h');
    const tickers = data24h.func === 'Data24h' ? data24h.data : [];
    expect(tickers.length).toBeGreaterThanOrEqual(40);
    expect(new Set(tickers.map((ticker) => ticker.symbol_id)).size).toBe(tickers.length);
    const kline = await next('Kline');
    expect(kline).toMatchObject({
      func: 'Kline',
      topic: 'Kline.btcusdt.1m',
      data: { symbol_id: 'btcusdt', period: '1m' },
    });
    const btc = tickers.find((ticker) => ticker.symbol_id === 'btcusdt');
    expect(btc?.status).toBe('open');
  });

  it('pushes at once when the control API moves a price, with the clock frozen', async () => {
    app = await testApp({ marketTickMs: 0 });
    await app.inject({ method: 'POST', url: '/__control/clock', payload: { action: 'freeze' } });
    const { next } = await subscriber(app, ['Data24h', 'Kline.ethusdt.5m']);
    await app.inject({
      method: 'POST',
      url: '/__control/market/price',
      payload: { symbol_id: 'ethusdt', price: '2500' },
    });
    await app.inject({
      method: 'POST',
      url: '/__control/clock',
      payload: { action: 'advance', ms: 1000 },
    });
    // one push for the price, one for the clock: the second carries the new price
    await next('Data24h');
    const moved = await next('Data24h');
    const eth = moved.func === 'Data24h' ? moved.data.find((t) => t.symbol_id === 'ethusdt') : null;
    expect(eth?.last_price).toBe('2500.00');
    await next('Kline');
    const candle = await next('Kline');
    expect(candle.func === 'Kline' ? candle.data.candle.close : null).toBe('2500.00');
  });
});

import { SCENARIOS } from '@bourse/fixtures';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { handled } from '../test/socket.ts';
import { call, testApp, UUID } from '../test/wire.ts';

/**
 * The options' and the game's pushes: an `Option` to the buyer's own socket when an order is
 * placed and when it settles; a `Digits` round to every socket subscribed to the topic, bound or
 * not, on each phase change, and a `Notice` with the result to the bettor's.
 */
const trader = SCENARIOS['verified-trader'].users[0]!;
let app: FastifyInstance;
let token: string;
let wsUrl: string;
const sockets: WebSocket[] = [];

async function listen(frames: object[]) {
  const pushes: { func: string; topic: string; data: Record<string, unknown> }[] = [];
  // a real socket on a listening server: the game's and the options' clocks run long, and a
  // socket injected into the app does not outlive simulated minutes of pushes reliably
  const socket = new WebSocket(`${wsUrl}/ws?uuid=${UUID}&time=${String(Date.now())}`);
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString()) as {
      cmd: string;
      msg: { func: string; topic: string; data: Record<string, unknown> };
    };
    if (frame.cmd === 'data') pushes.push(frame.msg);
  });
  for (const frame of frames) socket.send(JSON.stringify(frame));
  await handled(socket);
  return async (func: string) => {
    await handled(socket);
    return pushes.filter((push) => push.func === func);
  };
}
const control = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/__control${url}`, payload });
const advance = (ms: number) => control('/clock', { action: 'advance', ms });

beforeAll(async () => {
  app = await testApp({ scenario: 'verified-trader' });
  wsUrl = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
  token = (
    await call<{ token: string }>(app, '/api/login/index', {
      account: trader.email,
      password: trader.password,
    })
  ).data.token;
  await control('/clock', { action: 'freeze' });
  await control('/market/price', { symbol_id: 'btcusdt', price: '20000' });
  await control('/market/pause', { symbol_id: 'btcusdt' });
  await advance(1000);
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await app.close();
});

describe('the options and game pushes', () => {
  it('sends Option to the buyer when the order is placed and when it settles', async () => {
    const pushed = await listen([{ cmd: 'bind', msg: token }]);
    const placed = await call<{ id: string }>(
      app,
      '/api/MicroOrders/addOrder',
      {
        symbol_id: 'btcusdt',
        duration_id: '1',
        direction: 'up',
        amount: '10',
        request_id: 'options-push-order-0001',
      },
      { token },
    );
    expect(placed.code).toBe(200);
    await advance(30_000);
    const options = await pushed('Option');
    console.log(
      JSON.stringify((await pushed('Balance')).length),
      JSON.stringify(options.map((p) => p.data['status'])),
    );
    expect(options.map((push) => [push.topic, push.data['id'], push.data['status']])).toEqual([
      ['Option', placed.data.id, 'trading'],
      ['Option', placed.data.id, 'settled'],
    ]);
    expect(options[1]?.data['result']).toBe('draw');
  });

  it('sends each phase of the period to the Digits topic, and the result to the bettor', async () => {
    const guest = await listen([{ cmd: 'sub', msg: 'Digits' }]);
    const bettor = await listen([{ cmd: 'bind', msg: token }]);
    const issue = (
      await call<{ issue: string; next_open_at: number; server_time: number }>(
        app,
        '/api/Digits/getIssue',
        {},
      )
    ).data;
    await advance(issue.next_open_at - issue.server_time);
    const period = (await call<{ issue: string }>(app, '/api/Digits/getIssue', {})).data.issue;
    const bet = await call(
      app,
      '/api/Digits/addBet',
      { issue: period, bet_type: 'odd', amount: '5', request_id: 'digits-push-bet-00001' },
      { token },
    );
    expect(bet.code).toBe(200);
    await advance(60_000);
    const phases = (await guest('Digits'))
      .filter((push) => push.data['issue'] === period)
      .map((push) => push.data['phase']);
    expect(phases).toEqual(['betting', 'closing', 'drawn']);
    const notices = await bettor('Notice');
    expect(notices).toHaveLength(1);
    expect(String(notices[0]?.data['title'])).toContain(period);
    expect(await bettor('Digits')).toEqual([]);
  });
});

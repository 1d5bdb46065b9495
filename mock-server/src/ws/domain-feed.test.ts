import { SCENARIOS } from '@bourse/fixtures';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { handled } from '../test/socket.ts';
import { call, registerUser, testApp, UUID } from '../test/wire.ts';

/**
 * The contract pushes: Order, Position and Balance to the trader's own socket when an order
 * trades, a closed Position and a Notice when the position is liquidated; nothing to another
 * user's socket.
 */
const trader = SCENARIOS['verified-trader'].users[0]!;
let app: FastifyInstance;
let token: string;
const sockets: WebSocket[] = [];

async function listen(bindToken: string) {
  const pushes: { func: string; data: Record<string, unknown> }[] = [];
  const socket = await app.injectWS(`/ws?uuid=${UUID}&time=${String(Date.now())}`);
  sockets.push(socket);
  socket.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString()) as {
      cmd: string;
      msg: { func: string; data: Record<string, unknown> };
    };
    if (frame.cmd === 'data') pushes.push(frame.msg);
  });
  socket.send(JSON.stringify({ cmd: 'bind', msg: bindToken }));
  // bound before the test trades: a push made after this reaches the socket
  await handled(socket);
  const pushed = (func: string) => pushes.filter((push) => push.func === func);
  /** the same, once every push the server made so far has arrived */
  const soFar = async (func: string) => {
    await handled(socket);
    return pushed(func);
  };
  return Object.assign(pushed, { soFar });
}
const control = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/__control${url}`, payload });
async function price(value: string) {
  await control('/market/price', { symbol_id: 'btcusdt', price: value });
  await control('/clock', { action: 'advance', ms: 1000 });
}

beforeAll(async () => {
  app = await testApp({ scenario: 'verified-trader' });
  const login = await call<{ token: string }>(app, '/api/login/index', {
    account: trader.email,
    password: trader.password,
  });
  token = login.data.token;
  await control('/clock', { action: 'freeze' });
  await price('20000');
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await app.close();
});

describe('the contract pushes', () => {
  it('sends Order, Position and Balance on a fill, and a closed Position and a Notice on liquidation', async () => {
    const pushed = await listen(token);
    const { token: otherToken } = await registerUser(app, 'bystander@example.com');
    const otherPushed = await listen(otherToken);
    const placed = await call<{ id: string }>(
      app,
      '/api/Contract/addOrder',
      {
        symbol_id: 'btcusdt',
        side: 'buy',
        type: 'market',
        quantity: '0.1',
        leverage_id: '5',
        request_id: 'contract-push-order-0001',
      },
      { token },
    );
    expect(placed.code).toBe(200);
    await expect.poll(() => pushed('Position').length).toBe(1);
    expect(pushed('Order').at(-1)?.data).toMatchObject({ id: placed.data.id, status: 'filled' });
    expect(pushed('Position')[0]?.data).toMatchObject({ direction: 'long', quantity: '0.1' });
    await expect.poll(() => pushed('Balance').length).toBeGreaterThan(0);
    const balance = pushed('Balance').at(-1)?.data as { list: { account: string }[] };
    expect(balance.list.find((item) => item.account === 'contract')).toMatchObject({
      // 2 500 − margin 20.0002 − fee 1.200012 (0.1 at 20 000.20, 100×)
      available: '2478.799788',
      frozen: '20.0002',
    });

    await price('19000');
    await expect.poll(() => pushed('Notice').length).toBe(1);
    expect(pushed('Notice')[0]?.data['title']).toBe('Position liquidated');
    expect(pushed('Position').at(-1)?.data).toMatchObject({ closed: true });
    expect(await otherPushed.soFar('Order')).toEqual([]);
    expect(otherPushed('Position')).toEqual([]);
    expect(otherPushed('Notice')).toEqual([]);
  });
});

import { SCENARIOS } from '@bourse/fixtures';
import type { AccountBalances, OptionOrder } from '@bourse/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, testApp } from '../test/wire.ts';

/**
 * The four /api/MicroOrders/* calls over the wire, one app for the file: the verified trader of
 * the scenario (500 USDT in the real option account) buys BTC at prices the control API sets and
 * holds, on a frozen clock the control API moves; the fresh user is refused on real.
 */
const trader = SCENARIOS['verified-trader'].users[0]!;
const fresh = SCENARIOS['fresh-user'].users[0]!;
const BTC = 'btcusdt';
let app: FastifyInstance;
let token: string;
let serial = 0;
const rid = () => `option-route-${String(++serial).padStart(8, '0')}`;

const control = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/__control${url}`, ...(payload ? { payload } : {}) });
const clockNow = async () => (await control('GET', '/clock')).json<{ now: number }>().now;
/** the BTC price from the next second on, held there, and the clock moved to it */
async function hold(price: string) {
  await control('POST', '/market/price', { symbol_id: BTC, price });
  await control('POST', '/market/pause', { symbol_id: BTC });
  await control('POST', '/clock', { action: 'advance', ms: 1000 });
}
const as = <T = Record<string, unknown>>(
  path: string,
  body: Record<string, unknown> = {},
  language = 'en',
  time?: number,
) =>
  call<T>(app, `/api/MicroOrders/${path}`, body, {
    token,
    language,
    ...(time === undefined ? {} : { time }),
  });
const optionBalance = async () =>
  (await call<AccountBalances>(app, '/api/account/index', {}, { token })).data.list.find(
    (item) => item.account === 'option',
  );

beforeAll(async () => {
  app = await testApp({ scenario: 'verified-trader' });
  token = (
    await call<{ token: string }>(app, '/api/login/index', {
      account: trader.email,
      password: trader.password,
    })
  ).data.token;
  await control('POST', '/clock', { action: 'freeze' });
  await hold('20000.00');
});
afterAll(async () => {
  await app.close();
});

describe('the options calls', () => {
  it('getSecondList: the durations, the desk’s rules and the server’s time, to a guest', async () => {
    const reply = await call<{
      list: { id: string; seconds: number; open: boolean }[];
      settings: { max_open_orders: number; tie_rule: string };
      server_time: number;
    }>(app, '/api/MicroOrders/getSecondList', { symbol_id: BTC });
    expect(reply.code).toBe(200);
    expect(reply.data.list.map((row) => row.seconds)).toEqual([
      30, 60, 180, 300, 900, 3600, 86_400, 604_800, 2_592_000,
    ]);
    expect(reply.data.list.filter((row) => !row.open).map((row) => row.id)).toEqual(['9']);
    expect(reply.data.settings).toMatchObject({ max_open_orders: 20, tie_rule: 'refund' });
    expect(reply.data.server_time).toBe(await clockNow());
    expect((await as('getSecondList', { symbol_id: 'nope' })).code).toBe(404);
  });

  it('buys up, pays 185 % of the stake at delivery, and lists it with its ticks', async () => {
    const order = await as<OptionOrder>('addOrder', {
      symbol_id: BTC,
      duration_id: '2',
      direction: 'up',
      amount: '100',
      request_id: rid(),
      quote_price: '20000.00',
    });
    expect(order.code).toBe(200);
    expect(order.data).toMatchObject({ status: 'trading', open_price: '20000.00', profit: '0.00' });
    expect(await optionBalance()).toMatchObject({ available: '400.00', frozen: '100.00' });
    const trading = await as<{ total: number }>('orderList', { status: 'trading' });
    expect(trading.data.total).toBe(1);

    await hold('20000.50');
    await control('POST', '/clock', { action: 'advance', ms: 59_000 });
    const settled = await as<{ list: OptionOrder[] }>('orderList', { status: 'settled' });
    expect(settled.data.list[0]).toMatchObject({
      id: order.data.id,
      result: 'win',
      close_price: '20000.50',
      profit: '85.00',
      payout: '185.00',
    });
    expect(settled.data.list[0]?.audit.exit.at(-1)?.price).toBe('20000.50');
    expect(await optionBalance()).toMatchObject({ available: '585.00', frozen: '0.00' });
  });

  it('refuses in the caller’s language, naming what is wrong, and moves nothing', async () => {
    const before = await optionBalance();
    const body = { symbol_id: BTC, duration_id: '2', direction: 'down', amount: '100' };
    const closed = await as('addOrder', { ...body, duration_id: '9', request_id: rid() }, 'de');
    expect(closed).toMatchObject({
      code: 500,
      msg: 'Für diese Laufzeit werden derzeit keine Aufträge angenommen',
    });
    const small = await as('addOrder', { ...body, amount: '9.99', request_id: rid() });
    expect(small).toMatchObject({ code: 500, msg: 'The minimum amount is 10 USDT' });
    const moved = await as('addOrder', { ...body, quote_price: '19000', request_id: rid() }, 'fr');
    // the new price in the reader's own format (French groups with a narrow space)
    expect(moved.code).toBe(500);
    expect(moved.msg).toMatch(
      /^Le prix est passé à 20\s000,50 : vérifiez-le et achetez à nouveau$/u,
    );
    const malformed = await as('addOrder', { ...body, amount: 'ten', request_id: rid() });
    expect(malformed.code).toBe(400);
    expect(await optionBalance()).toEqual(before);
  });

  it('cancels an order still waiting for its start, and not one that trades', async () => {
    const start = (await clockNow()) + 120_000;
    const waiting = await as<OptionOrder>('addOrder', {
      symbol_id: BTC,
      duration_id: '1',
      direction: 'up',
      amount: '50',
      request_id: rid(),
      start_at: start,
    });
    expect(waiting.data).toMatchObject({ status: 'ordering', start_at: start });
    const cancel = { order_id: waiting.data.id, request_id: rid() };
    const cancelled = await as<OptionOrder>('orderCancel', cancel);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', payout: '50.00' });
    expect((await as<OptionOrder>('orderCancel', cancel)).data).toEqual(cancelled.data);

    const running = await as<OptionOrder>('addOrder', {
      symbol_id: BTC,
      duration_id: '1',
      direction: 'up',
      amount: '50',
      request_id: rid(),
    });
    const refused = await as('orderCancel', { order_id: running.data.id, request_id: rid() });
    expect(refused).toMatchObject({
      code: 500,
      msg: 'This option has started and can no longer be cancelled',
    });
    expect((await as('orderCancel', { order_id: 'nope', request_id: rid() })).code).toBe(404);
  });

  it('asks an unverified user on the real account to verify first', async () => {
    const registered = await control('POST', '/reset', { scenario: 'fresh-user' });
    expect(registered.statusCode).toBe(200);
    const login = await call<{ token: string }>(app, '/api/login/index', {
      account: fresh.email,
      password: fresh.password,
    });
    token = login.data.token;
    const refused = await as('addOrder', {
      symbol_id: BTC,
      duration_id: '2',
      direction: 'up',
      amount: '10',
      request_id: rid(),
    });
    expect(refused).toMatchObject({
      code: 500,
      msg: 'Please complete identity verification first',
    });
  });
});

describe('the control API', () => {
  it('reads a user’s options and has no route that decides one', async () => {
    const routes = app.printRoutes({ commonPrefix: false });
    const optionRoutes = routes
      .split('\n')
      .filter((line) => /__control.*option/i.test(line))
      .map((line) => line.replace(/^[\s│├└─]+/, ''));
    expect(optionRoutes).toEqual(['/__control/options (GET, HEAD)']);
    const read = await control('GET', `/options?email=${encodeURIComponent(fresh.email)}`);
    expect(read.json()).toEqual({ orders: [] });
  });
});

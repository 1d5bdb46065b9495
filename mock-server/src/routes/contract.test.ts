import { SCENARIOS } from '@bourse/fixtures';
import type { ContractOrder, Position } from '@bourse/protocol';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, testApp } from '../test/wire.ts';

/**
 * The eleven /api/Contract/* calls over the wire, one app for the file: the verified trader of the
 * scenario trades BTC at prices the control API sets (the simulated clock frozen, moved a second
 * after each price so that it takes effect), and a new, unverified user is refused on real.
 */
const trader = SCENARIOS['verified-trader'].users[0]!;
let app: FastifyInstance;
let token: string;
let serial = 0;
const rid = () => `contract-route-${String(++serial).padStart(8, '0')}`;
const BTC = 'btcusdt';

const control = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/__control${url}`, payload });
/** the BTC price from the next second on, and the clock moved there */
async function price(value: string) {
  await control('/market/price', { symbol_id: BTC, price: value });
  await control('/clock', { action: 'advance', ms: 1000 });
}
const as = <T = Record<string, unknown>>(
  path: string,
  body: Record<string, unknown> = {},
  language = 'en',
) => call<T>(app, `/api/Contract/${path}`, body, { token, language });
const market = (fields: Record<string, unknown> = {}) =>
  as<ContractOrder>('addOrder', {
    symbol_id: BTC,
    side: 'buy',
    type: 'market',
    quantity: '0.01',
    leverage_id: '3',
    request_id: rid(),
    ...fields,
  });
const positions = async () => (await as<{ list: Position[] }>('storeList')).data.list;

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
  await app.close();
});

describe('the contract calls', () => {
  it('getContractInfo: the symbol’s terms, the mark and the available balance; 404 for no symbol', async () => {
    const info = await as('getContractInfo', { symbol_id: BTC });
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({
      symbol: 'BTC/USDT',
      leverage_id: '3',
      maker_fee_rate: '0.0002',
      taker_fee_rate: '0.0006',
      maintenance_margin_rate: '0.005',
      qty_step: '0.0001',
      mark_price: '20000.00',
      available: '2500.00',
      account_mode: 'real',
    });
    expect((await as('getContractInfo', { symbol_id: 'nope' })).code).toBe(404);
  });

  it('addOrder at market, storeList, orderList; a repeated request id places one order', async () => {
    const request_id = rid();
    const first = await market({ request_id });
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ status: 'filled', avg_price: '20000.20', fee: '0.1200012' });
    const again = await market({ request_id });
    expect(again.data).toEqual(first.data);
    const [position] = await positions();
    expect(position).toMatchObject({ direction: 'long', quantity: '0.01', margin: '10.0001' });
    const history = await as<{ list: ContractOrder[]; total: number }>('orderList', {
      group: 'history',
    });
    expect(history.data.total).toBe(1);
    const open = await as<{ total: number }>('orderList', { group: 'open' });
    expect(open.data.total).toBe(0);
    const short = await market({ quantity: '10' });
    expect(short).toMatchObject({ code: 500, msg: 'Insufficient available balance' });
  });

  it('addTakeStop: sets both, and refuses each wrong one with its reason in the caller’s language', async () => {
    const [position] = await positions();
    const id = position?.id;
    const wrongSide = await as(
      'addTakeStop',
      { position_id: id, take_profit: '19000', stop_loss: '', request_id: rid() },
      'de',
    );
    expect(wrongSide.code).toBe(500);
    expect(wrongSide.msg).toContain('Gewinnmitnahme');
    const near = await as('addTakeStop', {
      position_id: id,
      take_profit: '',
      stop_loss: '19050',
      request_id: rid(),
    });
    expect(near.code).toBe(500);
    expect(near.msg).toMatch(/^The stop loss is too close to the liquidation price: set it at/);
    const set = await as<Position>('addTakeStop', {
      position_id: id,
      take_profit: '25000',
      stop_loss: '19500',
      request_id: rid(),
    });
    expect(set.data).toMatchObject({ take_profit: '25000', stop_loss: '19500' });
    const missing = await as('addTakeStop', {
      position_id: 'nope',
      take_profit: '',
      stop_loss: '',
      request_id: rid(),
    });
    expect(missing.code).toBe(404);
  });

  it('depositChange: adds margin, then takes out at most max_reduce_margin (the loss counted)', async () => {
    const [position] = await positions();
    const added = await as<Position>('depositChange', {
      position_id: position?.id,
      action: 'add',
      amount: '5',
      request_id: rid(),
    });
    expect(added.data).toMatchObject({ margin: '15.0001', max_reduce_margin: '4.998' });
    const tooMuch = await as('depositChange', {
      position_id: position?.id,
      action: 'reduce',
      amount: '4.9981',
      request_id: rid(),
    });
    // the limit names its unit: a bare 4.998 could be a quantity of the coin
    expect(tooMuch).toMatchObject({
      code: 500,
      msg: 'You can take out at most 4.998 USDT of margin',
    });
    const reduced = await as<Position>('depositChange', {
      position_id: position?.id,
      action: 'reduce',
      amount: '4.998',
      request_id: rid(),
    });
    expect(reduced.data).toMatchObject({ margin: '10.0021', max_reduce_margin: '0.00' });
  });

  it('getStrategy and setStrategy: off by default, then saved', async () => {
    expect((await as('getStrategy')).data).toEqual({
      enabled: false,
      deposit_rate: '50',
      auto_add: '25',
    });
    const saved = await as('setStrategy', {
      enabled: true,
      deposit_rate: '80',
      auto_add: '20',
      request_id: rid(),
    });
    expect(saved.data).toEqual({ enabled: true, deposit_rate: '80', auto_add: '20' });
    expect((await as('getStrategy')).data).toEqual(saved.data);
    const wrong = await as('setStrategy', {
      enabled: true,
      deposit_rate: '180',
      auto_add: '20',
      request_id: rid(),
    });
    expect(wrong.code).toBe(400);
  });

  it('a limit order rests until the price reaches it, and cancelOrder releases it', async () => {
    const resting = await as<ContractOrder>('addOrder', {
      symbol_id: BTC,
      side: 'sell',
      type: 'limit',
      price: '21000',
      quantity: '0.01',
      leverage_id: '3',
      request_id: rid(),
    });
    expect(resting.data.status).toBe('pending');
    const other = await as<ContractOrder>('addOrder', {
      symbol_id: BTC,
      side: 'sell',
      type: 'limit',
      price: '30000',
      quantity: '0.01',
      leverage_id: '3',
      request_id: rid(),
    });
    expect((await as<{ total: number }>('orderList', { group: 'open' })).data.total).toBe(2);
    await price('21000.21');
    expect((await positions()).map((item) => item.direction).sort()).toEqual(['long', 'short']);
    const cancelled = await as<ContractOrder>('cancelOrder', {
      order_id: other.data.id,
      request_id: rid(),
    });
    expect(cancelled.data.status).toBe('cancelled');
    const again = await as('cancelOrder', { order_id: other.data.id, request_id: rid() });
    expect(again).toMatchObject({ code: 500, msg: 'This order is no longer open' });
    expect((await as('cancelOrder', { order_id: 'nope', request_id: rid() })).code).toBe(404);
  });

  it('partStop closes part; allStop closes the rest; both refuse what cannot be closed', async () => {
    const short = (await positions()).find((item) => item.direction === 'short');
    const part = await as<{ order: ContractOrder; position: Position | null }>('partStop', {
      position_id: short?.id,
      quantity: '0.004',
      request_id: rid(),
    });
    expect(part.data.order).toMatchObject({ action: 'close_short', quantity: '0.004' });
    expect(part.data.position?.quantity).toBe('0.006');
    const over = await as('partStop', {
      position_id: short?.id,
      quantity: '0.007',
      request_id: rid(),
    });
    expect(over).toMatchObject({ code: 500, msg: 'You can close at most 0.006' });
    const all = await as<{ list: ContractOrder[]; realized_pnl: string }>('allStop', {
      request_id: rid(),
    });
    expect(all.data.list).toHaveLength(2);
    expect(await positions()).toEqual([]);
    const none = await as<{ list: ContractOrder[] }>('allStop', { request_id: rid() });
    expect(none.data.list).toEqual([]);
    expect(
      (
        await as('partStop', {
          position_id: short?.id,
          quantity: '0.001',
          request_id: rid(),
        })
      ).code,
    ).toBe(404);
  });

  it('a closed position’s opening order keeps the time it filled as its updated_at, the position’s opened_at', async () => {
    const placed = await as<ContractOrder>('addOrder', {
      symbol_id: BTC,
      side: 'buy',
      type: 'limit',
      price: '19000',
      quantity: '0.01',
      leverage_id: '3',
      request_id: rid(),
    });
    await price('18900');
    const [position] = await positions();
    if (!position) throw new Error('the limit order did not fill');
    expect(position.opened_at).toBeGreaterThan(placed.data.created_at);
    await price('19100');
    const closed = await as<{ list: ContractOrder[] }>('allStop', { request_id: rid() });
    const close = closed.data.list[0];
    expect(close?.updated_at).toBeGreaterThan(position.opened_at);

    const history = await as<{ list: ContractOrder[] }>('orderList', { group: 'history' });
    const opening = history.data.list.find((order) => order.id === placed.data.id);
    // Closed now, and still saying when it traded: what a history detail shows as "Opened"
    expect(opening).toMatchObject({ status: 'closed', updated_at: position.opened_at });
  });

  it('refuses an unverified user on the real account with a prompt to verify, and serves demo', async () => {
    const saved = token;
    ({ token } = await registerUser(app, 'unverified.contract@example.com'));
    const refused = await market();
    expect(refused).toMatchObject({
      code: 500,
      msg: 'Verify your identity to trade contracts on the real account, or switch to the demo account',
    });
    await call(app, '/api/users/changeMock', { account_mode: 'demo' }, { token });
    await call(
      app,
      '/api/account/transfer',
      { from: 'fund', to: 'contract', amount: '1000', request_id: rid() },
      { token },
    );
    const demo = await market();
    expect(demo.data).toMatchObject({ status: 'filled', account_mode: 'demo' });
    token = saved;
  });
});

describe('durability', () => {
  it('keeps positions, orders and rules across a restart, answered before the reply', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bourse-contract-'));
    const saved = { app, token };
    try {
      app = await testApp({ scenario: 'verified-trader', dataDir });
      const login = await call<{ token: string }>(app, '/api/login/index', {
        account: trader.email,
        password: trader.password,
      });
      token = login.data.token;
      await control('/clock', { action: 'freeze' });
      await price('20000');
      const placed = await market();
      const resting = await market({ type: 'limit', price: '15000', quantity: '0.02' });
      expect(resting.data.status).toBe('pending');
      const before = await positions();
      await app.close();
      app = await testApp({ scenario: 'verified-trader', dataDir });
      expect(await positions()).toEqual(before);
      const open = await as<{ list: ContractOrder[] }>('orderList', { group: 'open' });
      expect(open.data.list.map((order) => order.id)).toEqual([resting.data.id]);
      const history = await as<{ list: ContractOrder[] }>('orderList', { group: 'history' });
      expect(history.data.list.map((order) => order.id)).toEqual([placed.data.id]);
      const info = await as('getContractInfo', { symbol_id: BTC });
      // 2 500 − (10.0001 + 0.1200012) − (15 + 0.06) frozen for the resting order
      expect(info.data['available']).toBe('2474.8198988');
    } finally {
      await app.close();
      ({ app, token } = saved);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

import { SCENARIOS } from '@bourse/fixtures';
import type { AccountBalances, ContractOrder } from '@bourse/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, testApp } from '../test/wire.ts';

/**
 * Issue 20's reproduction over the wire, in the `two-friends` scenario (Alice invited Bob): an
 * engine-made close (a take profit) of a demo position while its owner is switched to real is a
 * demo order, listed on demo only, and a demo fee pays no real invite reward; a real close made
 * while the owner is on demo is a real order and pays it.
 */
const [alice, bob] = SCENARIOS['two-friends'].users;
let app: FastifyInstance;
const tokens = new Map<string, string>();
let serial = 0;
const rid = () => `contract-modes-${String(++serial).padStart(6, '0')}`;
const BTC = 'btcusdt';

const control = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/__control${url}`, payload });
const as = async <T = Record<string, unknown>>(
  email: string,
  path: string,
  body: Record<string, unknown> = {},
) => (await call<T>(app, path, body, { token: tokens.get(email) ?? '' })).data;
/** the BTC price from the next second on, and the clock moved past it */
async function price(value: string) {
  await control('/market/price', { symbol_id: BTC, price: value });
  await control('/clock', { action: 'advance', ms: 1000 });
}
const realFund = async (email: string) => {
  await as(email, '/api/users/changeMock', { account_mode: 'real' });
  const balances = await as<AccountBalances>(email, '/api/account/index');
  return balances.list.find((row) => row.account === 'fund')?.available;
};
const history = async (email: string) =>
  (
    await as<{ list: ContractOrder[] }>(email, '/api/Contract/orderList', {
      group: 'history',
      page: 1,
      limit: 20,
    })
  ).list.map((order) => [order.source, order.account_mode]);

beforeAll(async () => {
  app = await testApp({ scenario: 'two-friends' });
  for (const user of [alice, bob]) {
    if (!user) throw new Error('two-friends has two users');
    const login = await call<{ token: string }>(app, '/api/login/index', {
      account: user.email,
      password: user.password,
    });
    tokens.set(user.email, login.data.token);
  }
  await control('/clock', { action: 'freeze' });
  await price('60000');
});
afterAll(async () => {
  await app.close();
});

describe('an engine-made close books on the position’s account', () => {
  it('lists a demo take profit fired while its owner is on real on demo only, and pays no real reward', async () => {
    const bobEmail = bob?.email ?? '';
    const aliceEmail = alice?.email ?? '';
    const before = await realFund(aliceEmail);
    await as(bobEmail, '/api/users/changeMock', { account_mode: 'demo' });
    await as(bobEmail, '/api/account/transfer', {
      from: 'fund',
      to: 'contract',
      amount: '1000',
      request_id: rid(),
    });
    const opened = await as<ContractOrder>(bobEmail, '/api/Contract/addOrder', {
      symbol_id: BTC,
      side: 'buy',
      type: 'market',
      quantity: '0.1',
      leverage_id: '3',
      take_profit: '61000',
      request_id: rid(),
    });
    expect(opened).toMatchObject({ status: 'filled', account_mode: 'demo' });
    await as(bobEmail, '/api/users/changeMock', { account_mode: 'real' });
    await price('61500');
    expect(await history(bobEmail)).toEqual([]);
    await as(bobEmail, '/api/users/changeMock', { account_mode: 'demo' });
    expect(await history(bobEmail)).toEqual([
      ['take_profit', 'demo'],
      ['user', 'demo'],
    ]);
    expect(await realFund(aliceEmail)).toBe(before);
  });
});

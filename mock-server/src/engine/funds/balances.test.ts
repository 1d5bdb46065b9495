/** Balances and fund flows without HTTP: read from the ledger, by the user's current mode. */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { START } from '../testing.ts';
import { fundsWorld } from './testing.ts';

describe('balances', () => {
  it('show the current mode’s three accounts and their total in the user’s currency', async () => {
    const { world, funds, ann } = await fundsWorld();
    expect(funds.balances(ann)).toMatchObject({
      account_mode: 'real',
      total_usdt: '1000.00',
      currency: 'USD',
      rate: '1',
      total_in_currency: '1000.00',
    });
    expect(funds.balances(ann).list.map((item) => [item.account, item.total])).toEqual([
      ['fund', '1000.00'],
      ['contract', '0.00'],
      ['option', '0.00'],
    ]);
    world.users.get(ann).currency = 'EUR';
    world.users.get(ann).account_mode = 'demo';
    expect(funds.balances(ann)).toMatchObject({
      account_mode: 'demo',
      total_usdt: '10000.00',
      rate: '0.8606',
      total_in_currency: '8606.00',
    });
  });

  it('count the contract account’s unrealised PnL, with its sign, in its total', async () => {
    const { funds, ann } = await fundsWorld({ unrealizedPnl: () => new Decimal('-12.5') });
    funds.transfer(ann, { from: 'fund', to: 'contract', amount: '100', request_id: 'pnl-0001' });
    expect(funds.balance(ann, 'real', 'contract')).toEqual({
      account: 'contract',
      currency: 'USDT',
      available: '100.00',
      frozen: '0.00',
      unrealized_pnl: '-12.50',
      total: '87.50',
    });
    expect(funds.balance(ann, 'real', 'fund').unrealized_pnl).toBe('0');
  });
});

describe('fund flows', () => {
  it('list the current mode’s movements newest first, by account and kind, a page at a time', async () => {
    const { world, funds, ann } = await fundsWorld();
    world.advance(1000);
    funds.transfer(ann, { from: 'fund', to: 'contract', amount: '30', request_id: 'flow-00001' });
    world.advance(1000);
    funds.transfer(ann, { from: 'contract', to: 'fund', amount: '10', request_id: 'flow-00002' });
    const all = funds.flows(ann, { kinds: [], page: 1, limit: 10 });
    expect(all.total).toBe(5);
    expect(all.list.map((row) => [row.account, row.kind, row.amount])).toEqual([
      ['fund', 'transfer_in', '10.00'],
      ['contract', 'transfer_out', '-10.00'],
      ['contract', 'transfer_in', '30.00'],
      ['fund', 'transfer_out', '-30.00'],
      ['fund', 'adjustment', '1000.00'],
    ]);
    expect(all.list[0]).toMatchObject({ created_at: START + 2000, account_mode: 'real' });
    const fund = funds.flows(ann, { account: 'fund', kinds: ['transfer_out'], page: 1, limit: 1 });
    expect(fund).toMatchObject({ total: 1, page: 1, limit: 1 });
    expect(fund.list[0]?.balance_after).toBe('970.00');
    world.users.get(ann).account_mode = 'demo';
    expect(funds.flows(ann, { kinds: [], page: 1, limit: 10 }).list).toMatchObject([
      { account: 'fund', amount: '10000.00', account_mode: 'demo' },
    ]);
  });
});

/**
 * The contract engine's face (contracts.ts) and its place in the exchange (domain.ts): what it
 * lists and by which symbol, what it says a user still holds open, the terms and choices it
 * shows, and its state through a scenario load and a restore.
 */
import { CONTRACT_RULES, contractTermsOf } from '@bourse/fixtures';
import { describe, expect, it } from 'vitest';
import { PASSWORD, rejectionOf } from '../testing.ts';
import { BTC, contractWorld, rid, type ContractWorld } from './testing.ts';

const ETH = 'ethusdt';
const CLIENT = '203.0.113.7';

/** BTC at 20 000 and ETH at 1 000 */
const priced = async () => {
  const w = await contractWorld();
  w.price('20000');
  w.exchange.market.setPrice(ETH, '1000', w.exchange.now());
  return w;
};

const ethOrder = (
  w: ContractWorld,
  userId: string,
  fields: Parameters<ContractWorld['order']>[1],
) => w.order(userId, { symbol_id: ETH, quantity: '1', leverage_id: '3', ...fields });

describe('what a user still holds open', () => {
  it('is a resting order or an open position of theirs, in either mode, and nobody else’s', async () => {
    const w = await priced();
    const holds = () => [w.ann, w.bo, w.cy].map((id) => w.contracts.holdsOpen(id));
    expect(holds()).toEqual([false, false, false]);
    const resting = w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    expect(holds()).toEqual([true, false, false]);
    w.contracts.cancelOrder(w.ann, { order_id: resting.id, request_id: rid() });
    expect(holds()).toEqual([false, false, false]);
    w.order(w.cy, { quantity: '0.1' });
    expect(holds()).toEqual([false, false, true]);
    // Bo's demo position, while Bo is back on the real account
    w.exchange.profile.setAccountMode(w.bo, 'demo');
    w.exchange.funds.transfer(w.bo, {
      from: 'fund',
      to: 'contract',
      amount: '1000',
      request_id: rid(),
    });
    w.order(w.bo, { quantity: '0.01' });
    w.exchange.profile.setAccountMode(w.bo, 'real');
    expect(holds()).toEqual([false, true, true]);
    w.contracts.allStop(w.cy, { request_id: rid() });
    expect(holds()).toEqual([false, true, false]);
  });

  it('keeps the account from being closed', async () => {
    const w = await priced();
    w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    w.exchange.codes.sendToUser(w.ann, 'delete_account', 'en', CLIENT);
    const code = w.exchange.live().mailbox.at(-1)?.code ?? '';
    expect(
      await rejectionOf(() => w.exchange.auth.deleteAccount(w.ann, { password: PASSWORD, code })),
    ).toMatchObject({ kind: 'refused', key: 'account_has_open' });
  });
});

describe('its pushes', () => {
  it('reach the exchange’s listeners under the domain’s name', async () => {
    const w = await priced();
    const heard: [string, unknown][] = [];
    const stop = w.exchange.onDomainEvent((domain, event) => heard.push([domain, event]));
    const order = w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    stop();
    w.order(w.ann, { type: 'limit', price: '18000', quantity: '0.1' });
    expect(heard).toEqual([['contracts', { type: 'order', userId: w.ann, order }]]);
  });
});

describe('lists', () => {
  it('shows the open positions of the user’s mode, newest first, or only those of one symbol', async () => {
    const w = await priced();
    w.order(w.ann, { quantity: '0.1', leverage_id: '3' });
    ethOrder(w, w.ann, { side: 'sell' });
    w.order(w.cy, { quantity: '0.1', leverage_id: '3' });
    const symbols = (symbolId?: string) =>
      w.contracts.positions(w.ann, symbolId).list.map((row) => [row.symbol_id, row.direction]);
    expect(symbols()).toEqual([
      [ETH, 'short'],
      [BTC, 'long'],
    ]);
    expect(symbols(BTC)).toEqual([[BTC, 'long']]);
    expect(symbols(ETH)).toEqual([[ETH, 'short']]);
    expect(symbols('solusdt')).toEqual([]);
  });

  it('shows the orders of one symbol when asked', async () => {
    const w = await priced();
    const btc = w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    const eth = ethOrder(w, w.ann, { type: 'limit', price: '900' });
    const list = (symbol_id?: string) =>
      w.contracts.orders(w.ann, { group: 'open', symbol_id, page: 1, limit: 20 }).list;
    expect(list()).toEqual([eth, btc]);
    expect(list(BTC)).toEqual([btc]);
    expect(list(ETH)).toEqual([eth]);
  });
});

describe('terms and choices', () => {
  it('shows the symbol’s leverages, the user’s choice and what is available on their account', async () => {
    const w = await priced();
    const terms = contractTermsOf(BTC);
    expect(w.contracts.info(w.ann, BTC)).toMatchObject({
      leverages: terms?.leverages,
      leverage_id: '3',
      available: '10000.00',
      mark_price: '20000.00',
      account_mode: 'real',
    });
    w.order(w.ann, { quantity: '0.1', leverage_id: '2' });
    // 0.1 × 20 000.20 ÷ 10 = 200.002 and 0.06 % of 2 000.02 (1.200012) out
    expect(w.contracts.info(w.ann, BTC)).toMatchObject({
      leverage_id: '2',
      available: '9798.797988',
    });
    expect(w.contracts.info(w.ann, ETH).leverage_id).toBe('3');
  });

  it('gives the default auto-margin rule to a user who never set one', async () => {
    const w = await priced();
    expect(w.contracts.strategy(w.ann)).toEqual(CONTRACT_RULES.default_auto_margin);
  });
});

describe('the state', () => {
  it('starts empty in a new scenario, and in a state saved before contracts existed', async () => {
    const w = await priced();
    const empty = {
      next_order_id: 1,
      next_position_id: 1,
      orders: [],
      positions: [],
      strategies: {},
      leverages: {},
    };
    expect(w.exchange.live().contracts).toEqual(empty);
    const older = w.exchange.snapshot();
    Reflect.deleteProperty(older, 'contracts');
    w.exchange.restore(older);
    expect(w.exchange.live().contracts).toEqual(empty);
    expect(w.order(w.ann, { quantity: '0.1' })).toMatchObject({ id: '1', status: 'filled' });
  });

  it('takes its resting orders back from a restored state: they can be cancelled, and fill', async () => {
    const w = await priced();
    const first = w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    const second = w.order(w.ann, { type: 'limit', price: '18000', quantity: '0.1' });
    const saved = w.exchange.snapshot();
    w.contracts.cancelOrder(w.ann, { order_id: first.id, request_id: rid() });
    w.contracts.cancelOrder(w.ann, { order_id: second.id, request_id: rid() });
    w.exchange.restore(saved);
    expect(w.contracts.holdsOpen(w.ann)).toBe(true);
    expect(w.contracts.cancelOrder(w.ann, { order_id: second.id, request_id: rid() }).status).toBe(
      'cancelled',
    );
    w.price('18999.80'); // the ask comes down to 19 000.00
    expect(w.contracts.positions(w.ann).list[0]).toMatchObject({
      entry_price: '19000.00',
      quantity: '0.1',
    });
  });
});

/**
 * Contract trading without HTTP, on worked examples (contracts/formulas/FORMULAS.md) driven by
 * set prices: what the engine books, to the cent, and what it refuses.
 */
import { TEAM_REWARD_RULES } from '@bourse/fixtures';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { Exchange } from '../exchange.ts';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import type { PasswordHasher } from '../passwords.ts';
import type { ContractsEvent } from './contracts.ts';

const plainHasher: PasswordHasher = {
  hash: (password) => Promise.resolve(password),
  verify: (password, stored) => Promise.resolve(password === stored),
};
/** a whole second, so a set price takes effect at once */
const START = Date.UTC(2026, 10, 24, 12, 0, 0);
const BTC = 'btcusdt';
let requests = 0;
const rid = () => `contract-test-${String(++requests).padStart(6, '0')}`;

async function world() {
  let now = START;
  const exchange = new Exchange({ seed: 7, hasher: plainHasher, wall: () => now });
  await exchange.loadScenario({
    name: 'contracts',
    users: [
      {
        email: 'ann@example.com',
        password: 'Secret123',
        invite_code: 'ANN111',
        identity_status: 'verified',
        balances: { real: { contract: '10000' } },
      },
      { email: 'bo@example.com', password: 'Secret123', balances: { real: { contract: '10000' } } },
      {
        email: 'cy@example.com',
        password: 'Secret123',
        invited_by_code: 'ANN111',
        identity_status: 'verified',
        balances: { real: { contract: '10000' } },
      },
    ],
  });
  const [ann = '', bo = '', cy = ''] = Object.keys(exchange.live().users);
  const events: ContractsEvent[] = [];
  exchange.domains.contracts.onEvent((event) => events.push(event));
  const contracts = exchange.domains.contracts;
  /** the BTC price from now on (the mark; the ask and bid are 0.001 % either side) */
  const price = (value: string) => {
    exchange.market.setPrice(BTC, value, exchange.now());
  };
  const balance = (account: string) => exchange.ledger.balance(account).toFixed();
  const contract = (userId: string) => exchange.ledger.account(userId, 'real', 'contract');
  return {
    exchange,
    contracts,
    ann,
    bo,
    cy,
    events,
    price,
    balance,
    contract,
    advance: (ms: number) => {
      now += ms;
    },
    order: (userId: string, fields: Partial<Parameters<typeof contracts.addOrder>[1]> = {}) =>
      contracts.addOrder(userId, {
        symbol_id: BTC,
        side: 'buy',
        type: 'market',
        price: '',
        quantity: '1',
        leverage_id: '4',
        take_profit: '',
        stop_loss: '',
        reduce_only: false,
        request_id: rid(),
        ...fields,
      }),
  };
}

const refusal = (call: () => unknown): EngineError => {
  try {
    call();
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('the worked example: long 1 BTC at 20 000, 50×, maintenance 0.5 %', () => {
  it('rests as a limit order, fills at 20 000 with margin 400, and is liquidated at 19 700', async () => {
    const w = await world();
    w.price('20100');
    const placed = w.order(w.ann, { type: 'limit', price: '20000' });
    expect(placed).toMatchObject({ status: 'pending', cost: '400.00', fee: '4.00' });
    // margin and the maker's fee frozen at placement
    expect(w.contract(w.ann).frozen.toFixed()).toBe('404');
    w.price('20000'); // the ask, 20 000.20, is still above the limit
    expect(w.contracts.positions(w.ann).list).toEqual([]);
    w.price('19999.80'); // the ask comes down to 20 000.00: it trades
    const [position] = w.contracts.positions(w.ann).list;
    expect(position).toMatchObject({
      entry_price: '20000.00',
      quantity: '1',
      margin: '400.00',
      liquidation_price: '19700.00',
      leverage: 50,
    });
    expect(w.balance(SYSTEM_ACCOUNTS.fees)).toBe('4');
    expect(w.contract(w.ann).available.toFixed()).toBe('9596');
    expect(
      w.contracts.orders(w.ann, { group: 'history', page: 1, limit: 20 }).list[0],
    ).toMatchObject({ status: 'filled', avg_price: '20000', fee: '4.00' });
    w.price('19700.01');
    expect(w.contracts.positions(w.ann).list).toHaveLength(1);
    w.price('19700');
    expect(w.contracts.positions(w.ann).list).toEqual([]);
    // the loss of 300 to the house, the 100 left to the liquidation fund; nothing comes back
    expect(w.balance(SYSTEM_ACCOUNTS.contractHouse)).toBe('300');
    expect(w.balance(SYSTEM_ACCOUNTS.liquidationFund)).toBe('100');
    expect(w.contract(w.ann).available.toFixed()).toBe('9596');
    expect(w.contract(w.ann).frozen.toFixed()).toBe('0');
    const history = w.contracts.orders(w.ann, { group: 'history', page: 1, limit: 20 }).list;
    expect(history.map((order) => [order.source, order.status])).toEqual([
      ['liquidation', 'completed'],
      ['user', 'closed'],
    ]);
    expect(history[0]).toMatchObject({ avg_price: '19700.00', realized_pnl: '-300.00' });
    expect(w.events.filter((event) => event.type === 'notice')).toHaveLength(1);
    expect(w.events.at(-1)).toMatchObject({ type: 'notice', userId: w.ann });
    w.exchange.ledger.check();
  });

  it('moves the liquidation price with added or reduced margin, and reduces only up to the maximum', async () => {
    const w = await world();
    w.price('20100');
    w.order(w.ann, { type: 'limit', price: '20000' });
    w.price('19999.80');
    const id = w.contracts.positions(w.ann).list[0]?.id ?? '';
    w.price('20000');
    const added = w.contracts.depositChange(w.ann, {
      position_id: id,
      action: 'add',
      amount: '100',
      request_id: rid(),
    });
    expect(added).toMatchObject({
      margin: '500.00',
      liquidation_price: '19600.00',
      max_reduce_margin: '100.00',
    });
    expect(w.contract(w.ann).available.toFixed()).toBe('9496');
    const tooMuch = refusal(() =>
      w.contracts.depositChange(w.ann, {
        position_id: id,
        action: 'reduce',
        amount: '100.01',
        request_id: rid(),
      }),
    );
    expect(tooMuch).toMatchObject({ key: 'margin_reduce_exceeds', params: { max: '100.00' } });
    const reduced = w.contracts.depositChange(w.ann, {
      position_id: id,
      action: 'reduce',
      amount: '100',
      request_id: rid(),
    });
    expect(reduced).toMatchObject({
      margin: '400.00',
      liquidation_price: '19700.00',
      max_reduce_margin: '0.00',
    });
    expect(w.contract(w.ann).available.toFixed()).toBe('9596');
  });
});

describe('orders and closes', () => {
  it('fills a market long at the ask with the taker fee, and pays the inviter their share', async () => {
    const w = await world();
    w.price('20000');
    const order = w.order(w.cy, { quantity: '0.5', leverage_id: '3' });
    // ask 20 000.20: margin 0.5 × 20 000.20 ÷ 20, fee × 0.0006
    expect(order).toMatchObject({
      status: 'filled',
      avg_price: '20000.20',
      cost: '500.005',
      fee: '6.00006',
      amount: '10000.10',
    });
    expect(w.contract(w.cy).available.toFixed()).toBe('9493.99494');
    expect(w.balance(SYSTEM_ACCOUNTS.fees)).toBe('6.00006');
    // Ann invited Cy: 20 % of the fee, into her real fund account
    expect(w.exchange.ledger.account(w.ann, 'real', 'fund').available.toFixed()).toBe('1.200012');
  });

  it('closes part at the bid: margin released in proportion, PnL and fee booked', async () => {
    const w = await world();
    w.price('20000');
    w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1', leverage_id: '3' });
    w.price('18999.80'); // fills at 19 000: margin 95, maker fee 0.38
    const id = w.contracts.positions(w.ann).list[0]?.id ?? '';
    w.price('21000'); // bid 20 999.79
    const { order, position } = w.contracts.partStop(w.ann, {
      position_id: id,
      quantity: '0.04',
      request_id: rid(),
    });
    // released 95 × 0.04 ÷ 0.1 = 38; PnL 0.04 × (20 999.79 − 19 000) = 79.9916; fee × 0.0006
    expect(order).toMatchObject({
      action: 'close_long',
      avg_price: '20999.79',
      realized_pnl: '79.9916',
      fee: '0.50399496',
      status: 'completed',
    });
    expect(position).toMatchObject({ quantity: '0.06', margin: '57.00' });
    expect(w.contract(w.ann).available.toFixed()).toBe(
      // 10 000 − 95 − 0.38 + 38 + 79.9916 − 0.50399496
      '10022.10760504',
    );
    expect(w.balance(SYSTEM_ACCOUNTS.contractHouse)).toBe('-79.9916');
    const more = refusal(() =>
      w.contracts.partStop(w.ann, { position_id: id, quantity: '0.07', request_id: rid() }),
    );
    expect(more).toMatchObject({ key: 'close_quantity_exceeds', params: { max: '0.06' } });
  });

  it('rests a short by limit, fills it when the bid reaches it, and cancels to release what is frozen', async () => {
    const w = await world();
    w.price('20000');
    const short = w.order(w.ann, { side: 'sell', type: 'limit', price: '20500', leverage_id: '3' });
    const other = w.order(w.ann, { side: 'sell', type: 'limit', price: '25000', leverage_id: '3' });
    expect(w.contracts.orders(w.ann, { group: 'open', page: 1, limit: 20 }).total).toBe(2);
    w.price('20500.21'); // bid 20 500.00
    expect(w.contracts.positions(w.ann).list[0]).toMatchObject({
      direction: 'short',
      entry_price: '20500.00',
    });
    const cancelled = w.contracts.cancelOrder(w.ann, { order_id: other.id, request_id: rid() });
    expect(cancelled.status).toBe('cancelled');
    // only the short's margin (1 025) is frozen now; its fee (4.10) went to the fee account
    expect(w.contract(w.ann).frozen.toFixed()).toBe('1025');
    expect(
      refusal(() => w.contracts.cancelOrder(w.ann, { order_id: short.id, request_id: rid() })),
    ).toMatchObject({ key: 'order_not_open' });
  });

  it('fires a take profit once, at the bid, with a notice', async () => {
    const w = await world();
    w.price('20000');
    w.order(w.ann, { quantity: '0.1', leverage_id: '3' });
    const id = w.contracts.positions(w.ann).list[0]?.id ?? '';
    w.contracts.addTakeStop(w.ann, {
      position_id: id,
      take_profit: '21000',
      stop_loss: '19500',
      request_id: rid(),
    });
    w.price('20999.99');
    expect(w.contracts.positions(w.ann).list).toHaveLength(1);
    w.price('21000');
    expect(w.contracts.positions(w.ann).list).toEqual([]);
    w.price('22000');
    w.price('18000');
    const history = w.contracts.orders(w.ann, { group: 'history', page: 1, limit: 20 }).list;
    expect(history.filter((order) => order.source === 'take_profit')).toHaveLength(1);
    expect(history.filter((order) => order.source === 'stop_loss')).toHaveLength(0);
    // 0.1 × (20 999.79 − 20 000.20)
    expect(history[0]).toMatchObject({ avg_price: '20999.79', realized_pnl: '99.959' });
    const notices = w.events.filter((event) => event.type === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ notice: { title: 'Take profit executed' } });
  });

  it('fires a stop loss on a short when the price rises to it', async () => {
    const w = await world();
    w.price('20000');
    w.order(w.ann, { side: 'sell', quantity: '0.1', leverage_id: '3', stop_loss: '20500' });
    w.price('20499.99');
    expect(w.contracts.positions(w.ann).list).toHaveLength(1);
    w.price('20500');
    expect(w.contracts.positions(w.ann).list).toEqual([]);
    const [close] = w.contracts.orders(w.ann, { group: 'history', page: 1, limit: 20 }).list;
    // bought back at the ask, 20 500.21, against an entry at the bid, 19 999.80
    expect(close).toMatchObject({
      source: 'stop_loss',
      action: 'close_short',
      realized_pnl: '-50.041',
    });
  });

  it('refuses a take profit or stop loss on the wrong side, or too near liquidation, each with its reason', async () => {
    const w = await world();
    w.price('20000');
    w.order(w.ann, { type: 'limit', price: '20000.20' }); // crosses: long 1 at 20 000.20, 50×
    const id = w.contracts.positions(w.ann).list[0]?.id ?? '';
    const set = (take_profit: string, stop_loss: string) =>
      refusal(() =>
        w.contracts.addTakeStop(w.ann, {
          position_id: id,
          take_profit,
          stop_loss,
          request_id: rid(),
        }),
      );
    expect(set('19999', '')).toMatchObject({ key: 'take_profit_side' });
    expect(set('', '20001')).toMatchObject({ key: 'stop_loss_side' });
    // liquidated at 19 700.197: a stop loss from 19 798.698 on
    expect(set('', '19798')).toMatchObject({
      key: 'stop_loss_near_liquidation',
      params: { price: '19798.70' },
    });
    expect(
      w.contracts.addTakeStop(w.ann, {
        position_id: id,
        take_profit: '',
        stop_loss: '19800',
        request_id: rid(),
      }).stop_loss,
    ).toBe('19800');
  });

  it('adds auto-margin when the loss reaches the rule, only with the whole amount available', async () => {
    const w = await world();
    w.price('20000');
    w.contracts.setStrategy(w.ann, {
      enabled: true,
      deposit_rate: '50',
      auto_add: '25',
      request_id: rid(),
    });
    w.order(w.ann, { type: 'limit', price: '19000', leverage_id: '4' });
    w.price('18999.80'); // long 1 at 19 000, 50×: margin 380
    w.price('18811'); // loss 189: under half the margin
    expect(w.contracts.positions(w.ann).list[0]?.margin).toBe('380.00');
    w.price('18810'); // loss 190: half of 380, so 25 % of 380 (95) is added
    expect(w.contracts.positions(w.ann).list[0]?.margin).toBe('475.00');
    w.price('18800'); // loss 200: under half of 475, nothing more
    expect(w.contracts.positions(w.ann).list[0]?.margin).toBe('475.00');
    expect(w.contract(w.ann).available.toFixed()).toBe('9521.2');
  });

  it('covers a loss beyond the margin from the liquidation fund: no user account goes negative', async () => {
    const w = await world();
    w.price('20000');
    w.order(w.ann, { type: 'limit', price: '20000.20', quantity: '1', leverage_id: '5' }); // 100×
    w.price('15000');
    expect(w.contracts.positions(w.ann).list).toEqual([]);
    // margin 200.002, loss 5 000.20: the fund took nothing and paid the house 4 800.198
    expect(w.balance(SYSTEM_ACCOUNTS.liquidationFund)).toBe('-4800.198');
    expect(w.balance(SYSTEM_ACCOUNTS.contractHouse)).toBe('5000.2');
    expect(w.contract(w.ann).frozen.toFixed()).toBe('0');
    w.exchange.ledger.check();
  });
});

describe('the contract account on the assets page', () => {
  it('shows the open positions’ unrealised PnL at the mark in its equity', async () => {
    const w = await world();
    w.price('20100');
    w.order(w.ann, { type: 'limit', price: '20000' });
    w.price('19999.80'); // long 1 at 20 000, 50×: margin 400, fee 4
    w.price('20150');
    const contract = w.exchange.funds.balance(w.ann, 'real', 'contract');
    expect(contract).toMatchObject({
      available: '9596.00',
      frozen: '400.00',
      unrealized_pnl: '150.00',
      total: '10146.00',
    });
    w.price('19900');
    expect(w.exchange.funds.balance(w.ann, 'real', 'contract')).toMatchObject({
      unrealized_pnl: '-100.00',
      total: '9896.00',
    });
    expect(w.exchange.funds.balance(w.ann, 'real', 'fund').unrealized_pnl).toBe('0');
  });
});

describe('who may trade, and a double tap', () => {
  it('refuses an unverified user on the real account, and lets them trade on demo', async () => {
    const w = await world();
    w.price('20000');
    expect(refusal(() => w.order(w.bo, { quantity: '0.01' }))).toMatchObject({
      kind: 'refused',
      key: 'contract_identity_required',
    });
    expect(w.exchange.live().contracts.orders).toEqual([]);
    w.exchange.profile.setAccountMode(w.bo, 'demo');
    w.exchange.funds.transfer(w.bo, {
      from: 'fund',
      to: 'contract',
      amount: '1000',
      request_id: rid(),
    });
    expect(w.order(w.bo, { quantity: '0.01' })).toMatchObject({
      status: 'filled',
      account_mode: 'demo',
    });
    expect(w.contracts.positions(w.bo).list[0]).toMatchObject({ account_mode: 'demo' });
  });

  it('places one order for a repeated request id, and replays its answer', async () => {
    const w = await world();
    w.price('20000');
    const request_id = rid();
    const first = w.order(w.ann, { quantity: '0.1', request_id });
    const again = w.order(w.ann, { quantity: '0.1', request_id });
    expect(again).toEqual(first);
    expect(w.contracts.orderRows(w.ann)).toHaveLength(1);
    expect(w.contracts.positions(w.ann).list[0]?.quantity).toBe('0.1');
    expect(refusal(() => w.order(w.ann, { quantity: '0.2', request_id }))).toMatchObject({
      kind: 'conflict',
    });
  });

  it('refuses quantities off the step or out of bounds, a leverage not offered, and a closed market', async () => {
    const w = await world();
    w.price('20000');
    expect(refusal(() => w.order(w.ann, { quantity: '0.00005' }))).toMatchObject({
      key: 'quantity_step',
    });
    expect(refusal(() => w.order(w.ann, { quantity: '101' }))).toMatchObject({
      key: 'quantity_above_max',
      params: { max: '100' },
    });
    expect(refusal(() => w.order(w.ann, { leverage_id: '9' }))).toMatchObject({
      key: 'leverage_invalid',
    });
    expect(refusal(() => w.order(w.ann, { quantity: '3', leverage_id: '1' }))).toMatchObject({
      key: 'balance_insufficient',
    });
    expect(w.exchange.live().contracts.orders).toEqual([]);
  });
});

describe('an engine-made close books on the position’s account, whatever the owner has switched to', () => {
  it('closes a demo take profit on demo while the owner is on real, and pays no real reward on a demo fee', async () => {
    const w = await world();
    // cy was invited by ann; cy trades on demo
    w.exchange.profile.setAccountMode(w.cy, 'demo');
    w.exchange.funds.transfer(w.cy, {
      from: 'fund',
      to: 'contract',
      amount: '1000',
      request_id: rid(),
    });
    w.price('60000');
    const annFund = w.exchange.ledger.account(w.ann, 'real', 'fund').available.toFixed();
    const opened = w.order(w.cy, { quantity: '0.1', leverage_id: '4', take_profit: '61000' });
    expect(opened).toMatchObject({ status: 'filled', account_mode: 'demo' });
    // the demo fee paid no real reward
    expect(w.exchange.ledger.account(w.ann, 'real', 'fund').available.toFixed()).toBe(annFund);
    w.exchange.profile.setAccountMode(w.cy, 'real');
    w.price('61500');
    // on real: nothing of the demo position
    const realHistory = w.contracts.orders(w.cy, { group: 'history', page: 1, limit: 20 }).list;
    expect(realHistory).toEqual([]);
    expect(w.exchange.ledger.account(w.ann, 'real', 'fund').available.toFixed()).toBe(annFund);
    // on demo: the take profit's close, after the opening order
    w.exchange.profile.setAccountMode(w.cy, 'demo');
    const demoHistory = w.contracts.orders(w.cy, { group: 'history', page: 1, limit: 20 }).list;
    expect(demoHistory.map((order) => [order.source, order.account_mode])).toEqual([
      ['take_profit', 'demo'],
      ['user', 'demo'],
    ]);
    expect(w.contracts.positions(w.cy).list).toEqual([]);
    w.exchange.ledger.check();
  });

  it('pays the real reward on a real close made while the owner is on demo', async () => {
    const w = await world();
    w.price('60000');
    w.order(w.cy, { quantity: '0.1', leverage_id: '4', take_profit: '61000' });
    const before = w.exchange.ledger.account(w.ann, 'real', 'fund').available;
    w.exchange.profile.setAccountMode(w.cy, 'demo');
    w.price('61500');
    const after = w.exchange.ledger.account(w.ann, 'real', 'fund').available;
    w.exchange.profile.setAccountMode(w.cy, 'real');
    const history = w.contracts.orders(w.cy, { group: 'history', page: 1, limit: 20 }).list;
    expect(history[0]).toMatchObject({ source: 'take_profit', account_mode: 'real' });
    // the inviter's share of the close's fee, as for any real fee
    const share = new Decimal(history[0]?.fee ?? '0')
      .times(TEAM_REWARD_RULES[0]?.rate ?? 0)
      .dividedBy(100)
      .toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
    expect(share.isZero()).toBe(false);
    expect(after.minus(before).toFixed()).toBe(share.toFixed());
  });
});

describe('triggers react to the market’s prices, not to when the engine looks', () => {
  /** a spike: `price` from the next whole second, back to `back` 100 ms after (the next second) */
  const spike = (w: Awaited<ReturnType<typeof world>>, price: string, back: string) => {
    w.exchange.market.playPath(
      BTC,
      [
        { price, after_ms: 100 },
        { price: back, after_ms: 100 },
      ],
      w.exchange.now(),
    );
  };

  it('fires a take profit on a level crossed and crossed back before the engine next looks, at the price that crossed it', async () => {
    const w = await world();
    w.price('60000');
    w.order(w.ann, { quantity: '0.1', take_profit: '61000' });
    spike(w, '61500', '60000');
    // nobody calls while the price is up: the next look is 5 s later, at 60 000 again
    w.advance(5000);
    expect(Number(w.exchange.market.quote(BTC, w.exchange.now()).last)).toBeLessThan(61000);
    const [close] = w.contracts.orders(w.ann, { group: 'history', page: 1, limit: 20 }).list;
    // closed at the bid at 61 500 (half the 0.002 % spread, 0.615, rounds to 0.62 below), stamped
    // with the second the price crossed
    expect(close).toMatchObject({ source: 'take_profit', avg_price: '61499.38' });
    expect(close?.updated_at).toBe(START + 1000);
    expect(w.contracts.positions(w.ann).list).toEqual([]);
  });

  it('fills a resting limit on a dip that came back, and liquidates on one that reached the liquidation price', async () => {
    const w = await world();
    w.price('20100');
    w.order(w.ann, { type: 'limit', price: '20000' });
    spike(w, '19990', '20100');
    w.advance(5000);
    const [position] = w.contracts.positions(w.ann).list;
    expect(position).toMatchObject({ entry_price: '20000.00', liquidation_price: '19700.00' });
    spike(w, '19650', '20100');
    w.advance(5000);
    expect(w.contracts.positions(w.ann).list).toEqual([]);
    const [liquidation] = w.contracts.orders(w.ann, { group: 'history', page: 1, limit: 20 }).list;
    expect(liquidation).toMatchObject({ source: 'liquidation', avg_price: '19650.00' });
  });

  it('settles in time order when the control API moves the clock far at once: the stop loss first, then nothing', async () => {
    const w = await world();
    w.price('60000');
    w.order(w.ann, { quantity: '0.1', leverage_id: '1', stop_loss: '59000', take_profit: '61000' });
    w.exchange.market.playPath(
      BTC,
      [
        { price: '58900', after_ms: 1000 },
        { price: '61500', after_ms: 1000 },
      ],
      w.exchange.now(),
    );
    w.exchange.clock.advance(60_000);
    const history = w.contracts.orders(w.ann, { group: 'history', page: 1, limit: 20 }).list;
    expect(history.map((order) => order.source)).toEqual(['stop_loss', 'user']);
  });
});

/**
 * Positions without HTTP, on worked examples (contracts/formulas/FORMULAS.md) driven by set
 * prices: fills, closes and liquidations, what each books to the cent, and on whose account.
 */
import { TEAM_REWARD_RULES } from '@bourse/fixtures';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import { booked, btcPosition, contractAccount, ordersOf, restingSell } from './rows-testing.ts';
import { contractWorld, refusal, rid, START } from './testing.ts';

describe('the worked example: long 1 BTC at 20 000, 50×, maintenance 0.5 %', () => {
  it('rests as a limit order, fills at 20 000 with margin 400, and is liquidated at 19 700', async () => {
    const w = await contractWorld();
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
});

describe('closes', () => {
  it('closes part at the bid: margin released in proportion, PnL and fee booked', async () => {
    const w = await contractWorld();
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

  it('covers a loss beyond the margin from the liquidation fund: no user account goes negative', async () => {
    const w = await contractWorld();
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
    const w = await contractWorld();
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

describe('an engine-made close books on the position’s account, whatever the owner has switched to', () => {
  it('closes a demo take profit on demo while the owner is on real, and pays no real reward on a demo fee', async () => {
    const w = await contractWorld();
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
    const w = await contractWorld();
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

describe('a fill', () => {
  it('books the order’s fee from its frozen money and opens a position with the order’s take profit', async () => {
    const w = await contractWorld();
    w.price('20000');
    const opened = w.order(w.ann, { quantity: '0.1', take_profit: '21000' });
    // at the ask, 20 000.20, 50×: margin 40.0004, taker fee 0.1 × 20 000.20 × 0.0006 = 1.200012
    expect(booked(w, opened.order_no)).toEqual([
      {
        kind: 'trade_fee',
        postings: [
          { account: contractAccount(w.ann, 'available'), amount: '-41.200412' },
          { account: contractAccount(w.ann, 'frozen'), amount: '41.200412' },
        ],
      },
      {
        kind: 'trade_fee',
        postings: [
          { account: contractAccount(w.ann, 'frozen'), amount: '-1.200012' },
          { account: SYSTEM_ACCOUNTS.fees, amount: '1.200012' },
        ],
      },
    ]);
    expect(opened).toMatchObject({
      status: 'filled',
      avg_price: '20000.20',
      cost: '40.0004',
      fee: '1.200012',
      amount: '2000.02',
      position_id: '1',
    });
    expect(btcPosition(w, w.ann)).toMatchObject({
      id: '1',
      quantity: '0.1',
      entry_price: '20000.20',
      margin: '40.0004',
      take_profit: '21000',
      stop_loss: '',
    });
  });

  it('adds to the position held in that direction: one position, the entry averaged, a take profit kept unless the order brings its own', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '0.1', take_profit: '21000', stop_loss: '19900' });
    w.price('20100');
    w.order(w.ann, { quantity: '0.3' });
    expect(w.contracts.positions(w.ann).list).toHaveLength(1);
    // (0.1 × 20 000.20 + 0.3 × 20 100.20) ÷ 0.4 = 20 075.20
    expect(btcPosition(w, w.ann)).toMatchObject({
      id: '1',
      quantity: '0.4',
      entry_price: '20075.20',
      take_profit: '21000',
      stop_loss: '19900',
    });
    w.order(w.ann, { quantity: '0.1', take_profit: '21500' });
    expect(btcPosition(w, w.ann)).toMatchObject({
      quantity: '0.5',
      take_profit: '21500',
      stop_loss: '19900',
    });
    expect(w.contracts.positionRows(w.ann).map((row) => row.fees)).toEqual([
      // 1.200012 + 0.3 × 20 100.20 × 0.0006 + 0.1 × 20 100.20 × 0.0006
      '6.02406',
    ]);
  });
});

describe('a close at market', () => {
  it('is a market order of the position’s opposite side, booked with its PnL and fee, and pushed with the position left', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '0.1' }); // margin 40.0004 at 20 000.20
    w.price('21000'); // bid 20 999.79
    w.events.length = 0;
    const { order, position } = w.contracts.partStop(w.ann, {
      position_id: '1',
      quantity: '0.04',
      request_id: rid(),
    });
    // released 40.0004 × 0.4 = 16.00016; PnL 0.04 × 999.59 = 39.9836; fee × 0.0006
    expect(order).toMatchObject({
      id: '2',
      side: 'sell',
      action: 'close_long',
      type: 'market',
      price: null,
      avg_price: '20999.79',
      take_profit: '',
      stop_loss: '',
      amount: '839.9916',
      quantity: '0.04',
      filled_quantity: '0.04',
      cost: '0',
      fee: '0.50399496',
      realized_pnl: '39.9836',
      reduce_only: true,
      position_id: '1',
      source: 'user',
      status: 'completed',
    });
    expect(booked(w, order.order_no)).toEqual([
      {
        kind: 'realized_pnl',
        postings: [
          { account: contractAccount(w.ann, 'frozen'), amount: '-16.00016' },
          { account: contractAccount(w.ann, 'available'), amount: '16.00016' },
          { account: SYSTEM_ACCOUNTS.contractHouse, amount: '-39.9836' },
          { account: contractAccount(w.ann, 'available'), amount: '39.9836' },
          {
            account: contractAccount(w.ann, 'available'),
            amount: '-0.50399496',
            kind: 'trade_fee',
          },
          { account: SYSTEM_ACCOUNTS.fees, amount: '0.50399496', kind: 'trade_fee' },
        ],
      },
    ]);
    expect(position).toMatchObject({ quantity: '0.06', margin: '24.00024' });
    expect(w.events).toEqual([
      { type: 'order', userId: w.ann, order },
      { type: 'position', userId: w.ann, position },
    ]);
    expect(w.contracts.positionRows(w.ann)[0]).toMatchObject({
      quantity: '0.06',
      margin: '24.00024',
      realized_pnl: '39.9836',
    });
  });

  it('books a reduce-only order that crosses at once as a completed close, listed once', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '0.1' });
    const close = w.order(w.ann, { side: 'sell', reduce_only: true, quantity: '0.05' });
    expect(close).toMatchObject({ id: '2', status: 'completed', avg_price: '19999.80' });
    expect(ordersOf(w, w.ann, 'history').map((order) => [order.id, order.status])).toEqual([
      ['2', 'completed'],
      ['1', 'filled'],
    ]);
    // the next order takes the next id
    expect(w.order(w.ann, { quantity: '0.1' }).id).toBe('3');
  });
});

describe('a position closed with resting closes', () => {
  it('cancels them first when its take profit fires, then closes the whole position', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '1', take_profit: '21000' });
    const resting = restingSell(w, w.ann, '0.3', '22000');
    w.advance(1000);
    w.events.length = 0;
    w.price('21000');
    const [close] = ordersOf(w, w.ann, 'history');
    expect(close).toMatchObject({ source: 'take_profit', quantity: '1', status: 'completed' });
    expect(w.events.map((event) => event.type)).toEqual(['order', 'order', 'position', 'notice']);
    expect(w.events.slice(0, 3)).toEqual([
      {
        type: 'order',
        userId: w.ann,
        order: { ...resting, status: 'cancelled', updated_at: START + 1000 },
      },
      { type: 'order', userId: w.ann, order: close },
      { type: 'position', userId: w.ann, position: { id: '1', closed: true } },
    ]);
    expect(w.contracts.orderRows(w.ann).map((row) => [row.id, row.status])).toEqual([
      ['1', 'closed'],
      [resting.id, 'cancelled'],
      ['3', 'completed'],
    ]);
  });

  it('cancels them when it is liquidated: the loss to the house, the margin left to the fund, no fee, a notice', async () => {
    const w = await contractWorld();
    w.price('20100');
    w.order(w.ann, { type: 'limit', price: '20000' });
    w.price('19999.80'); // long 1 at 20 000, 50×: margin 400
    const resting = restingSell(w, w.ann, '0.4', '20500');
    w.advance(1000);
    w.events.length = 0;
    w.price('19700');
    const liquidation = ordersOf(w, w.ann, 'history')[0];
    expect(liquidation).toMatchObject({
      id: '3',
      side: 'sell',
      action: 'close_long',
      type: 'market',
      source: 'liquidation',
      status: 'completed',
      avg_price: '19700.00',
      amount: '19700.00',
      quantity: '1',
      filled_quantity: '1',
      cost: '0',
      fee: '0',
      realized_pnl: '-300.00',
    });
    expect(booked(w, liquidation?.order_no ?? '')).toEqual([
      {
        kind: 'liquidation',
        postings: [
          { account: contractAccount(w.ann, 'frozen'), amount: '-300', kind: 'realized_pnl' },
          { account: contractAccount(w.ann, 'frozen'), amount: '-100' },
          { account: SYSTEM_ACCOUNTS.contractHouse, amount: '300' },
          { account: SYSTEM_ACCOUNTS.liquidationFund, amount: '100' },
        ],
      },
    ]);
    expect(w.events).toEqual([
      { type: 'order', userId: w.ann, order: liquidation },
      {
        type: 'order',
        userId: w.ann,
        order: { ...resting, status: 'cancelled', updated_at: START + 1000 },
      },
      { type: 'position', userId: w.ann, position: { id: '1', closed: true } },
      {
        type: 'notice',
        userId: w.ann,
        notice: {
          id: 'CL3',
          title: 'Position liquidated',
          summary: 'Your BTC/USDT position was liquidated at 19,700.00.',
          created_at: START + 1000,
        },
      },
    ]);
    expect(w.contracts.positionRows(w.ann)).toMatchObject([
      { quantity: '0', margin: '0', realized_pnl: '-300', closed_at: START + 1000 },
    ]);
  });

  it('books a liquidation whose loss is beyond the margin as the margin lost and the rest from the fund', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { type: 'limit', price: '20000.20', quantity: '1', leverage_id: '5' }); // 100×
    w.price('15000');
    const [liquidation] = ordersOf(w, w.ann, 'history');
    expect(booked(w, liquidation?.order_no ?? '')).toEqual([
      {
        kind: 'liquidation',
        postings: [
          { account: contractAccount(w.ann, 'frozen'), amount: '-200.002', kind: 'realized_pnl' },
          { account: SYSTEM_ACCOUNTS.contractHouse, amount: '5000.2' },
          { account: SYSTEM_ACCOUNTS.liquidationFund, amount: '-4800.198' },
        ],
      },
    ]);
  });
});

describe('margin moved by the user', () => {
  it('books each move under the position’s CM reference and pushes the position', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '0.1' }); // margin 40.0004
    w.events.length = 0;
    const added = w.contracts.depositChange(w.ann, {
      position_id: '1',
      action: 'add',
      amount: '10',
      request_id: rid(),
    });
    expect(added.margin).toBe('50.0004');
    expect(w.events).toEqual([{ type: 'position', userId: w.ann, position: added }]);
    w.contracts.depositChange(w.ann, {
      position_id: '1',
      action: 'reduce',
      amount: '5.5',
      request_id: rid(),
    });
    expect(booked(w, 'CM1')).toEqual([
      {
        kind: 'transfer_in',
        postings: [
          { account: contractAccount(w.ann, 'available'), amount: '-10' },
          { account: contractAccount(w.ann, 'frozen'), amount: '10' },
        ],
      },
      {
        kind: 'transfer_in',
        postings: [
          { account: contractAccount(w.ann, 'available'), amount: '5.5' },
          { account: contractAccount(w.ann, 'frozen'), amount: '-5.5' },
        ],
      },
    ]);
    expect(w.contracts.positionRows(w.ann)[0]?.margin).toBe('44.5004');
  });
});

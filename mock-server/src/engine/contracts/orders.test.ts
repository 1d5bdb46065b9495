/**
 * Placing and cancelling contract orders without HTTP: fills at the book, resting limits, the
 * TP/SL rules, who may trade, a repeated request id, and each refusal with its reason.
 */
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import { bookedFor, refusedUnchanged } from './orders-testing.ts';
import { BTC, contractWorld, refusal, rid, type ContractWorld } from './testing.ts';

describe('placing and cancelling', () => {
  it('fills a market long at the ask with the taker fee, and pays the inviter their share', async () => {
    const w = await contractWorld();
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

  it('rests a short by limit, fills it when the bid reaches it, and cancels to release what is frozen', async () => {
    const w = await contractWorld();
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

  it('refuses a take profit or stop loss on the wrong side, or too near liquidation, each with its reason', async () => {
    const w = await contractWorld();
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
});

describe('who may trade, and a double tap', () => {
  it('refuses an unverified user on the real account, and lets them trade on demo', async () => {
    const w = await contractWorld();
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
    const w = await contractWorld();
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
    const w = await contractWorld();
    w.price('20000');
    expect(refusal(() => w.order(w.ann, { quantity: '0.00005' }))).toMatchObject({
      key: 'quantity_step',
    });
    expect(refusal(() => w.order(w.ann, { quantity: '101' }))).toMatchObject({
      key: 'quantity_above_max',
      params: { max: '100' },
    });
    expect(refusal(() => w.order(w.ann, { leverage_id: '9' }))).toMatchObject({
      kind: 'refused',
      key: 'leverage_invalid',
    });
    expect(refusal(() => w.order(w.ann, { quantity: '3', leverage_id: '1' }))).toMatchObject({
      key: 'balance_insufficient',
    });
    expect(w.exchange.live().contracts.orders).toEqual([]);
  });
});

describe('the leverage a user chose (getContractInfo)', () => {
  const chosen = (w: ContractWorld, userId: string) => w.contracts.info(userId, BTC).leverage_id;

  it('is saved by an accepted order, and left as it was by every refused one', async () => {
    const w = await contractWorld();
    w.price('20000');
    expect(chosen(w, w.ann)).toBe('3');
    const refusals = () => {
      const leverages = structuredClone(w.exchange.live().contracts.leverages);
      // each with a leverage other than the saved one, each refused at a different check
      const keys = [
        // 3 × 20 000 ÷ 5 = 12 000 of margin, 10 000 held
        refusal(() => w.order(w.ann, { quantity: '3', leverage_id: '1' })).key,
        refusal(() => w.order(w.ann, { quantity: '0.00005', leverage_id: '5' })).key,
        refusal(() => w.order(w.ann, { leverage_id: '9' })).key,
        refusal(() => w.order(w.ann, { quantity: '0.1', take_profit: '19000', leverage_id: '4' }))
          .key,
        // at 100× the long is liquidated near 19 900: a stop loss at 19 950 is too near
        refusal(() => w.order(w.ann, { quantity: '0.1', stop_loss: '19950', leverage_id: '5' }))
          .key,
      ];
      expect(w.exchange.live().contracts.leverages).toEqual(leverages);
      return keys;
    };
    expect(refusals()).toEqual([
      'balance_insufficient',
      'quantity_step',
      'leverage_invalid',
      'take_profit_side',
      'stop_loss_near_liquidation',
    ]);
    expect(chosen(w, w.ann)).toBe('3');

    // an accepted order saves its leverage; one refused for another leverage leaves it
    w.order(w.ann, { quantity: '0.1', leverage_id: '2' });
    expect(chosen(w, w.ann)).toBe('2');
    expect(refusal(() => w.order(w.ann, { quantity: '0.1', leverage_id: '4' })).key).toBe(
      'leverage_mismatch',
    );
    refusals();
    expect(chosen(w, w.ann)).toBe('2');
  });

  it('is not saved for a user who may not trade', async () => {
    const w = await contractWorld();
    w.price('20000');
    expect(refusal(() => w.order(w.bo, { quantity: '0.1', leverage_id: '5' })).key).toBe(
      'contract_identity_required',
    );
    expect(chosen(w, w.bo)).toBe('3');
  });
});

const HOUR = 3_600_000;
const ETH = 'ethusdt';
const AAPL = 'aapl';

/** Ann's demo contract account funded with 1 000 USDT, and Ann left on it. */
const annOnDemo = (w: ContractWorld) => {
  w.exchange.profile.setAccountMode(w.ann, 'demo');
  w.exchange.funds.transfer(w.ann, {
    from: 'fund',
    to: 'contract',
    amount: '1000',
    request_id: rid(),
  });
};

describe('the quantity and price rules, at each bound', () => {
  it('takes a quantity on the step from the minimum to the maximum, and refuses a step beyond either, naming the bound', async () => {
    const w = await contractWorld();
    w.price('100'); // 100 BTC at 100× hold 100.01 of margin
    const refuse = (quantity: string) =>
      refusedUnchanged(w.exchange, () => w.order(w.ann, { quantity, leverage_id: '5' }));
    const step = refuse('0.00015');
    expect(step).toMatchObject({ kind: 'refused', key: 'quantity_step' });
    expect(step.params).toEqual({ step: '0.0001' });
    const below = refuse('0');
    expect(below).toMatchObject({ kind: 'refused', key: 'quantity_below_min' });
    expect(below.params).toEqual({ min: '0.0001' });
    const above = refuse('100.0001');
    expect(above).toMatchObject({ kind: 'refused', key: 'quantity_above_max' });
    expect(above.params).toEqual({ max: '100' });
    // off the step and under the minimum: the step is what is told
    expect(refuse('0.00005').key).toBe('quantity_step');
    expect(w.order(w.ann, { quantity: '0.0001', leverage_id: '5' })).toMatchObject({
      status: 'filled',
      quantity: '0.0001',
    });
    expect(w.order(w.ann, { quantity: '100', leverage_id: '5' })).toMatchObject({
      status: 'filled',
      quantity: '100',
    });
    expect(w.contracts.positions(w.ann).list[0]?.quantity).toBe('100.0001');
  });

  it('refuses a limit price finer than the symbol’s two decimals, takes one at two, and reads no price of a market order', async () => {
    const w = await contractWorld();
    w.price('20000');
    const fine = refusedUnchanged(w.exchange, () =>
      w.order(w.ann, { type: 'limit', price: '19000.001', quantity: '0.1' }),
    );
    expect(fine).toMatchObject({ kind: 'refused', key: 'price_precision' });
    expect(fine.params).toEqual({ digits: 2 });
    expect(w.order(w.ann, { type: 'limit', price: '19000.01', quantity: '0.1' })).toMatchObject({
      status: 'pending',
      price: '19000.01',
    });
    expect(w.order(w.ann, { type: 'market', price: '1.001', quantity: '0.1' })).toMatchObject({
      status: 'filled',
      price: null,
      avg_price: '20000.20',
    });
  });

  it('refuses an order whose margin comes to nothing (a limit at 0)', async () => {
    const w = await contractWorld();
    w.price('20000');
    expect(
      refusedUnchanged(w.exchange, () =>
        w.order(w.ann, { type: 'limit', price: '0', quantity: '0.1' }),
      ),
    ).toMatchObject({ kind: 'refused', key: 'order_too_small' });
  });

  it('refuses an order on a market that is shut (a stock before its session), after its quantity', async () => {
    const w = await contractWorld(); // 07:00 in New York
    const stock = (quantity = '1') =>
      w.order(w.ann, { symbol_id: AAPL, quantity, leverage_id: '2' });
    expect(refusedUnchanged(w.exchange, () => stock())).toMatchObject({
      kind: 'refused',
      key: 'market_closed',
    });
    expect(refusedUnchanged(w.exchange, () => stock('1.001')).key).toBe('quantity_step');
    w.advance(3 * HOUR); // 10:00 in New York
    expect(stock()).toMatchObject({ status: 'filled', symbol_id: AAPL, leverage: 2 });
  });
});

describe('the take profit and stop loss of an order', () => {
  it('checks a limit order’s take profit against its limit price, a market order’s against the mark', async () => {
    const w = await contractWorld();
    w.price('20000');
    // a long from 19 000: a take profit at 19 500 is above what it opens at
    expect(
      w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1', take_profit: '19500' }),
    ).toMatchObject({ status: 'pending', take_profit: '19500' });
    const side = refusedUnchanged(w.exchange, () =>
      w.order(w.ann, { quantity: '0.1', take_profit: '19500' }),
    );
    expect(side).toMatchObject({ kind: 'refused', key: 'take_profit_side' });
    expect(side.params).toEqual({});
    const stop = refusedUnchanged(w.exchange, () =>
      w.order(w.ann, { quantity: '0.1', stop_loss: '20001' }),
    );
    expect(stop).toMatchObject({ kind: 'refused', key: 'stop_loss_side' });
    expect(stop.params).toEqual({});
  });

  it('names the nearest stop loss a short may have, rounded down to the safe side', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { side: 'sell', quantity: '1' }); // short 1 at the bid, 19 999.80, 50×
    const [position] = w.contracts.positions(w.ann).list;
    const id = position?.id ?? '';
    const near = refusedUnchanged(w.exchange, () =>
      w.contracts.addTakeStop(w.ann, {
        position_id: id,
        take_profit: '',
        stop_loss: '20250',
        request_id: rid(),
      }),
    );
    expect(near).toMatchObject({ kind: 'refused', key: 'stop_loss_near_liquidation' });
    // liquidated at 19 999.80 + 399.996 − 0.5 % of 19 999.80 = 20 299.797; a stop loss keeps
    // 0.5 % of it below: 20 198.298015, down to 20 198.29 (up would be on the unsafe side)
    expect({ liquidation: position?.liquidation_price, params: near.params }).toEqual({
      liquidation: '20299.797',
      params: { price: '20198.29' },
    });
  });
});

describe('one leverage per symbol and side', () => {
  it('refuses a leverage other than a resting opening order’s, then the held position’s, naming it', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1', leverage_id: '2' }); // 10×
    const mismatch = refusedUnchanged(w.exchange, () =>
      w.order(w.ann, { quantity: '0.1', leverage_id: '4' }),
    );
    expect(mismatch).toMatchObject({ kind: 'refused', key: 'leverage_mismatch' });
    expect(mismatch.params).toEqual({ leverage: 10 });
    expect(w.order(w.ann, { quantity: '0.1', leverage_id: '2' }).status).toBe('filled');
    w.contracts.cancelOrder(w.ann, { order_id: '1', request_id: rid() });
    expect(
      refusedUnchanged(w.exchange, () =>
        w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1', leverage_id: '3' }),
      ).params,
    ).toEqual({ leverage: 10 });
  });

  it('is not bound by the orders of another user, mode, symbol or side, nor by a resting close', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.exchange.market.setPrice(ETH, '1000', w.exchange.now());
    const tenfold = (userId: string, fields: Parameters<ContractWorld['order']>[1]) =>
      w.order(userId, { type: 'limit', quantity: '0.1', leverage_id: '2', ...fields });
    tenfold(w.cy, { price: '19000' });
    tenfold(w.ann, { side: 'sell', price: '21000' });
    tenfold(w.ann, { symbol_id: ETH, price: '900' });
    w.order(w.ann, { side: 'sell', quantity: '0.1', leverage_id: '2' }); // a short at 10×
    // its close, resting: a buy at 10×
    expect(tenfold(w.ann, { reduce_only: true, price: '19000' })).toMatchObject({
      status: 'pending',
      reduce_only: true,
      leverage: 10,
    });
    annOnDemo(w);
    tenfold(w.ann, { price: '19000' });
    w.exchange.profile.setAccountMode(w.ann, 'real');
    expect(
      w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1', leverage_id: '4' }),
    ).toMatchObject({ status: 'pending', leverage: 50 });
  });
});

describe('reduce-only orders', () => {
  it('refuses a close with no position in its direction, or beyond what resting closes left, naming the most', async () => {
    const w = await contractWorld();
    w.price('20000');
    const close = (fields: Parameters<ContractWorld['order']>[1]) =>
      w.order(w.ann, { reduce_only: true, side: 'sell', ...fields });
    const none = refusedUnchanged(w.exchange, () => close({}));
    expect(none).toMatchObject({ kind: 'refused', key: 'reduce_only_no_position' });
    w.order(w.ann, { quantity: '1' }); // long 1
    // a reduce-only buy closes a short, and Ann holds none
    expect(refusedUnchanged(w.exchange, () => close({ side: 'buy', quantity: '0.5' })).key).toBe(
      'reduce_only_no_position',
    );
    const beyond = refusedUnchanged(w.exchange, () => close({ quantity: '1.0001' }));
    expect(beyond).toMatchObject({ kind: 'refused', key: 'close_quantity_exceeds' });
    expect(beyond.params).toEqual({ max: '1' });
    close({ type: 'limit', price: '20500', quantity: '0.4' });
    expect(refusedUnchanged(w.exchange, () => close({ quantity: '0.6001' })).params).toEqual({
      max: '0.6',
    });
    expect(close({ quantity: '0.6' })).toMatchObject({
      status: 'completed',
      action: 'close_long',
      avg_price: '19999.80',
    });
  });

  it('rests a reduce-only limit that does not cross as a close of the position, freezing nothing, and fills it when the bid gets there', async () => {
    const w = await contractWorld();
    w.price('20000');
    const opened = w.order(w.ann, {
      quantity: '1',
      leverage_id: '3',
      take_profit: '25000',
      stop_loss: '19500',
    });
    const position = w.contracts.positions(w.ann).list[0];
    const account = { ...w.contract(w.ann) };
    w.events.length = 0;
    const resting = w.order(w.ann, {
      reduce_only: true,
      side: 'sell',
      type: 'limit',
      price: '20500',
      quantity: '0.4',
    });
    expect(resting).toMatchObject({
      id: String(Number(opened.id) + 1),
      side: 'sell',
      action: 'close_long',
      type: 'limit',
      price: '20500',
      avg_price: null,
      leverage: 20,
      take_profit: '',
      stop_loss: '',
      quantity: '0.4',
      filled_quantity: '0',
      // 0.4 × 20 500 at the maker's 0.02 %
      fee: '1.64',
      cost: '0',
      reduce_only: true,
      position_id: position?.id,
      source: 'user',
      status: 'pending',
    });
    expect({ ...w.contract(w.ann) }).toEqual(account);
    expect(bookedFor(w.exchange, resting.order_no)).toEqual([]);
    expect(w.events).toEqual([{ type: 'order', userId: w.ann, order: resting }]);
    expect(w.contracts.orders(w.ann, { group: 'open', page: 1, limit: 20 }).list).toEqual([
      resting,
    ]);
    expect(w.contracts.positions(w.ann).list[0]?.closable_quantity).toBe('0.6');
    // the next order takes the next id
    expect(w.order(w.ann, { quantity: '0.1', leverage_id: '3' }).id).toBe(
      String(Number(resting.id) + 1),
    );
    w.price('20500.21'); // bid 20 500.00
    expect(w.contracts.positions(w.ann).list[0]?.quantity).toBe('0.7');
    expect(
      w.contracts
        .orders(w.ann, { group: 'history', page: 1, limit: 20 })
        .list.find((order) => order.id === resting.id),
    ).toMatchObject({ status: 'completed', avg_price: '20500' });
  });

  it('closes at once, at the taker’s price and fee, a reduce-only limit that crosses, on either side', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '1', leverage_id: '3' }); // long 1 at 20 000.20
    w.order(w.cy, { side: 'sell', quantity: '1', leverage_id: '3' }); // short 1 at 19 999.80
    const sell = w.order(w.ann, {
      reduce_only: true,
      side: 'sell',
      type: 'limit',
      price: '19999.80',
      quantity: '0.5',
    });
    // 0.5 × 19 999.80 × 0.06 %
    expect(sell).toMatchObject({
      status: 'completed',
      action: 'close_long',
      price: '19999.80',
      avg_price: '19999.80',
      fee: '5.99994',
    });
    const buy = (price: string) =>
      w.order(w.cy, { reduce_only: true, side: 'buy', type: 'limit', price, quantity: '0.5' });
    expect(buy('20000.19')).toMatchObject({ status: 'pending', action: 'close_short' });
    expect(buy('20000.20')).toMatchObject({
      status: 'completed',
      action: 'close_short',
      avg_price: '20000.20',
      fee: '6.00006',
    });
    expect(w.contracts.positions(w.cy).list[0]).toMatchObject({
      quantity: '0.5',
      closable_quantity: '0',
    });
  });
});

describe('cancelling', () => {
  it('finds only the user’s own order in the mode they are in: any other is not found, and stays', async () => {
    const w = await contractWorld();
    w.price('20000');
    const cys = w.order(w.cy, { type: 'limit', price: '19000', quantity: '0.1' });
    annOnDemo(w);
    const demo = w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    w.exchange.profile.setAccountMode(w.ann, 'real');
    for (const order_id of [cys.id, demo.id, '999']) {
      expect(
        refusedUnchanged(w.exchange, () =>
          w.contracts.cancelOrder(w.ann, { order_id, request_id: rid() }),
        ),
      ).toMatchObject({ kind: 'not_found', key: 'order_not_found' });
    }
  });

  it('refuses to cancel an order no longer open, and cancels no other in its place', async () => {
    const w = await contractWorld();
    w.price('20000');
    // the first order rests on: no other order's cancel may take it
    const resting = w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    const filled = w.order(w.ann, { quantity: '0.1' });
    const cancelled = w.order(w.ann, { type: 'limit', price: '18000', quantity: '0.1' });
    w.contracts.cancelOrder(w.ann, { order_id: cancelled.id, request_id: rid() });
    for (const order_id of [filled.id, cancelled.id]) {
      expect(
        refusedUnchanged(w.exchange, () =>
          w.contracts.cancelOrder(w.ann, { order_id, request_id: rid() }),
        ),
      ).toMatchObject({ kind: 'refused', key: 'order_not_open' });
    }
    expect(w.contracts.orders(w.ann, { group: 'open', page: 1, limit: 20 }).list).toEqual([
      resting,
    ]);
  });

  it('releases what a resting opening order froze, tells its owner, and it fills no more', async () => {
    const w = await contractWorld();
    w.price('20000');
    const resting = w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    // 0.1 × 19 000 ÷ 50 = 38, and the maker's 0.38
    expect(w.contract(w.ann).frozen.toFixed()).toBe('38.38');
    w.events.length = 0;
    const cancelled = w.contracts.cancelOrder(w.ann, { order_id: resting.id, request_id: rid() });
    expect(cancelled).toEqual({ ...resting, status: 'cancelled' });
    expect(w.events).toEqual([{ type: 'order', userId: w.ann, order: cancelled }]);
    expect(w.contract(w.ann).available.toFixed()).toBe('10000');
    expect(w.contract(w.ann).frozen.toFixed()).toBe('0');
    expect(bookedFor(w.exchange, resting.order_no)).toEqual(['trade_fee', 'trade_fee']);
    w.price('18000');
    expect(w.contracts.positions(w.ann).list).toEqual([]);
  });

  it('gives back to the position what a cancelled resting close held, and tells its owner of both', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '1', leverage_id: '3' });
    const close = w.order(w.ann, {
      reduce_only: true,
      side: 'sell',
      type: 'limit',
      price: '21000',
      quantity: '0.4',
    });
    w.events.length = 0;
    const cancelled = w.contracts.cancelOrder(w.ann, { order_id: close.id, request_id: rid() });
    const [position] = w.contracts.positions(w.ann).list;
    expect(position).toMatchObject({ quantity: '1', closable_quantity: '1' });
    expect(w.events).toEqual([
      { type: 'order', userId: w.ann, order: cancelled },
      { type: 'position', userId: w.ann, position },
    ]);
    expect(bookedFor(w.exchange, close.order_no)).toEqual([]);
    w.price('21000.22');
    expect(w.contracts.positions(w.ann).list[0]?.quantity).toBe('1');
  });
});

describe('closing at market', () => {
  it('refuses a part close off the step or beyond what resting closes left, and on a shut market', async () => {
    const w = await contractWorld();
    w.advance(3 * HOUR); // 10:00 in New York
    w.price('20000');
    w.order(w.ann, { quantity: '1', leverage_id: '3' });
    w.order(w.ann, { symbol_id: AAPL, quantity: '1', leverage_id: '2' });
    const [stock, btc] = w.contracts.positions(w.ann).list;
    const part = (position_id: string, quantity: string) =>
      refusedUnchanged(w.exchange, () =>
        w.contracts.partStop(w.ann, { position_id, quantity, request_id: rid() }),
      );
    const step = part(btc?.id ?? '', '0.00005');
    expect(step).toMatchObject({ kind: 'refused', key: 'quantity_step' });
    expect(step.params).toEqual({ step: '0.0001' });
    w.order(w.ann, {
      reduce_only: true,
      side: 'sell',
      type: 'limit',
      price: '21000',
      quantity: '0.3',
    });
    const beyond = part(btc?.id ?? '', '0.7001');
    expect(beyond).toMatchObject({ kind: 'refused', key: 'close_quantity_exceeds' });
    expect(beyond.params).toEqual({ max: '0.7' });
    w.advance(7 * HOUR); // 17:00 in New York
    expect(part(stock?.id ?? '', '0.5')).toMatchObject({ kind: 'refused', key: 'market_closed' });
    expect(
      w.contracts.partStop(w.ann, {
        position_id: btc?.id ?? '',
        quantity: '0.7',
        request_id: rid(),
      }).order,
    ).toMatchObject({ status: 'completed', quantity: '0.7' });
  });

  it('closes part of a short at the ask, by the user, and the rest with no position left', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { side: 'sell', quantity: '1', leverage_id: '3' }); // short 1 at 19 999.80
    const id = w.contracts.positions(w.ann).list[0]?.id ?? '';
    w.price('19000'); // ask 19 000.19
    const part = w.contracts.partStop(w.ann, {
      position_id: id,
      quantity: '0.4',
      request_id: rid(),
    });
    // PnL 0.4 × (19 999.80 − 19 000.19)
    expect(part.order).toMatchObject({
      side: 'buy',
      action: 'close_short',
      avg_price: '19000.19',
      realized_pnl: '399.844',
      source: 'user',
      status: 'completed',
    });
    expect(part.position).toMatchObject({ id, quantity: '0.6' });
    const rest = w.contracts.partStop(w.ann, {
      position_id: id,
      quantity: '0.6',
      request_id: rid(),
    });
    expect(rest.order).toMatchObject({ avg_price: '19000.19', status: 'completed' });
    expect(rest.position).toBeNull();
    expect(w.contracts.positions(w.ann).list).toEqual([]);
  });

  it('closes every position of the symbol asked for, or all, each at its taker price, and sums the PnL', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.exchange.market.setPrice(ETH, '1000', w.exchange.now());
    w.order(w.ann, { quantity: '0.1', leverage_id: '3' }); // long 0.1 BTC at 20 000.20
    w.order(w.ann, { symbol_id: ETH, side: 'sell', quantity: '1', leverage_id: '3' }); // short 1 ETH at 999.99
    w.order(w.cy, { quantity: '0.1', leverage_id: '3' });
    w.price('21000'); // bid 20 999.79
    w.exchange.market.setPrice(ETH, '900', w.exchange.now()); // ask 900.01
    const unknown = refusedUnchanged(w.exchange, () =>
      w.contracts.allStop(w.ann, { symbol_id: 'nosuch', request_id: rid() }),
    );
    expect(unknown).toMatchObject({ kind: 'not_found', key: 'symbol_not_found' });
    const eth = w.contracts.allStop(w.ann, { symbol_id: ETH, request_id: rid() });
    // 1 × (999.99 − 900.01)
    expect(eth).toEqual({
      list: [expect.objectContaining({ symbol_id: ETH, avg_price: '900.01', source: 'user' })],
      realized_pnl: '99.98',
    });
    expect(w.contracts.positions(w.ann).list.map((row) => row.symbol_id)).toEqual([BTC]);
    w.exchange.market.setPrice(ETH, '1000', w.exchange.now());
    // 5× this time: the loss to come is well within its margin
    w.order(w.ann, { symbol_id: ETH, side: 'sell', quantity: '1', leverage_id: '1' });
    w.exchange.market.setPrice(ETH, '1100', w.exchange.now()); // ask 1 100.01
    const all = w.contracts.allStop(w.ann, { request_id: rid() });
    // 0.1 × (20 999.79 − 20 000.20) − 1 × (1 100.01 − 999.99)
    expect(all.list.map((order) => [order.symbol_id, order.action, order.avg_price])).toEqual([
      [BTC, 'close_long', '20999.79'],
      [ETH, 'close_short', '1100.01'],
    ]);
    expect(all.realized_pnl).toBe('-0.061');
    expect(w.contracts.positions(w.ann).list).toEqual([]);
    expect(w.contracts.positions(w.cy).list).toHaveLength(1);
    expect(w.contracts.allStop(w.ann, { request_id: rid() })).toEqual({
      list: [],
      realized_pnl: '0.00',
    });
  });

  it('closes nothing while a market it would close at is shut, but another symbol asked for alone', async () => {
    const w = await contractWorld();
    w.advance(3 * HOUR); // 10:00 in New York
    w.order(w.ann, { symbol_id: AAPL, quantity: '1', leverage_id: '2' });
    w.advance(7 * HOUR); // 17:00
    w.price('20000');
    w.order(w.ann, { quantity: '0.1', leverage_id: '3' });
    expect(
      refusedUnchanged(w.exchange, () => w.contracts.allStop(w.ann, { request_id: rid() })),
    ).toMatchObject({ kind: 'refused', key: 'market_closed' });
    expect(
      w.contracts
        .allStop(w.ann, { symbol_id: BTC, request_id: rid() })
        .list.map((order) => order.symbol_id),
    ).toEqual([BTC]);
    expect(w.contracts.positions(w.ann).list.map((row) => row.symbol_id)).toEqual([AAPL]);
  });

  it('cancels a position’s resting closes before closing it, telling its owner in that order', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '1', leverage_id: '3' });
    const resting = w.order(w.ann, {
      reduce_only: true,
      side: 'sell',
      type: 'limit',
      price: '21000',
      quantity: '0.4',
    });
    const id = w.contracts.positions(w.ann).list[0]?.id ?? '';
    w.events.length = 0;
    const { list } = w.contracts.allStop(w.ann, { request_id: rid() });
    expect(list).toMatchObject([{ quantity: '1', status: 'completed', avg_price: '19999.80' }]);
    expect(w.events.map((event) => (event.type === 'order' ? event.order : event))).toEqual([
      { ...resting, status: 'cancelled' },
      list[0],
      { type: 'position', userId: w.ann, position: { id, closed: true } },
    ]);
    expect(
      w.contracts
        .orders(w.ann, { group: 'history', page: 1, limit: 20 })
        .list.find((order) => order.id === resting.id)?.status,
    ).toBe('cancelled');
  });
});

describe('what only a verified user may do on the real account', () => {
  it('refuses an unverified user a part close, a close of all and a take profit, before looking for the position', async () => {
    const w = await contractWorld();
    w.price('20000');
    const calls = [
      () => w.contracts.partStop(w.bo, { position_id: '1', quantity: '0.1', request_id: rid() }),
      () => w.contracts.allStop(w.bo, { request_id: rid() }),
      () =>
        w.contracts.addTakeStop(w.bo, {
          position_id: '1',
          take_profit: '21000',
          stop_loss: '',
          request_id: rid(),
        }),
    ];
    for (const call of calls) {
      expect(refusedUnchanged(w.exchange, call)).toMatchObject({
        kind: 'refused',
        key: 'contract_identity_required',
      });
    }
  });
});

describe('a take profit and stop loss set on a position', () => {
  it('refuses either finer than the symbol’s decimals, and keeps both at two', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '1', leverage_id: '3' });
    const id = w.contracts.positions(w.ann).list[0]?.id ?? '';
    const set = (take_profit: string, stop_loss: string) =>
      w.contracts.addTakeStop(w.ann, {
        position_id: id,
        take_profit,
        stop_loss,
        request_id: rid(),
      });
    for (const [take, stop] of [
      ['21000.001', ''],
      ['', '19500.001'],
    ] as const) {
      const fine = refusedUnchanged(w.exchange, () => set(take, stop));
      expect(fine).toMatchObject({ kind: 'refused', key: 'price_precision' });
      expect(fine.params).toEqual({ digits: 2 });
    }
    w.events.length = 0;
    const position = set('21000.01', '19500.99');
    expect(position).toMatchObject({ take_profit: '21000.01', stop_loss: '19500.99' });
    expect(w.events).toEqual([{ type: 'position', userId: w.ann, position }]);
  });
});

describe('request ids', () => {
  it('keeps each write’s answer under its own operation, so one request id cannot serve two', async () => {
    const w = await contractWorld();
    w.price('20000');
    const opened = w.order(w.ann, {
      quantity: '1',
      leverage_id: '3',
      type: 'limit',
      price: '19000',
    });
    w.order(w.ann, { quantity: '1', leverage_id: '3' });
    const id = w.contracts.positions(w.ann).list[0]?.id ?? '';
    const ids = {
      addOrder: rid(),
      cancelOrder: rid(),
      addTakeStop: rid(),
      partStop: rid(),
      allStop: rid(),
    };
    w.order(w.ann, { quantity: '0.1', leverage_id: '3', request_id: ids.addOrder });
    w.contracts.cancelOrder(w.ann, { order_id: opened.id, request_id: ids.cancelOrder });
    w.contracts.addTakeStop(w.ann, {
      position_id: id,
      take_profit: '21000',
      stop_loss: '',
      request_id: ids.addTakeStop,
    });
    w.contracts.partStop(w.ann, { position_id: id, quantity: '0.1', request_id: ids.partStop });
    w.contracts.allStop(w.ann, { request_id: ids.allStop });
    const requests = w.exchange.live().requests;
    expect(
      Object.entries(ids).map(([name, request_id]) => [
        name,
        requests[`${w.ann}:${request_id}`]?.operation,
      ]),
    ).toEqual(Object.keys(ids).map((name) => [name, `contract.${name}`]));
  });
});

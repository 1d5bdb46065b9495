/**
 * The open orders and positions as the engine keeps them indexed (open-rows.ts), seen from the
 * outside: what a position's resting closes hold back, which positions a user is shown (every
 * symbol and direction, one mode), whether the user still holds anything open, and the same after
 * a restore rebuilt the index from a saved state.
 */
import { describe, expect, it } from 'vitest';
import { btcPosition, cancel, ordersOf, restingSell, watches } from './rows-testing.ts';
import { BTC, contractWorld, refusal, rid, type ContractWorld } from './testing.ts';

const ETH = 'ethusdt';
const ethPrice = (w: ContractWorld, value: string) => {
  w.exchange.market.setPrice(ETH, value, w.exchange.now());
};
const partStop = (w: ContractWorld, userId: string, positionId: string, quantity: string) =>
  w.contracts.partStop(userId, { position_id: positionId, quantity, request_id: rid() });

describe('a position’s resting closes', () => {
  it('hold their quantity back from what can be closed, each of them, until cancelled', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '1' });
    const id = btcPosition(w, w.ann).id;
    expect(btcPosition(w, w.ann).closable_quantity).toBe('1');
    const first = restingSell(w, w.ann, '0.3', '21000');
    const second = restingSell(w, w.ann, '0.2', '22000');
    expect([first.status, second.status]).toEqual(['pending', 'pending']);
    expect(btcPosition(w, w.ann)).toMatchObject({ quantity: '1', closable_quantity: '0.5' });
    // just above what is left: refused, naming it; at it: accepted (by the check)
    expect(refusal(() => partStop(w, w.ann, id, '0.51'))).toMatchObject({
      kind: 'refused',
      key: 'close_quantity_exceeds',
      params: { max: '0.5' },
    });
    expect(refusal(() => restingSell(w, w.ann, '0.6', '23000'))).toMatchObject({
      key: 'close_quantity_exceeds',
      params: { max: '0.5' },
    });
    expect(ordersOf(w, w.ann, 'open').map((order) => order.id)).toEqual([second.id, first.id]);
    expect(partStop(w, w.ann, id, '0.5').position).toMatchObject({
      quantity: '0.5',
      closable_quantity: '0',
    });
    cancel(w, w.ann, first.id);
    expect(btcPosition(w, w.ann).closable_quantity).toBe('0.3');
    cancel(w, w.ann, second.id);
    expect(btcPosition(w, w.ann).closable_quantity).toBe('0.5');
    expect(ordersOf(w, w.ann, 'open')).toEqual([]);
    const closed = partStop(w, w.ann, id, '0.5');
    expect(closed.position).toBeNull();
  });

  it('stops holding back once it has traded', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '1' });
    const close = restingSell(w, w.ann, '0.4', '21000');
    w.price('21000'); // the bid, 20 999.79, is still below the limit
    expect(btcPosition(w, w.ann).closable_quantity).toBe('0.6');
    w.price('21000.21'); // the bid reaches 21 000.00: it trades
    expect(btcPosition(w, w.ann)).toMatchObject({ quantity: '0.6', closable_quantity: '0.6' });
    expect(ordersOf(w, w.ann, 'open')).toEqual([]);
    const history = ordersOf(w, w.ann, 'history');
    // listed once, completed at its own price
    expect(history.map((order) => [order.id, order.status, order.avg_price])).toEqual([
      [close.id, 'completed', '21000'],
      ['1', 'filled', '20000.20'],
    ]);
  });
});

describe('the positions a user is shown', () => {
  it('lists every symbol and direction held, newest first, each its own position; a symbol filter keeps that symbol’s', async () => {
    const w = await contractWorld();
    w.price('20000');
    ethPrice(w, '2000');
    w.order(w.ann, { quantity: '0.1' });
    w.order(w.ann, { side: 'sell', quantity: '0.2' });
    w.order(w.ann, { symbol_id: ETH, quantity: '1' });
    const all = w.contracts.positions(w.ann).list;
    expect(all.map((row) => [row.id, row.symbol_id, row.direction, row.quantity])).toEqual([
      ['3', ETH, 'long', '1'],
      ['2', BTC, 'short', '0.2'],
      ['1', BTC, 'long', '0.1'],
    ]);
    expect(w.contracts.positions(w.ann, BTC).list.map((row) => row.id)).toEqual(['2', '1']);
    expect(w.contracts.positions(w.ann, ETH).list.map((row) => row.id)).toEqual(['3']);
    // another user's list is their own
    expect(w.contracts.positions(w.cy).list).toEqual([]);
    w.order(w.cy, { quantity: '0.5' });
    expect(w.contracts.positions(w.cy).list.map((row) => [row.id, row.quantity])).toEqual([
      ['4', '0.5'],
    ]);
    expect(w.contracts.positions(w.ann).list).toHaveLength(3);
  });

  it('shows the positions of the mode the user is on, and only those', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.cy, { quantity: '0.1' });
    w.exchange.profile.setAccountMode(w.cy, 'demo');
    expect(w.contracts.positions(w.cy).list).toEqual([]);
    w.exchange.funds.transfer(w.cy, {
      from: 'fund',
      to: 'contract',
      amount: '5000',
      request_id: rid(),
    });
    w.order(w.cy, { quantity: '0.3' });
    expect(
      w.contracts.positions(w.cy).list.map((row) => [row.id, row.quantity, row.account_mode]),
    ).toEqual([['2', '0.3', 'demo']]);
    // the real position is not the demo one's to close
    expect(refusal(() => partStop(w, w.cy, '1', '0.1'))).toMatchObject({
      kind: 'not_found',
      key: 'position_not_found',
    });
    w.exchange.profile.setAccountMode(w.cy, 'real');
    expect(
      w.contracts.positions(w.cy).list.map((row) => [row.id, row.quantity, row.account_mode]),
    ).toEqual([['1', '0.1', 'real']]);
  });
});

describe('whether a user still holds something open', () => {
  it('is no for a user who never traded, yes while an order rests or a position is open, no once all is gone', async () => {
    const w = await contractWorld();
    w.price('20000');
    expect(w.contracts.holdsOpen(w.bo)).toBe(false);
    expect(w.contracts.holdsOpen(w.ann)).toBe(false);
    const limit = w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    expect(w.contracts.holdsOpen(w.ann)).toBe(true);
    expect(w.contracts.holdsOpen(w.cy)).toBe(false);
    cancel(w, w.ann, limit.id);
    expect(w.contracts.holdsOpen(w.ann)).toBe(false);
    w.order(w.ann, { quantity: '0.1' });
    expect(w.contracts.holdsOpen(w.ann)).toBe(true);
    partStop(w, w.ann, btcPosition(w, w.ann).id, '0.1');
    expect(w.contracts.holdsOpen(w.ann)).toBe(false);
    // a resting limit that traded is no longer open either
    w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    w.price('18999.80');
    partStop(w, w.ann, btcPosition(w, w.ann).id, '0.1');
    expect(w.contracts.holdsOpen(w.ann)).toBe(false);
  });

  it('counts a position held on the other mode', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.cy, { quantity: '0.1' });
    w.exchange.profile.setAccountMode(w.cy, 'demo');
    expect(w.contracts.holdsOpen(w.cy)).toBe(true);
  });
});

describe('after a restore', () => {
  it('shows the saved state’s rows, not what was made since: no later order, position or level', async () => {
    const w = await contractWorld();
    w.price('20000');
    const saved = w.exchange.snapshot();
    w.order(w.ann, { quantity: '0.1', take_profit: '21000' });
    w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    expect(w.contracts.holdsOpen(w.ann)).toBe(true);
    expect(watches(w)).not.toEqual([]);
    w.exchange.restore(saved);
    expect(w.contracts.positions(w.ann).list).toEqual([]);
    expect(w.contracts.holdsOpen(w.ann)).toBe(false);
    expect(watches(w)).toEqual([]);
    // nothing of the forgotten rows trades
    w.price('21500');
    w.price('18000');
    expect(w.contracts.orderRows(w.ann)).toEqual([]);
    expect(w.events.filter((event) => event.type === 'notice')).toEqual([]);
  });

  it('keeps the saved position, its full closable quantity (a close made since is forgotten), and closes it with its own pushes only', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '1' });
    const saved = w.exchange.snapshot();
    const close = restingSell(w, w.ann, '0.4', '21000');
    expect(btcPosition(w, w.ann).closable_quantity).toBe('0.6');
    w.exchange.restore(saved);
    expect(btcPosition(w, w.ann)).toMatchObject({
      id: '1',
      quantity: '1',
      closable_quantity: '1',
    });
    expect(ordersOf(w, w.ann, 'open')).toEqual([]);
    const before = w.events.length;
    const { order } = partStop(w, w.ann, '1', '1');
    // the restored state's next order id is the forgotten close's
    expect(order.id).toBe(close.id);
    expect(
      w.events
        .slice(before)
        .map((event) =>
          event.type === 'order'
            ? ['order', event.order.id, event.order.status]
            : event.type === 'position'
              ? ['position', event.position.id]
              : [event.type],
        ),
    ).toEqual([
      ['order', order.id, 'completed'],
      ['position', '1'],
    ]);
  });

  it('keeps the saved resting order and take profit working', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '0.1', take_profit: '21000' });
    const limit = w.order(w.cy, { type: 'limit', price: '19900', quantity: '0.1' });
    w.exchange.restore(w.exchange.snapshot());
    expect(w.contracts.holdsOpen(w.cy)).toBe(true);
    // the take profit's level above, the liquidation's and the limit's below
    expect(watches(w).map((watch) => watch.symbolId)).toEqual([BTC]);
    w.price('19899.80'); // cy's limit trades (ann's position is not yet liquidated)
    expect(w.contracts.positions(w.cy).list.map((row) => row.entry_price)).toEqual(['19900.00']);
    expect(ordersOf(w, w.cy, 'history').map((order) => [order.id, order.status])).toEqual([
      [limit.id, 'filled'],
    ]);
    w.price('21000'); // ann's take profit fires
    expect(w.contracts.positions(w.ann).list).toEqual([]);
    expect(ordersOf(w, w.ann, 'history').map((order) => order.source)).toEqual([
      'take_profit',
      'user',
    ]);
  });

  it('takes in a user whose only positions are closed', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '0.1' });
    partStop(w, w.ann, '1', '0.1');
    w.exchange.restore(w.exchange.snapshot());
    expect(w.contracts.positions(w.ann).list).toEqual([]);
    expect(w.contracts.holdsOpen(w.ann)).toBe(false);
    w.order(w.ann, { quantity: '0.2' });
    expect(w.contracts.positions(w.ann).list.map((row) => [row.id, row.quantity])).toEqual([
      ['2', '0.2'],
    ]);
  });

  it('counts an order a saved state has as partly filled as still open', async () => {
    const w = await contractWorld();
    w.price('20000');
    const limit = w.order(w.ann, { type: 'limit', price: '19000', quantity: '0.1' });
    const saved = w.exchange.snapshot();
    const row = saved.contracts.orders.find((order) => order.id === limit.id);
    if (!row) throw new Error('no saved order');
    row.status = 'partially_filled';
    w.exchange.restore(saved);
    expect(w.contracts.holdsOpen(w.ann)).toBe(true);
    expect(ordersOf(w, w.ann, 'open').map((order) => [order.id, order.status])).toEqual([
      [limit.id, 'partially_filled'],
    ]);
  });
});

/**
 * What a price sets off, without HTTP: take profits and stop losses, and prices that reached a
 * level and came back before the engine looked.
 */
import { describe, expect, it } from 'vitest';
import { BTC, contractWorld, rid, START, type ContractWorld } from './testing.ts';

/** a spike: `price` from the next whole second, back to `back` 100 ms after (the next second) */
const spike = (w: ContractWorld, price: string, back: string) => {
  w.exchange.market.playPath(
    BTC,
    [
      { price, after_ms: 100 },
      { price: back, after_ms: 100 },
    ],
    w.exchange.now(),
  );
};

describe('take profit and stop loss', () => {
  it('fires a take profit once, at the bid, with a notice', async () => {
    const w = await contractWorld();
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
    const w = await contractWorld();
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
});

describe('triggers react to the market’s prices, not to when the engine looks', () => {
  it('fires a take profit on a level crossed and crossed back before the engine next looks, at the price that crossed it', async () => {
    const w = await contractWorld();
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
    const w = await contractWorld();
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
    const w = await contractWorld();
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

describe('resting closes and what a price sets off together', () => {
  /** ann long 1 BTC at the ask of 20 000 (20 000.20), 50× */
  async function longOne(fields: { take_profit?: string } = {}) {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '1', ...fields });
    const [position] = w.contracts.positions(w.ann).list;
    if (!position) throw new Error('no position');
    const takeStop = (take_profit: string, stop_loss: string) =>
      w.contracts.addTakeStop(w.ann, {
        position_id: position.id,
        take_profit,
        stop_loss,
        request_id: rid(),
      });
    return { w, takeStop };
  }
  const rest = (w: ContractWorld, quantity: string, price: string) =>
    w.order(w.ann, { side: 'sell', type: 'limit', price, quantity, reduce_only: true });

  it('fills a resting close only when the bid reaches its price, not when the last does', async () => {
    const { w } = await longOne();
    rest(w, '0.4', '21000');
    // the last at 21 000: the bid, 20 999.79, is still under the close's price
    w.price('21000');
    expect(w.contracts.positions(w.ann).list[0]?.quantity).toBe('1');
    w.price('21000.22'); // bid 21 000.01
    expect(w.contracts.positions(w.ann).list[0]).toMatchObject({ quantity: '0.6' });
    const [close] = w.contracts.orders(w.ann, { group: 'history', page: 1, limit: 5 }).list;
    // closed at its own price, 0.4 × (21 000 − 20 000.20)
    expect(close).toMatchObject({
      action: 'close_long',
      reduce_only: true,
      status: 'completed',
      avg_price: '21000',
      realized_pnl: '399.92',
    });
  });

  it('closes once when a resting close and the take profit are reached by one price', async () => {
    const { w, takeStop } = await longOne();
    takeStop('21000', '');
    rest(w, '1', '21000');
    w.price('21000.22');
    expect(w.contracts.positions(w.ann).list).toEqual([]);
    const history = w.contracts.orders(w.ann, { group: 'history', page: 1, limit: 10 }).list;
    expect(history.map((order) => [order.source, order.action, order.status])).toEqual([
      ['user', 'close_long', 'completed'],
      ['user', 'open_long', 'closed'],
    ]);
    expect(w.events.filter((event) => event.type === 'notice')).toEqual([]);
  });

  it('cancels the resting close when the stop loss fires first, and says so in a notice', async () => {
    const { w, takeStop } = await longOne();
    takeStop('', '19900');
    const resting = rest(w, '0.5', '21000');
    w.price('19900');
    expect(w.contracts.positions(w.ann).list).toEqual([]);
    const history = w.contracts.orders(w.ann, { group: 'history', page: 1, limit: 10 }).list;
    const stop = history.find((order) => order.source === 'stop_loss');
    expect(history.find((order) => order.id === resting.id)).toMatchObject({
      status: 'cancelled',
    });
    // sold the whole position back at the bid
    expect(stop).toMatchObject({ quantity: '1', avg_price: '19899.80' });
    const notices = w.events.filter((event) => event.type === 'notice');
    expect(notices).toEqual([
      {
        type: 'notice',
        userId: w.ann,
        notice: {
          id: `CT${stop?.id ?? ''}`,
          title: 'Stop loss executed',
          summary: `Your BTC/USDT position was closed at 19,899.80, realised PnL ${stop?.realized_pnl ?? ''} USDT.`,
          created_at: w.exchange.now(),
        },
      },
    ]);
  });

  it('keeps watching the resting orders and positions after the state is reloaded', async () => {
    const { w, takeStop } = await longOne();
    takeStop('', '19900');
    w.order(w.cy, { type: 'limit', price: '19950' });
    w.exchange.restore(w.exchange.snapshot());
    w.price('19949.80'); // ask 19 950: cy's limit fills, ann's stop loss is not reached yet
    expect(w.contracts.positions(w.cy).list).toHaveLength(1);
    expect(w.contracts.positions(w.ann).list).toHaveLength(1);
    w.price('19900');
    expect(w.contracts.positions(w.ann).list).toEqual([]);
  });
});

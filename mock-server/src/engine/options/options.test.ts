import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { Exchange } from '../exchange.ts';
import { plainHasher } from '../testing.ts';
import { AAPL, BTC, MONTH_CLOSED, optionsWorld, rid, SECONDS_30, START } from './testing.ts';

const refusalOf = (call: () => unknown): EngineError => {
  try {
    call();
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('an option, worked examples', () => {
  it('wins up: stake × (1 + 85 %) back at delivery, from the house, with the deciding ticks', async () => {
    const w = await optionsWorld();
    w.hold('60000.00');
    const order = w.buy(w.ann, { amount: '100' });
    expect(order).toMatchObject({
      status: 'trading',
      open_price: '60000.00',
      open_tick_at: START,
      opened_at: START,
      settle_at: START + 60_000,
      payout_rate: '85',
      account_mode: 'real',
    });
    expect(w.account(w.ann)).toEqual({ available: '900', frozen: '100' });

    w.pass(30_000);
    w.hold('60000.01');
    expect(w.find(w.ann, order.id)).toMatchObject({ current_price: '60000.01', profit: '85.00' });
    w.pass(29_999);
    expect(w.find(w.ann, order.id)?.status).toBe('trading');
    w.pass(1);
    const settled = w.find(w.ann, order.id);
    expect(settled).toMatchObject({
      status: 'settled',
      result: 'win',
      close_price: '60000.01',
      close_tick_at: START + 60_000,
      closed_at: START + 60_000,
      profit: '85.00',
      payout: '185.00',
    });
    expect(w.account(w.ann)).toEqual({ available: '1085', frozen: '0' });
    expect(w.house()).toBe('-85');
    // the ticks around the entry and the exit, each holding its decisive tick
    expect(settled?.audit.entry.map((tick) => tick.time)).toEqual([
      START - 3000,
      START - 2000,
      START - 1000,
      START,
      START + 1000,
      START + 2000,
      START + 3000,
    ]);
    expect(settled?.audit.exit.at(-1)).toEqual({ time: START + 60_000, price: '60000.01' });
    expect(settled?.audit.exit).toContainEqual({ time: START + 60_000, price: '60000.01' });
    w.exchange.ledger.check();
  });

  it('loses down when the exit is above the entry: the stake goes to the house', async () => {
    const w = await optionsWorld();
    w.hold('60000.00');
    const order = w.buy(w.ann, { direction: 'down', amount: '250' });
    w.pass(59_000);
    w.hold('60000.01');
    w.pass(1000);
    expect(w.find(w.ann, order.id)).toMatchObject({
      result: 'lose',
      profit: '-250.00',
      payout: '0.00',
    });
    expect(w.account(w.ann)).toEqual({ available: '750', frozen: '0' });
    expect(w.house()).toBe('250');
  });

  it('returns the stake on a tie, and settles on the last tick at or before delivery', async () => {
    const w = await optionsWorld();
    w.hold('60000.00');
    w.pass(400); // bought 400 ms into the second: the entry is that second's tick
    const order = w.buy(w.ann);
    expect(order.open_tick_at).toBe(START);
    w.pass(59_700); // START + 60.1 s: delivery at START + 60.4 s, the exit the tick of START + 60 s
    w.hold('61000.00'); // printed from START + 61 s: after delivery, it decides nothing
    w.pass(1000);
    expect(w.find(w.ann, order.id)).toMatchObject({
      result: 'draw',
      close_price: '60000.00',
      close_tick_at: START + 60_000,
      profit: '0.00',
      payout: '100.00',
    });
    expect(w.account(w.ann)).toEqual({ available: '1000', frozen: '0' });
    expect(w.house()).toBe('0');
  });

  it('is void when the market prints nothing after the entry: the stake comes back', async () => {
    const w = await optionsWorld();
    // AAPL's last second of the day
    const opens = w.exchange.market.nextOpenAt(AAPL, START, 86_400_000) ?? 0;
    let closes = opens;
    while (w.exchange.market.quote(AAPL, closes).open) closes += 60_000;
    w.pass(closes - 500 - START);
    const order = w.buy(w.ann, { symbol_id: AAPL, duration_id: SECONDS_30, direction: 'up' });
    expect(order.open_tick_at).toBe(closes - 1000);
    w.pass(31_000);
    expect(w.find(w.ann, order.id)).toMatchObject({
      status: 'settled',
      result: 'void',
      close_price: null,
      close_tick_at: null,
      payout: '100.00',
    });
    expect(w.account(w.ann)).toEqual({ available: '1000', frozen: '0' });
  });

  it('waits, ordering, for a closed market and can be cancelled then; begins at the opening', async () => {
    const w = await optionsWorld();
    const opens = w.exchange.market.nextOpenAt(AAPL, START, 86_400_000);
    expect(opens).toBe(Date.UTC(2026, 10, 24, 14, 30));
    const waiting = w.buy(w.ann, { symbol_id: AAPL });
    expect(waiting).toMatchObject({ status: 'ordering', open_price: null, settle_at: null });
    expect(w.account(w.ann)).toEqual({ available: '900', frozen: '100' });
    w.options.cancel(w.ann, { order_id: waiting.id, request_id: rid() });
    expect(w.find(w.ann, waiting.id)).toMatchObject({ status: 'cancelled', payout: '100.00' });
    expect(w.account(w.ann)).toEqual({ available: '1000', frozen: '0' });

    const later = w.buy(w.ann, { symbol_id: AAPL });
    w.pass((opens ?? 0) - START + 1500);
    expect(w.find(w.ann, later.id)).toMatchObject({
      status: 'trading',
      opened_at: opens,
      open_tick_at: opens,
      settle_at: (opens ?? 0) + 60_000,
    });
    expect(
      refusalOf(() => w.options.cancel(w.ann, { order_id: later.id, request_id: rid() })),
    ).toMatchObject({ key: 'option_not_cancellable' });
  });

  it('settles an order found overdue after a restart once, at its own delivery’s price', async () => {
    const w = await optionsWorld();
    w.hold('60000.00');
    const order = w.buy(w.ann);
    w.pass(10_000);
    w.hold('60100.00');
    const saved = w.exchange.snapshot();
    // the mock was down from here until an hour later; meanwhile the price came back down
    const wall = START + 3_600_000;
    const again = new Exchange({ seed: 7, hasher: plainHasher, wall: () => wall });
    again.restore(saved);
    again.market.setPrice(BTC, '59000.00', START + 120_000);
    again.now();
    const [row] = again.domains.options.orderRows(w.ann);
    expect(row).toMatchObject({ status: 'settled', result: 'win', close_price: '60100.00' });
    expect(row?.closed_at).toBe(START + 60_000);
    again.now();
    const settles = again.ledger
      .transactions()
      .filter((tx) => tx.kind === 'option_settle' && tx.ref_id === order.order_no);
    expect(settles).toHaveLength(1);
    again.ledger.check();
  });
});

describe('a buy', () => {
  it('replays a repeated request id: one order, one stake', async () => {
    const w = await optionsWorld();
    w.hold('60000.00');
    const body = { request_id: rid() };
    const first = w.buy(w.ann, body);
    const again = w.buy(w.ann, body);
    expect(again.id).toBe(first.id);
    expect(w.account(w.ann)).toEqual({ available: '900', frozen: '100' });
    expect(w.options.orderRows(w.ann)).toHaveLength(1);
  });

  it('moves the account of the mode it was bought on, whatever the owner switches to', async () => {
    const w = await optionsWorld();
    w.hold('60000.00');
    w.exchange.profile.setAccountMode(w.ann, 'demo');
    const order = w.buy(w.ann);
    w.exchange.profile.setAccountMode(w.ann, 'real');
    w.pass(59_000);
    w.hold('60000.50');
    w.pass(1000);
    expect(w.account(w.ann, 'demo')).toEqual({ available: '1085', frozen: '0' });
    expect(w.account(w.ann, 'real')).toEqual({ available: '1000', frozen: '0' });
    expect(w.find(w.ann, order.id)).toBeUndefined();
    w.exchange.profile.setAccountMode(w.ann, 'demo');
    expect(w.find(w.ann, order.id)).toMatchObject({ result: 'win', account_mode: 'demo' });
  });

  it('tells the owner when an order is placed and when it settles', async () => {
    const w = await optionsWorld();
    w.hold('60000.00');
    const order = w.buy(w.ann, { duration_id: SECONDS_30 });
    w.pass(30_000);
    expect(w.events.map((event) => [event.userId, event.order.id, event.order.status])).toEqual([
      [w.ann, order.id, 'trading'],
      [w.ann, order.id, 'settled'],
    ]);
  });

  describe('is refused, naming what, and moves nothing', () => {
    const cases: [string, (w: Awaited<ReturnType<typeof optionsWorld>>) => unknown, string][] = [
      [
        'an unknown duration',
        (w) => w.buy(w.ann, { duration_id: '99' }),
        'option_duration_unknown',
      ],
      [
        'a closed duration',
        (w) => w.buy(w.ann, { duration_id: MONTH_CLOSED }),
        'option_duration_closed',
      ],
      ['a stake with 3 decimals', (w) => w.buy(w.ann, { amount: '10.001' }), 'amount_decimals'],
      ['a stake under the minimum', (w) => w.buy(w.ann, { amount: '9.99' }), 'amount_below_min'],
      ['a stake over the maximum', (w) => w.buy(w.ann, { amount: '10000.01' }), 'amount_above_max'],
      [
        'a stake over the balance',
        (w) => w.buy(w.ann, { amount: '1000.01' }),
        'balance_insufficient',
      ],
      ['an unverified user on the real account', (w) => w.buy(w.bo), 'identity_required'],
      ['a start in the past', (w) => w.buy(w.ann, { start_at: START - 1 }), 'option_start_invalid'],
      [
        'a start past the latest',
        (w) => w.buy(w.ann, { start_at: START + 86_400_001 }),
        'option_start_invalid',
      ],
      [
        'a price moved past the tolerance',
        (w) => w.buy(w.ann, { quote_price: '59879.99' }),
        'option_price_moved',
      ],
      ['an unknown symbol', (w) => w.buy(w.ann, { symbol_id: 'nope' }), 'symbol_not_found'],
    ];
    it.each(cases)('%s', async (_name, call, key) => {
      const w = await optionsWorld();
      w.hold('60000.00');
      const before = JSON.stringify(w.exchange.snapshot());
      expect(refusalOf(() => call(w))).toMatchObject({ key });
      expect(JSON.stringify(w.exchange.snapshot())).toBe(before);
    });

    it('a quote within the tolerance is taken, and the message carries the new price', async () => {
      const w = await optionsWorld();
      w.hold('60000.00');
      expect(w.buy(w.ann, { quote_price: '59880.24' }).status).toBe('trading');
      expect(refusalOf(() => w.buy(w.ann, { quote_price: '59880.23' }))).toMatchObject({
        key: 'option_price_moved',
        params: { price: '60000.00' },
      });
    });

    it('the 21st open order, per account', async () => {
      const w = await optionsWorld();
      w.hold('60000.00');
      for (let i = 0; i < 20; i += 1) w.buy(w.ann, { amount: '10' });
      expect(refusalOf(() => w.buy(w.ann, { amount: '10' }))).toMatchObject({
        key: 'option_too_many',
        params: { max: 20 },
      });
      w.exchange.profile.setAccountMode(w.ann, 'demo');
      expect(w.buy(w.ann, { amount: '10' }).account_mode).toBe('demo');
    });

    it("counts the buyer's own open orders only: others', settled ones and a restore aside", async () => {
      const w = await optionsWorld();
      w.hold('60000.00');
      // bo, verified, buys on his real account too
      w.exchange.identity.submit(w.bo, {
        name: 'Bo Doe',
        id_number: 'X1234567',
        phone: '+1 4155550100',
        birth_date: '1990-04-01',
        document_type: 'passport',
        front_image: 'data:image/jpeg;base64,/9j/4AAQ',
      });
      w.exchange.identity.decide(w.bo, true);
      for (let i = 0; i < 20; i += 1) {
        w.buy(w.ann, { amount: '10', duration_id: SECONDS_30 });
        w.buy(w.bo, { amount: '10' });
      }
      expect(refusalOf(() => w.buy(w.ann, { amount: '10' }))).toMatchObject({
        key: 'option_too_many',
      });
      expect(w.options.holdsOpen(w.bo)).toBe(true);
      // ann's settle at 30 s and free her slots; bo's, of a minute, are still open
      w.pass(30_000);
      expect(w.buy(w.ann, { amount: '10' }).status).toBe('trading');
      expect(refusalOf(() => w.buy(w.bo, { amount: '10' }))).toMatchObject({
        key: 'option_too_many',
      });
      // after a restore the open orders are taken from the state again
      w.exchange.restore(w.exchange.snapshot());
      expect(refusalOf(() => w.buy(w.bo, { amount: '10' }))).toMatchObject({
        key: 'option_too_many',
      });
      w.pass(60_000);
      expect(w.options.holdsOpen(w.ann)).toBe(false);
      expect(w.options.holdsOpen(w.bo)).toBe(false);
      expect(w.buy(w.bo, { amount: '10' }).status).toBe('trading');
    });

    it('a stock on a Saturday: closed for longer than the latest start', async () => {
      const saturday = Date.UTC(2026, 10, 28, 12, 0, 0);
      const w = await optionsWorld(saturday);
      expect(refusalOf(() => w.buy(w.ann, { symbol_id: AAPL }))).toMatchObject({
        key: 'market_closed',
      });
    });
  });
});

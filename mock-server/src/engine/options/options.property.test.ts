/**
 * Options under random use: buys up and down on a market that trades (BTC) and one that is
 * closed at the start (AAPL), for short durations, some with a start time, some with a quote
 * the market has left, with request ids drawn from a small pool so that repeats are common;
 * prices set, held and let go; the clock jumping by up to two minutes; the mock restarting from
 * its saved state; owners switching between the real and the demo account; cancels. After every
 * step the ledger balances and no account is negative; a refusal leaves the whole state as it
 * was; every order has exactly one stake, and once it is settled or cancelled exactly one
 * settlement or refund, of the size its result says, in the accounts of the mode it was bought
 * on; each user's frozen option balance is exactly their open orders' stakes. At the end, with
 * the clock six hours on (past every start and delivery), every order is settled or cancelled.
 */
import { D, money } from '@bourse/formulas';
import { optionOutcome, optionPayout } from '@bourse/formulas/options';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { Exchange } from '../exchange.ts';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import { PASSWORD, plainHasher } from '../testing.ts';
import { AAPL, BTC, START } from './testing.ts';

const SEED = Number(process.env['PROPERTY_SEED'] ?? 20_261_128);
const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 200);
const DAY = 86_400_000;

const requestId = fc.integer({ min: 0, max: 9 }).map((n) => `property-option-${String(n)}`);
const who = fc.integer({ min: 0, max: 1 });
/** an offset from the price now, in hundredths of a percent */
const offset = fc.integer({ min: -40, max: 40 });

const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('buy' as const),
      who,
      symbol: fc.constantFrom(BTC, BTC, BTC, AAPL),
      duration: fc.constantFrom('1', '1', '2', '3', '9', '99'),
      direction: fc.constantFrom('up' as const, 'down' as const),
      amount: fc.constantFrom('5', '10', '10.5', '100', '250.25', '999.99', '1000.01', '10.001'),
      /** seconds from now; null for now (some in the past, which is refused) */
      start: fc.option(fc.integer({ min: -30, max: 600 }), { nil: null, freq: 4 }),
      /** the quote's distance from the price now, in tenths of a percent */
      quote: fc.option(fc.integer({ min: -5, max: 5 }), { nil: null, freq: 2 }),
      requestId,
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('hold' as const), offset }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('price' as const), offset }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('resume' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('pass' as const),
      ms: fc.integer({ min: 0, max: 120_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('restart' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('mode' as const),
      who,
      mode: fc.constantFrom('real' as const, 'demo' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('cancel' as const), who, pick: fc.nat(), requestId }),
  },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function world() {
  let wall = START;
  const exchange = new Exchange({ seed: 7, hasher: plainHasher, wall: () => wall });
  await exchange.loadScenario({
    name: 'options-property',
    users: [0, 1].map((n) => ({
      email: `o${String(n)}@example.com`,
      password: PASSWORD,
      identity_status: 'verified' as const,
      balances: { real: { option: '1500' }, demo: { option: '1500' } },
    })),
  });
  exchange.market.setPrice(BTC, '60000', exchange.now());
  const w = {
    exchange,
    ids: Object.keys(exchange.live().users),
    advance: (ms: number) => {
      wall += ms;
    },
    /** the mock stops and starts again from what it saved */
    restart: () => {
      const saved = w.exchange.snapshot();
      w.exchange = new Exchange({ seed: 7, hasher: plainHasher, wall: () => wall });
      w.exchange.restore(saved);
    },
  };
  return w;
}
type World = Awaited<ReturnType<typeof world>>;

const near = (mark: string, hundredths: number): string =>
  new Decimal(mark).times(1 + hundredths / 10_000).toFixed(2);

function apply(w: World, action: Step): void {
  const { exchange } = w;
  const options = exchange.domains.options;
  const userId = 'who' in action ? (w.ids[action.who] ?? '') : '';
  const now = exchange.now();
  const mark = exchange.market.quote(BTC, now).last;
  switch (action.op) {
    case 'buy':
      options.addOrder(userId, {
        symbol_id: action.symbol,
        duration_id: action.duration,
        direction: action.direction,
        amount: action.amount,
        request_id: action.requestId,
        ...(action.start === null ? {} : { start_at: now + action.start * 1000 }),
        ...(action.quote === null ? {} : { quote_price: near(mark, action.quote * 10) }),
      });
      return;
    case 'hold':
      exchange.market.setPrice(BTC, near(mark, action.offset), now);
      exchange.market.pause(BTC, now);
      return;
    case 'price':
      exchange.market.resume(BTC, now);
      exchange.market.setPrice(BTC, near(mark, action.offset), now);
      return;
    case 'resume':
      exchange.market.resume(BTC, now);
      return;
    case 'pass':
      w.advance(action.ms);
      return;
    case 'restart':
      w.restart();
      return;
    case 'mode':
      exchange.profile.setAccountMode(userId, action.mode);
      return;
    case 'cancel': {
      const list = options.orders(userId, { status: 'ordering', page: 1, limit: 100 }).list;
      const order = list.length === 0 ? undefined : list[action.pick % list.length];
      if (!order) return;
      options.cancel(userId, { order_id: order.id, request_id: action.requestId });
      return;
    }
  }
}

/** every order against its ledger entries; every user's frozen balance against their orders */
function reconcile(exchange: Exchange, ids: readonly string[]): void {
  const byRef = new Map<
    string,
    { kind: string; postings: { account: string; amount: string }[] }[]
  >();
  for (const transaction of exchange.ledger.transactions()) {
    const list = byRef.get(transaction.ref_id) ?? [];
    list.push(transaction);
    byRef.set(transaction.ref_id, list);
  }
  for (const userId of ids) {
    const frozen = { real: new D(0), demo: new D(0) };
    for (const order of exchange.domains.options.orderRows(userId)) {
      const entries = byRef.get(order.order_no) ?? [];
      const label = `order ${order.id} (${order.status} ${String(order.result)})`;
      expect(
        entries.filter((entry) => entry.kind === 'option_stake'),
        label,
      ).toHaveLength(1);
      const ends = entries.filter((entry) => entry.kind !== 'option_stake');
      for (const entry of entries) {
        for (const posting of entry.postings) {
          if (posting.account.startsWith('user:')) {
            expect(posting.account.split(':')[2], `${label} moves ${posting.account}`).toBe(
              order.account_mode,
            );
          }
        }
      }
      if (order.status === 'ordering' || order.status === 'trading') {
        expect(ends, label).toHaveLength(0);
        frozen[order.account_mode] = frozen[order.account_mode].plus(order.amount);
        continue;
      }
      expect(ends, label).toHaveLength(1);
      const [end] = ends;
      const back = end?.postings
        .filter((posting) => posting.account.endsWith(':option:available'))
        .reduce((sum, posting) => sum.plus(posting.amount), new D(0));
      const house = end?.postings
        .filter((posting) => posting.account === SYSTEM_ACCOUNTS.optionsHouse)
        .reduce((sum, posting) => sum.plus(posting.amount), new D(0));
      expect(back?.toFixed(), `${label} paid back`).toBe(money(order.payout).toFixed());
      if (order.status === 'cancelled' || order.result === 'draw' || order.result === 'void') {
        expect(end?.kind, label).toBe('option_refund');
        expect(order.payout, label).toBe(money(order.amount).toFixed());
        expect(house?.toFixed(), label).toBe('0');
        continue;
      }
      expect(end?.kind, label).toBe('option_settle');
      expect(order.open_price !== null && order.close_price !== null, label).toBe(true);
      const outcome = optionOutcome(
        order.direction,
        order.open_price ?? '0',
        order.close_price ?? '0',
      );
      expect(order.result, label).toBe(outcome);
      const payout = outcome === 'win' ? optionPayout(order.amount, order.payout_rate) : new D(0);
      expect(order.payout, label).toBe(payout.toFixed());
      expect(order.close_tick_at ?? 0, label).toBeLessThanOrEqual(order.settle_at ?? 0);
      expect(order.close_tick_at ?? 0, label).toBeGreaterThan(order.open_tick_at ?? 0);
    }
    for (const mode of ['real', 'demo'] as const) {
      expect(
        exchange.ledger.account(userId, mode, 'option').frozen.toFixed(),
        `${mode} frozen option balance of ${userId}`,
      ).toBe(frozen[mode].toFixed());
    }
  }
}

function settledState(exchange: Exchange): string {
  exchange.time.serve(() => undefined);
  return JSON.stringify(exchange.live());
}

describe('options under random sequences', () => {
  it(`settle or cancel every order once, pay exactly, and refuse without a trace (seed ${String(SEED)}, ${String(RUNS)} runs)`, async () => {
    const seen = { win: 0, lose: 0, draw: 0, void: 0, cancelled: 0, refused: 0, restarts: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
        const w = await world();
        for (const action of steps) {
          const before = settledState(w.exchange);
          try {
            apply(w, action);
            if (action.op === 'restart') seen.restarts += 1;
          } catch (error) {
            if (!(error instanceof EngineError)) throw error;
            seen.refused += 1;
            const after = JSON.stringify(w.exchange.live());
            if (after !== before) {
              expect(JSON.parse(after), `refused ${JSON.stringify(action)}`).toEqual(
                JSON.parse(before),
              );
            }
          }
          w.exchange.now();
          w.exchange.ledger.check();
          reconcile(w.exchange, w.ids);
        }
        w.exchange.market.resume(BTC, w.exchange.now());
        w.advance(DAY / 4);
        w.exchange.now();
        reconcile(w.exchange, w.ids);
        for (const userId of w.ids) {
          for (const order of w.exchange.domains.options.orderRows(userId)) {
            expect(['settled', 'cancelled'], `order ${order.id} at the end`).toContain(
              order.status,
            );
            if (order.status === 'cancelled') seen.cancelled += 1;
            else if (order.result !== null) seen[order.result] += 1;
          }
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`options property: ${JSON.stringify(seen)}`);
    // the generator reaches every outcome it is meant to test
    expect(seen.win).toBeGreaterThan(0);
    expect(seen.lose).toBeGreaterThan(0);
    expect(seen.draw).toBeGreaterThan(0);
    expect(seen.cancelled).toBeGreaterThan(0);
    expect(seen.restarts).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  }, 60_000);
});

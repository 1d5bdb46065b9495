/**
 * Contract trading under random use: sequences of market and limit orders (opening and
 * reduce-only), price moves that fill resting orders and fire take profits, stop losses,
 * auto-margin and liquidations, margin added and taken out, TP/SL set, partial and full closes,
 * cancels and auto-margin rules, with request ids drawn from a small pool so that repeats are
 * common. After every step the whole ledger balances and no user account is negative; a refusal
 * leaves the whole state as it was (the ledger, request ids, orders, positions, the saved
 * leverage, strategies: all of it); and every position's margin, realised PnL and fees equal what
 * its ledger entries sum to, while each user's frozen contract balance is exactly their
 * positions' margins and their open orders' frozen amounts. Owners switch between the real and
 * the demo account between steps, and prices spike and come back between two looks of the
 * engine: every order and fund flow stays in the account of the position it belongs to, each
 * mode's history lists only that mode's orders, and only a real fee pays an invite reward.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import type { Exchange } from '../exchange.ts';
import { SYSTEM_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import { exchangeWorld } from '../testing.ts';

const SEED = Number(process.env['PROPERTY_SEED'] ?? 20_261_124);
const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 400);
const START = Date.UTC(2026, 10, 24, 12, 0, 0);
const BTC = 'btcusdt';

/** a small pool, so that request ids repeat within a sequence */
const requestId = fc.integer({ min: 0, max: 9 }).map((n) => `property-contract-${String(n)}`);
const who = fc.integer({ min: 0, max: 1 });
/** an offset from the price now, in tenths of a percent */
const offset = fc.integer({ min: -60, max: 60 });
const quantity = fc.constantFrom('0.01', '0.05', '0.1', '0.25', '0.5');
const amount = fc.constantFrom('1', '5', '20', '50.5', '200');

const step = fc.oneof(
  fc.record({
    op: fc.constant('order' as const),
    who,
    side: fc.constantFrom('buy' as const, 'sell' as const),
    limit: fc.boolean(),
    offset,
    quantity,
    leverage: fc.constantFrom('1', '2', '3', '4', '5'),
    /** distances of the take profit and stop loss, on the side each belongs (0: at the mark) */
    takeStop: fc.option(fc.tuple(fc.nat({ max: 80 }), fc.nat({ max: 80 })), {
      nil: undefined,
      freq: 2,
    }),
    reduceOnly: fc.nat({ max: 3 }).map((n) => n === 0),
    requestId,
  }),
  fc.record({ op: fc.constant('price' as const), offset }),
  fc.record({ op: fc.constant('price' as const), offset }),
  fc.record({
    op: fc.constant('margin' as const),
    who,
    pick: fc.nat(),
    add: fc.boolean(),
    amount,
    requestId,
  }),
  fc.record({
    op: fc.constant('takeStop' as const),
    who,
    pick: fc.nat(),
    take: fc.option(offset, { nil: undefined }),
    stop: fc.option(offset, { nil: undefined }),
    requestId,
  }),
  fc.record({
    op: fc.constant('strategy' as const),
    who,
    enabled: fc.boolean(),
    depositRate: fc.constantFrom('10', '30', '50', '80'),
    autoAdd: fc.constantFrom('10', '25', '100'),
    requestId,
  }),
  fc.record({ op: fc.constant('partStop' as const), who, pick: fc.nat(), quantity, requestId }),
  fc.record({ op: fc.constant('mode' as const), who, mode: fc.constantFrom('real', 'demo') }),
  fc.record({ op: fc.constant('mode' as const), who, mode: fc.constantFrom('real', 'demo') }),
  /** the price jumps `offset` and comes back a second later, both before the engine looks */
  fc.record({ op: fc.constant('spike' as const), offset }),
  fc.record({ op: fc.constant('allStop' as const), who, requestId }),
  fc.record({ op: fc.constant('cancel' as const), who, pick: fc.nat(), requestId }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function world() {
  const { exchange, ids, advance } = await exchangeWorld({
    at: START,
    users: [
      {
        email: 'p0@example.com',
        password: 'Secret123',
        invite_code: 'PROP00',
        identity_status: 'verified' as const,
        balances: { real: { contract: '3000' }, demo: { contract: '3000' } },
      },
      {
        email: 'p1@example.com',
        password: 'Secret123',
        invited_by_code: 'PROP00',
        identity_status: 'verified' as const,
        balances: { real: { contract: '3000' }, demo: { contract: '3000' } },
      },
    ],
  });
  exchange.market.setPrice(BTC, '20000', exchange.now());
  return {
    exchange,
    ids,
    advance: (ms = 1000) => {
      advance(ms);
    },
  };
}

/** a price `offset` tenths of a percent from the mark, at BTC's precision */
const near = (mark: string, tenths: number): string =>
  new Decimal(mark).times(1 + tenths / 1000).toFixed(2);

function apply(w: Awaited<ReturnType<typeof world>>, action: Step): void {
  const { exchange } = w;
  const contracts = exchange.domains.contracts;
  const userId = 'who' in action ? (w.ids[action.who] ?? '') : '';
  const mark = exchange.market.quote(BTC, exchange.now()).last;
  const pickOf = <T>(list: readonly T[], pick: number) =>
    list.length === 0 ? undefined : list[pick % list.length];
  const positionIds = () => contracts.positions(userId).list.map((position) => position.id);
  switch (action.op) {
    case 'order': {
      const [take, stop] = action.takeStop ?? [undefined, undefined];
      const sign = action.side === 'buy' ? 1 : -1;
      contracts.addOrder(userId, {
        symbol_id: BTC,
        side: action.side,
        type: action.limit ? 'limit' : 'market',
        price: action.limit ? near(mark, action.offset) : '',
        quantity: action.quantity,
        leverage_id: action.leverage,
        take_profit: take === undefined ? '' : near(mark, sign * take),
        stop_loss: stop === undefined ? '' : near(mark, -sign * stop),
        reduce_only: action.reduceOnly,
        request_id: action.requestId,
      });
      return;
    }
    case 'price':
      w.advance();
      exchange.market.setPrice(BTC, near(mark, action.offset * 2), exchange.now());
      return;
    case 'margin': {
      const id = pickOf(positionIds(), action.pick);
      if (id === undefined) return;
      contracts.depositChange(userId, {
        position_id: id,
        action: action.add ? 'add' : 'reduce',
        amount: action.amount,
        request_id: action.requestId,
      });
      return;
    }
    case 'takeStop': {
      const id = pickOf(positionIds(), action.pick);
      if (id === undefined) return;
      contracts.addTakeStop(userId, {
        position_id: id,
        take_profit: action.take === undefined ? '' : near(mark, action.take),
        stop_loss: action.stop === undefined ? '' : near(mark, action.stop),
        request_id: action.requestId,
      });
      return;
    }
    case 'strategy':
      contracts.setStrategy(userId, {
        enabled: action.enabled,
        deposit_rate: action.depositRate,
        auto_add: action.autoAdd,
        request_id: action.requestId,
      });
      return;
    case 'mode':
      exchange.profile.setAccountMode(userId, action.mode);
      return;
    case 'spike': {
      // two whole seconds from now: the spike's, then the price back where it was
      exchange.market.playPath(
        BTC,
        [
          { price: near(mark, action.offset * 3), after_ms: 100 },
          { price: mark, after_ms: 100 },
        ],
        exchange.now(),
      );
      w.advance(3000);
      return;
    }
    case 'partStop': {
      const id = pickOf(positionIds(), action.pick);
      if (id === undefined) return;
      contracts.partStop(userId, {
        position_id: id,
        quantity: action.quantity,
        request_id: action.requestId,
      });
      return;
    }
    case 'allStop':
      contracts.allStop(userId, { request_id: action.requestId });
      return;
    case 'cancel': {
      const open = contracts.orders(userId, { group: 'open', page: 1, limit: 100 }).list;
      const order = pickOf(open, action.pick);
      if (!order) return;
      contracts.cancelOrder(userId, { order_id: order.id, request_id: action.requestId });
      return;
    }
  }
}

/** Every position's figures and every user's frozen balance, summed back from the entries. */
function reconcile(exchange: Exchange, ids: readonly string[]): void {
  const transactions = exchange.ledger.transactions();
  const orderModes = new Map<string, string>();
  for (const userId of ids) {
    for (const order of exchange.domains.contracts.orderRows(userId)) {
      orderModes.set(order.order_no, order.account_mode);
    }
  }
  for (const transaction of transactions) {
    // an order's entries move only the accounts of the order's mode
    const mode = orderModes.get(transaction.ref_id);
    if (mode !== undefined) {
      for (const posting of transaction.postings) {
        if (!posting.account.startsWith('user:')) continue;
        expect(
          posting.account.split(':')[2],
          `${transaction.ref_id} moves ${posting.account}`,
        ).toBe(mode);
      }
    }
    // an invite reward is paid on a real order's fee only
    if (transaction.kind === 'invite_reward') {
      const orderNo = transaction.ref_id.slice(transaction.ref_id.indexOf('-') + 1);
      expect(orderModes.get(orderNo), `reward ${transaction.ref_id}`).toBe('real');
    }
  }
  for (const userId of ids) {
    const orders = exchange.domains.contracts.orderRows(userId);
    const positions = exchange.domains.contracts.positionRows(userId);
    for (const order of orders) {
      const position = positions.find((row) => row.id === order.position_id);
      if (position) expect(order.account_mode, `order ${order.id}`).toBe(position.account_mode);
    }
    // the history a user sees is the history of the mode they are on, whole
    const mode = exchange.users.get(userId).account_mode;
    const listed = ['open', 'history'].flatMap(
      (group) =>
        exchange.domains.contracts.orders(userId, {
          group: group as 'open' | 'history',
          page: 1,
          limit: 1000,
        }).list,
    );
    expect(listed.map((order) => order.id).sort()).toEqual(
      orders
        .filter((order) => order.account_mode === mode)
        .map((order) => order.id)
        .sort(),
    );
    const expectedFrozen = { real: new Decimal(0), demo: new Decimal(0) };
    for (const position of positions) {
      const refs = new Set([
        `CM${position.id}`,
        ...orders.filter((order) => order.position_id === position.id).map((o) => o.order_no),
      ]);
      const frozenAccount = userAccount(userId, position.account_mode, 'contract', 'frozen');
      let margin = new Decimal(0);
      let house = new Decimal(0);
      let fees = new Decimal(0);
      for (const transaction of transactions) {
        if (!refs.has(transaction.ref_id)) continue;
        for (const posting of transaction.postings) {
          if (posting.account === frozenAccount) margin = margin.plus(posting.amount);
          if (posting.account === SYSTEM_ACCOUNTS.contractHouse) house = house.plus(posting.amount);
          if (posting.account === SYSTEM_ACCOUNTS.fees) fees = fees.plus(posting.amount);
        }
      }
      const open = position.closed_at === null;
      expect(margin.toFixed(), `margin of ${position.id}`).toBe(
        new Decimal(open ? position.margin : 0).toFixed(),
      );
      expect(house.negated().toFixed(), `realised PnL of ${position.id}`).toBe(
        new Decimal(position.realized_pnl).toFixed(),
      );
      expect(fees.toFixed(), `fees of ${position.id}`).toBe(new Decimal(position.fees).toFixed());
      if (open) {
        expectedFrozen[position.account_mode] = expectedFrozen[position.account_mode].plus(
          position.margin,
        );
      } else expect(position.quantity).toBe('0');
    }
    for (const order of orders) {
      expectedFrozen[order.account_mode] = expectedFrozen[order.account_mode].plus(order.frozen);
    }
    for (const accountMode of ['real', 'demo'] as const) {
      expect(
        exchange.ledger.account(userId, accountMode, 'contract').frozen.toFixed(),
        `${accountMode} frozen of ${userId}`,
      ).toBe(expectedFrozen[accountMode].toFixed());
    }
  }
}

/**
 * The whole state as JSON (the form it is persisted in), settled up to now first as every call
 * is, so that what falls due before a refused call is not taken for something the refusal did.
 *
 * Nothing is left out of the comparison, because nothing in the state legitimately changes on a
 * refused call:
 * - the clock (`clock`): only the test moves the wall clock, between steps, never within a call;
 * - rate-limit windows: kept in memory by the exchange's limiter, not in the state;
 * - request ids (`requests`): only a call that succeeds keeps its answer, a refusal keeps nothing;
 * - due work and watched prices: settled before the snapshot, so a refused call finds none.
 * Should one ever be needed, leave it out here by name, with its reason.
 */
function settledState(exchange: Exchange): string {
  exchange.time.serve(() => undefined);
  return JSON.stringify(exchange.live());
}

describe('contract trading under random sequences', () => {
  it(`balances, never goes negative, and reconciles every position (seed ${String(SEED)}, ${String(RUNS)} runs)`, async () => {
    console.log(`fast-check seed ${String(SEED)} (PROPERTY_SEED to replay), ${String(RUNS)} runs`);
    let liquidations = 0;
    let triggers = 0;
    let demoCloses = 0;
    let autoMargins = 0;
    let done = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 50 }), async (steps) => {
        const w = await world();
        const { exchange, ids } = w;
        for (const action of steps) {
          const before = settledState(exchange);
          try {
            apply(w, action);
            done += 1;
          } catch (error) {
            if (!(error instanceof EngineError)) throw error;
            refused += 1;
            // a refusal changes nothing: not the ledger, not a request id, not a saved choice
            const after = JSON.stringify(exchange.live());
            if (after !== before) {
              expect(JSON.parse(after), `refused ${JSON.stringify(action)}`).toEqual(
                JSON.parse(before),
              );
            }
          }
          exchange.ledger.check();
          reconcile(exchange, ids);
        }
        autoMargins += exchange.ledger
          .transactions()
          .filter((transaction) => transaction.ref_id.startsWith('CM')).length;
        for (const userId of ids) {
          for (const order of exchange.domains.contracts.orderRows(userId)) {
            if (order.source === 'liquidation') liquidations += 1;
            if (order.source === 'take_profit' || order.source === 'stop_loss') triggers += 1;
            if (order.source !== 'user' && order.account_mode === 'demo') demoCloses += 1;
          }
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(
      `${String(done)} steps done, ${String(refused)} refused; ${String(liquidations)} liquidations, ${String(triggers)} TP/SL closes, ${String(autoMargins)} margin moves, ${String(demoCloses)} engine-made demo closes`,
    );
    // the generator reaches what it is meant to test
    expect(liquidations).toBeGreaterThan(0);
    expect(triggers).toBeGreaterThan(0);
    expect(demoCloses).toBeGreaterThan(0);
  }, 60_000);
});

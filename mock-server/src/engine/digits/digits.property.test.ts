/**
 * Coin Guess under random use: bets of every kind and size (some refused: the other side, over
 * the balance, too many decimals, late, on the wrong period), from both users on both accounts,
 * with request ids drawn from a small pool; cancels; the clock jumping by up to three minutes
 * (across closings and draws); the mock restarting from its saved state; results fixed ahead.
 * After every step the ledger balances and no account is negative; a refusal leaves the whole
 * state as it was; every bet has exactly one stake and, once decided, exactly one settlement or
 * refund of the size its status says, in the accounts of the mode it was placed on; each user's
 * frozen fund balance is exactly their pending stakes; a decided bet's draw verifies.
 */
import { D, money } from '@bourse/formulas';
import { betPayout, betWins, isDigitBetId } from '@bourse/formulas/digits';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { Exchange } from '../exchange.ts';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import { PASSWORD, plainHasher, seededBytes } from '../testing.ts';
import { digitsOf } from './draw.ts';
import { START } from './testing.ts';

const SEED = Number(process.env['PROPERTY_SEED'] ?? 20_261_129);
const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 150);

const requestId = fc.integer({ min: 0, max: 9 }).map((n) => `property-digits-${String(n)}`);
const who = fc.integer({ min: 0, max: 1 });

const step = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('bet' as const),
      who,
      type: fc.constantFrom(
        'big',
        'small',
        'odd',
        'even',
        'big_even',
        'extreme_high',
        'sum_13',
        'sum_0',
        'sum_99',
      ),
      amount: fc.constantFrom('1', '2.5', '10', '99.99', '400', '1000.01', '0.5', '1.001'),
      stale: fc.nat({ max: 9 }).map((n) => n === 0),
      requestId,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('cancel' as const), who, pick: fc.nat(), requestId }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('pass' as const),
      ms: fc.integer({ min: 0, max: 180_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('restart' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('fix' as const),
      number: fc.integer({ min: 0, max: 27 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('mode' as const),
      who,
      mode: fc.constantFrom('real' as const, 'demo' as const),
    }),
  },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function world(seed: number) {
  let wall = START;
  let bytes = seededBytes(seed);
  const exchange = new Exchange({
    seed: 7,
    hasher: plainHasher,
    wall: () => wall,
    randomBytes: bytes,
  });
  await exchange.loadScenario({
    name: 'digits-property',
    users: [0, 1].map((n) => ({
      email: `d${String(n)}@example.com`,
      password: PASSWORD,
      balances: { real: { fund: '1500' }, demo: { fund: '1500' } },
    })),
  });
  const w = {
    exchange,
    ids: Object.keys(exchange.live().users),
    advance: (ms: number) => {
      wall += ms;
    },
    restart: () => {
      const saved = w.exchange.snapshot();
      bytes = seededBytes(seed + wall);
      w.exchange = new Exchange({
        seed: 7,
        hasher: plainHasher,
        wall: () => wall,
        randomBytes: bytes,
      });
      w.exchange.restore(saved);
    },
  };
  return w;
}
type World = Awaited<ReturnType<typeof world>>;

function apply(w: World, action: Step): void {
  const digits = w.exchange.domains.digits;
  const userId = 'who' in action ? (w.ids[action.who] ?? '') : '';
  switch (action.op) {
    case 'bet': {
      const issue = digits.round().issue;
      digits.addBet(userId, {
        issue: action.stale ? `${issue.slice(0, 9)}0001` : issue,
        bet_type: action.type,
        amount: action.amount,
        request_id: action.requestId,
      });
      return;
    }
    case 'cancel': {
      const pending = digits.bets(userId, { status: 'pending', page: 1, limit: 100 }).list;
      const bet = pending.length === 0 ? undefined : pending[action.pick % pending.length];
      if (bet) digits.cancel(userId, { bet_id: bet.id, request_id: action.requestId });
      return;
    }
    case 'pass':
      w.advance(action.ms);
      return;
    case 'restart':
      w.restart();
      return;
    case 'fix':
      digits.fixNext(action.number);
      return;
    case 'mode':
      w.exchange.profile.setAccountMode(userId, action.mode);
      return;
  }
}

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
    for (const bet of exchange.domains.digits.betRows(userId)) {
      const label = `bet ${bet.id} (${bet.status})`;
      const [stake, ...ends] = byRef.get(`GB${bet.id}`) ?? [];
      expect(stake?.kind, label).toBe('game_bet');
      for (const entry of [stake, ...ends]) {
        for (const posting of entry?.postings ?? []) {
          if (posting.account.startsWith('user:')) {
            expect(posting.account.split(':')[2], label).toBe(bet.account_mode);
          }
        }
      }
      if (bet.status === 'pending') {
        expect(ends, label).toHaveLength(0);
        frozen[bet.account_mode] = frozen[bet.account_mode].plus(bet.amount);
        continue;
      }
      expect(ends, label).toHaveLength(1);
      const [end] = ends;
      const back = (end?.postings ?? [])
        .filter((posting) => posting.account.endsWith(':fund:available'))
        .reduce((sum, posting) => sum.plus(posting.amount), new D(0));
      expect(back.toFixed(), label).toBe(money(bet.payout).toFixed());
      if (bet.status === 'cancelled') {
        expect([end?.kind, bet.payout], label).toEqual(['game_refund', bet.amount]);
        continue;
      }
      const draw = bet.draw;
      expect(draw?.issue, label).toBe(bet.issue);
      expect(digitsOf(draw?.seed ?? '', bet.issue), label).toEqual(draw?.digits);
      const won = isDigitBetId(bet.bet_type) && betWins(bet.bet_type, draw?.number ?? -1);
      expect(bet.status, label).toBe(won ? 'won' : 'lost');
      expect(bet.payout, label).toBe(won ? betPayout(bet.amount, bet.odds).toFixed() : '0');
      const house = (end?.postings ?? [])
        .filter((posting) => posting.account === SYSTEM_ACCOUNTS.gameHouse)
        .reduce((sum, posting) => sum.plus(posting.amount), new D(0));
      expect(house.toFixed(), label).toBe(new D(bet.amount).minus(bet.payout).toFixed());
    }
    for (const mode of ['real', 'demo'] as const) {
      expect(
        exchange.ledger.account(userId, mode, 'fund').frozen.toFixed(),
        `${mode} frozen fund of ${userId}`,
      ).toBe(frozen[mode].toFixed());
    }
  }
}

const settledState = (exchange: Exchange): string => {
  exchange.time.serve(() => undefined);
  return JSON.stringify(exchange.live());
};

describe('Coin Guess under random sequences', () => {
  it(`pays or returns every bet once and refuses without a trace (seed ${String(SEED)}, ${String(RUNS)} runs)`, async () => {
    const seen = { won: 0, lost: 0, cancelled: 0, refused: 0, restarts: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 10, maxLength: 40 }),
        fc.nat(),
        async (steps, seed) => {
          const w = await world(seed);
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
          w.advance(120_000);
          w.exchange.now();
          reconcile(w.exchange, w.ids);
          for (const userId of w.ids) {
            for (const bet of w.exchange.domains.digits.betRows(userId)) {
              expect(bet.status, `bet ${bet.id} at the end`).not.toBe('pending');
              if (bet.status !== 'pending') seen[bet.status] += 1;
            }
          }
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`digits property: ${JSON.stringify(seen)}`);
    expect(seen.won).toBeGreaterThan(0);
    expect(seen.lost).toBeGreaterThan(0);
    expect(seen.cancelled).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.restarts).toBeGreaterThan(0);
  }, 60_000);
});

/**
 * The ledger under random use: sequences of deposits, reviews, cancels, transfers, withdrawals,
 * mode switches and demo top-ups, with request ids drawn from a small pool so that repeats (the
 * same body, or another one) are common. After every step the whole ledger must balance, no user
 * account may be negative, the balances rebuilt from the entries must equal the live ones, and a
 * restart (a save to SQLite and a load into a new exchange) must change nothing. And a call made
 * by a user on the demo account, whatever it is, changes no real balance and no deposit or
 * withdrawal (the records of real money): the demo moves play money only.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StateDatabase } from './database.ts';
import { EngineError } from '../engine/errors.ts';
import { Exchange } from '../engine/exchange.ts';
import { parseUserAccount } from '../engine/ledger/accounts.ts';
import type { PasswordHasher } from '../engine/passwords.ts';

/** Passwords kept as they are: the property is about money, and scrypt would dominate its time. */
const plainHasher: PasswordHasher = {
  hash: (password) => Promise.resolve(password),
  verify: (password, stored) => Promise.resolve(password === stored),
};
const PASSWORD = 'Secret123';
const SEED = Number(process.env['PROPERTY_SEED'] ?? 20_261_124);
const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 1000);

const kinds = ['fund', 'contract', 'option'] as const;
const amount = fc
  .tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 99 }))
  .map(([units, cents]) => `${String(units)}.${String(cents).padStart(2, '0')}`);
/** a small pool, so that request ids repeat within a sequence */
const requestId = fc.integer({ min: 0, max: 7 }).map((n) => `property-request-${String(n)}`);
const who = fc.integer({ min: 0, max: 1 });

const step = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), who, amount, requestId }),
  fc.record({ op: fc.constant('reviewDeposit' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ op: fc.constant('cancelDeposit' as const), who, pick: fc.nat(), requestId }),
  fc.record({
    op: fc.constant('transfer' as const),
    who,
    from: fc.constantFrom(...kinds),
    to: fc.constantFrom(...kinds),
    amount,
    requestId,
  }),
  fc.record({ op: fc.constant('withdraw' as const), who, amount, requestId }),
  fc.record({
    op: fc.constant('reviewWithdrawal' as const),
    pick: fc.nat(),
    approve: fc.boolean(),
  }),
  fc.record({ op: fc.constant('mode' as const), who, demo: fc.boolean() }),
  fc.record({ op: fc.constant('topUp' as const), who, amount, requestId }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

// one database for every run: each run's new state is written whole over the last one's
const dir = mkdtempSync(join(tmpdir(), 'bourse-property-'));
const database = new StateDatabase(dir, { durable: false });
afterAll(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

async function world() {
  const exchange = new Exchange({ seed: 7, hasher: plainHasher, depositAccountDelayMs: 0 });
  await exchange.loadScenario({
    name: 'property',
    users: [0, 1].map((n) => ({
      email: `p${String(n)}@example.com`,
      password: PASSWORD,
      identity_status: 'verified' as const,
      balances: { real: { fund: '1000' } },
    })),
  });
  const ids = Object.keys(exchange.live().users);
  for (const userId of ids) {
    exchange.payouts.bindWallet(userId, {
      network: 'TRC20',
      address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
    });
    exchange.funds.readyDepositAccount(userId, 'usdt', 'TRC20');
  }
  return { exchange, ids };
}

async function apply(exchange: Exchange, ids: readonly string[], action: Step): Promise<void> {
  const userId = 'who' in action ? (ids[action.who] ?? '') : '';
  const state = exchange.live();
  const pickOf = <T>(list: readonly T[], pick: number) =>
    list.length === 0 ? undefined : list[pick % list.length];
  switch (action.op) {
    case 'deposit':
      exchange.funds.addDeposit(userId, {
        request_id: action.requestId,
        method: 'usdt',
        network: 'TRC20',
        amount: action.amount,
        currency: 'USDT',
        tx_hash: 'ab'.repeat(32),
        remark: '',
      });
      return;
    case 'reviewDeposit': {
      const row = pickOf(state.deposits, action.pick);
      if (row) exchange.funds.decideDeposit(row.id, action.approve, 'no');
      return;
    }
    case 'cancelDeposit': {
      const row = pickOf(state.deposits, action.pick);
      if (row) exchange.funds.cancelDeposit(userId, { id: row.id, request_id: action.requestId });
      return;
    }
    case 'transfer':
      if (action.from === action.to) return;
      exchange.funds.transfer(userId, {
        from: action.from,
        to: action.to,
        amount: action.amount,
        request_id: action.requestId,
      });
      return;
    case 'withdraw':
      await exchange.funds.addWithdrawal(userId, {
        request_id: action.requestId,
        method: 'usdt',
        amount: action.amount,
        password: PASSWORD,
      });
      return;
    case 'reviewWithdrawal': {
      const row = pickOf(state.withdrawals, action.pick);
      if (row) exchange.funds.decideWithdrawal(row.id, action.approve, 'no');
      return;
    }
    case 'mode':
      exchange.profile.setAccountMode(userId, action.demo ? 'demo' : 'real');
      return;
    case 'topUp':
      exchange.funds.demoTopUp(userId, { amount: action.amount, request_id: action.requestId });
      return;
  }
}

/** Every account's balance, as strings, for comparing two exchanges. */
const balancesOf = (exchange: Exchange) =>
  Object.fromEntries(
    [...exchange.ledger.balances()].map(([account, value]) => [account, value.toFixed()]),
  );

/** Everything real a demo session must leave alone: real balances, deposits and withdrawals. */
const realOf = (exchange: Exchange) => ({
  balances: Object.entries(balancesOf(exchange)).filter(
    ([account]) => parseUserAccount(account)?.mode === 'real',
  ),
  deposits: structuredClone(exchange.live().deposits),
  withdrawals: structuredClone(exchange.live().withdrawals),
});

describe('the ledger under random sequences of money calls', () => {
  it(`balances after every step, and a restart changes nothing (seed ${String(SEED)}, ${String(RUNS)} runs)`, async () => {
    console.log(`fast-check seed ${String(SEED)} (PROPERTY_SEED to replay), ${String(RUNS)} runs`);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { exchange, ids } = await world();
        database.save({ state: exchange.live(), balances: exchange.ledger.balances() });
        for (const action of steps) {
          const before = exchange.ledger.transactions().length;
          const caller = 'who' in action ? ids[action.who] : undefined;
          const onDemo =
            caller !== undefined &&
            action.op !== 'mode' &&
            exchange.live().users[caller]?.account_mode === 'demo';
          const real = onDemo ? realOf(exchange) : undefined;
          const requests = Object.keys(exchange.live().requests).length;
          try {
            await apply(exchange, ids, action);
          } catch (error) {
            if (!(error instanceof EngineError)) throw error;
            // a refusal moves nothing and keeps no answer
            expect(exchange.ledger.transactions()).toHaveLength(before);
            expect(Object.keys(exchange.live().requests)).toHaveLength(requests);
          }
          if (real) expect(realOf(exchange)).toEqual(real);
          // sums to zero, nothing negative, rebuilt equals live
          exchange.ledger.check();
          for (const transaction of exchange.ledger.transactions().slice(before)) {
            const sum = transaction.postings.reduce((total, p) => total + Number(p.amount), 0);
            expect(Math.abs(sum)).toBeLessThan(1e-6);
          }
          database.save({ state: exchange.live(), balances: exchange.ledger.balances() });
        }
        // the restart: a new exchange from what is on disk, checked against the stored balances
        const stored = database.load();
        if (!stored) throw new Error('nothing stored');
        const restarted = new Exchange({ seed: 7, hasher: plainHasher });
        restarted.restore(stored.state);
        restarted.ledger.check(stored.balances);
        expect(balancesOf(restarted)).toEqual(balancesOf(exchange));
        expect(restarted.live().deposits).toEqual(exchange.live().deposits);
        expect(restarted.live().withdrawals).toEqual(exchange.live().withdrawals);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 60_000);
});

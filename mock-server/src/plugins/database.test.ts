import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Exchange } from '../engine/exchange.ts';
import { SYSTEM_ACCOUNTS, userAccount } from '../engine/ledger/accounts.ts';
import { LedgerInconsistency } from '../engine/ledger/ledger.ts';
import { createPasswordHasher } from '../engine/passwords.ts';
import { scenarioSpec } from '../scenarios.ts';
import { StateDatabase } from './database.ts';

const hasher = createPasswordHasher(1024);
const exchangeOf = () => new Exchange({ seed: 7, hasher });
const durable = (exchange: Exchange) => ({
  state: exchange.live(),
  balances: exchange.ledger.balances(),
});

/** What a restart does: a new exchange restored from the database, its ledger checked. */
function restart(dir: string): Exchange {
  const database = new StateDatabase(dir);
  const stored = database.load();
  database.close();
  if (!stored) throw new Error('nothing stored');
  const exchange = exchangeOf();
  exchange.restore(stored.state);
  exchange.ledger.check(stored.balances);
  return exchange;
}

describe('the SQLite state', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bourse-db-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('brings back users, ledger entries, balances and request records after a restart', async () => {
    const exchange = exchangeOf();
    await exchange.loadScenario(scenarioSpec('two-friends'));
    const database = new StateDatabase(dir);
    database.save(durable(exchange));
    const [alice] = Object.values(exchange.live().users);
    if (!alice) throw new Error('no user');
    // a later call: only its entry is appended
    exchange.requests.once(alice.user_id, 'test', { request_id: 'req-0000000000001' }, () =>
      exchange.ledger.post({
        kind: 'demo_topup',
        ref_id: 'R1',
        postings: [
          { account: SYSTEM_ACCOUNTS.demoIssuer, amount: '-5' },
          { account: userAccount(alice.user_id, 'demo', 'fund'), amount: '5' },
        ],
      }),
    );
    database.save(durable(exchange));
    database.close();

    const again = restart(dir);
    expect(again.ledger.transactions()).toEqual(exchange.ledger.transactions());
    expect(again.ledger.account(alice.user_id, 'demo', 'fund')).toEqual(
      exchange.ledger.account(alice.user_id, 'demo', 'fund'),
    );
    expect(Object.keys(again.live().requests)).toEqual([`${alice.user_id}:req-0000000000001`]);
    expect(again.users.byEmail(alice.email)?.invite_code).toBe(alice.invite_code);
  });

  it('writes a reloaded scenario whole, forgetting the old entries', async () => {
    const exchange = exchangeOf();
    await exchange.loadScenario(scenarioSpec('two-friends'));
    const database = new StateDatabase(dir);
    database.save(durable(exchange));
    await exchange.loadScenario(scenarioSpec('empty'));
    database.save(durable(exchange));
    database.close();
    const again = restart(dir);
    expect(again.ledger.transactions()).toHaveLength(0);
    expect(again.ledger.balances().size).toBe(0);
  });

  it('refuses to start when the stored balances differ from what the entries make', async () => {
    const exchange = exchangeOf();
    await exchange.loadScenario(scenarioSpec('two-friends'));
    const database = new StateDatabase(dir);
    database.save(durable(exchange));
    database.close();
    const raw = new DatabaseSync(join(dir, 'mock.sqlite'));
    raw.exec("UPDATE balances SET amount = '1' WHERE account LIKE 'user:%' ");
    raw.close();
    expect(() => restart(dir)).toThrow(LedgerInconsistency);
  });
});

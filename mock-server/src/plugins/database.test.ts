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

  it('keeps deposit proof images as blobs outside the state JSON, and forgets them with a reloaded scenario', async () => {
    const exchange = exchangeOf();
    await exchange.loadScenario(scenarioSpec('two-friends'));
    const [alice] = Object.values(exchange.live().users);
    if (!alice) throw new Error('no user');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    exchange.funds.readyDepositAccount(alice.user_id, 'bank');
    const declare = (n: number) =>
      exchange.funds.addDeposit(alice.user_id, {
        request_id: `proof-request-00${String(n)}`,
        method: 'bank',
        amount: '100',
        currency: 'USD',
        tx_hash: '',
        proof_image: `data:image/png;base64,${png.toString('base64')}`,
        remark: String(n),
      });
    const database = new StateDatabase(dir);
    const first = declare(1);
    database.save(durable(exchange));
    const second = declare(2);
    database.save(durable(exchange));
    database.close();
    const raw = new DatabaseSync(join(dir, 'mock.sqlite'));
    expect(raw.prepare('SELECT COUNT(*) AS n FROM uploads').get()?.['n']).toBe(2);
    // the images are not in the state's JSON, which every save rewrites
    expect(
      String(raw.prepare("SELECT value FROM meta WHERE key = 'state'").get()?.['value']),
    ).not.toContain(png.toString('base64'));
    raw.close();

    const again = restart(dir);
    for (const made of [first, second]) {
      const kept = again.funds.depositProof(made.proof_image.split('/').at(-1) ?? '');
      expect(kept?.contentType).toBe('image/png');
      expect(Buffer.from(kept?.bytes ?? []).equals(png)).toBe(true);
    }
    await again.loadScenario(scenarioSpec('empty'));
    const reopened = new StateDatabase(dir);
    reopened.load();
    reopened.save(durable(again));
    reopened.close();
    expect(restart(dir).live().uploads).toEqual({});
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

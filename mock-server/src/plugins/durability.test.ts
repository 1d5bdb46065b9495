/**
 * Durable before acknowledged: the real server process, killed with SIGKILL in the middle of a
 * burst of transfers, comes back (its ledger checked on start) holding every transfer it had
 * answered, and nothing half done.
 */
import { endpoints } from '@bourse/protocol';
import { SCENARIOS } from '@bourse/fixtures';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killMock, login as signIn, post, startMock, type LiveMock } from '../test/live-mock.ts';

const trader = SCENARIOS['verified-trader'].users[0]!;
const login = (origin: string) => signIn(origin, trader.email, trader.password);

let running: LiveMock | null = null;
let dir = '';
afterEach(async () => {
  await killMock(running);
  running = null;
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a mock killed during a burst of money calls', () => {
  it('comes back with a consistent ledger holding every transfer it acknowledged', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bourse-kill-'));
    const first = await startMock(dir);
    running = first;
    const token = await login(first.origin);
    const acknowledged = new Map<string, string>();
    let sent = 0;
    let killed = false;
    /** one client sending transfers one after another until the server dies */
    const sender = async (lane: number) => {
      for (;;) {
        const requestId = `kill-test-${String(lane)}-${String(sent++).padStart(6, '0')}`;
        try {
          const reply = await post<{ transfer_id: string }>(
            first.origin,
            endpoints.account.transfer.path,
            { from: 'fund', to: 'contract', amount: '1.25', request_id: requestId },
            token,
          );
          if (reply.code === 200) acknowledged.set(requestId, reply.data.transfer_id);
        } catch {
          return; // the connection died with the server
        }
        if (!killed && acknowledged.size >= 60) {
          killed = true;
          void killMock(first);
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(sender));
    await killMock(first);
    expect(acknowledged.size).toBeGreaterThanOrEqual(60);

    // the restart checks the ledger (balances rebuilt from the entries, against those stored)
    const second = await startMock(dir);
    running = second;
    const again = await login(second.origin);
    const flows = await post<{ list: { ref_id: string }[]; total: number }>(
      second.origin,
      endpoints.account.list.path,
      { account: 'contract', kinds: ['transfer_in'], page: 1, limit: 100 },
      again,
    );
    const kept = new Set(flows.data.list.map((flow) => flow.ref_id));
    for (const transferId of acknowledged.values()) expect(kept).toContain(transferId);
    // a retry of an acknowledged call replays it: the request record survived with it
    const [requestId, transferId] = [...acknowledged.entries()][0]!;
    const retry = await post<{ transfer_id: string }>(
      second.origin,
      endpoints.account.transfer.path,
      { from: 'fund', to: 'contract', amount: '1.25', request_id: requestId },
      again,
    );
    expect(retry.data.transfer_id).toBe(transferId);
    // nothing half done: what left the fund account arrived in the contract account
    const index = await post<{ list: { account: string; total: string }[] }>(
      second.origin,
      endpoints.account.index.path,
      {},
      again,
    );
    const total = (kind: string) =>
      Number(index.data.list.find((item) => item.account === kind)?.total);
    expect(total('fund') + total('contract')).toBe(12_500);
    expect(total('contract')).toBe(2500 + 1.25 * flows.data.total);
  }, 60_000);
});

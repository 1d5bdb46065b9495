/**
 * Durable before acknowledged: the real server process, killed with SIGKILL in the middle of a
 * burst of transfers, comes back (its ledger checked on start) holding every transfer it had
 * answered, and nothing half done.
 */
import { SCENARIOS } from '@bourse/fixtures';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { GUEST_TOKEN, md5, UUID } from '../test/wire.ts';

const MOCK_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const trader = SCENARIOS['verified-trader'].users[0]!;

interface Server {
  child: ChildProcess;
  origin: string;
}

/** Starts `src/server.ts` on a free port over `dataDir`, and waits for it to listen. */
function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: MOCK_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SCENARIO: 'verified-trader',
      ENCRYPT: 'off',
      MARKET_TICK_MS: '0',
      LOG_LEVEL: 'info',
      CONTROL_TOKEN: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      reject(new Error(`the mock did not start:\n${output}`));
    }, 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening?.[1]) {
        clearTimeout(timer);
        resolve({ child, origin: listening[1] });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the mock exited (${String(code)}):\n${output}`));
    });
  });
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function post<T>(
  origin: string,
  path: string,
  body: Record<string, unknown>,
  token = GUEST_TOKEN,
): Promise<Envelope<T>> {
  const time = Date.now();
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      uuid: UUID,
      token: md5(token) + md5(String(time) + UUID),
    },
    body: JSON.stringify({ ...body, time }),
  });
  return (await response.json()) as Envelope<T>;
}

const login = async (origin: string) =>
  (
    await post<{ token: string }>(origin, '/api/login/index', {
      account: trader.email,
      password: trader.password,
    })
  ).data.token;

let running: ChildProcess | null = null;
let dir = '';
afterEach(async () => {
  running?.kill('SIGKILL');
  running = null;
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a mock killed during a burst of money calls', () => {
  it('comes back with a consistent ledger holding every transfer it acknowledged', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bourse-kill-'));
    const first = await startServer(dir);
    running = first.child;
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
            '/api/account/transfer',
            { from: 'fund', to: 'contract', amount: '1.25', request_id: requestId },
            token,
          );
          if (reply.code === 200) acknowledged.set(requestId, reply.data.transfer_id);
        } catch {
          return; // the connection died with the server
        }
        if (!killed && acknowledged.size >= 60) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(sender));
    if (first.child.exitCode === null && first.child.signalCode === null) {
      await new Promise((resolve) => first.child.once('exit', resolve));
    }
    expect(acknowledged.size).toBeGreaterThanOrEqual(60);

    // the restart checks the ledger (balances rebuilt from the entries, against those stored)
    const second = await startServer(dir);
    running = second.child;
    const again = await login(second.origin);
    const flows = await post<{ list: { ref_id: string }[]; total: number }>(
      second.origin,
      '/api/account/list',
      { account: 'contract', kinds: ['transfer_in'], page: 1, limit: 100 },
      again,
    );
    const kept = new Set(flows.data.list.map((flow) => flow.ref_id));
    for (const transferId of acknowledged.values()) expect(kept).toContain(transferId);
    // a retry of an acknowledged call replays it: the request record survived with it
    const [requestId, transferId] = [...acknowledged.entries()][0]!;
    const retry = await post<{ transfer_id: string }>(
      second.origin,
      '/api/account/transfer',
      { from: 'fund', to: 'contract', amount: '1.25', request_id: requestId },
      again,
    );
    expect(retry.data.transfer_id).toBe(transferId);
    // nothing half done: what left the fund account arrived in the contract account
    const index = await post<{ list: { account: string; total: string }[] }>(
      second.origin,
      '/api/account/index',
      {},
      again,
    );
    const total = (kind: string) =>
      Number(index.data.list.find((item) => item.account === kind)?.total);
    expect(total('fund') + total('contract')).toBe(12_500);
    expect(total('contract')).toBe(2500 + 1.25 * flows.data.total);
  }, 60_000);
});

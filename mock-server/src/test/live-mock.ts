/**
 * The real mock as a child process (`src/server.ts` over a data directory), for tests that kill it
 * and start it again, and a client that speaks its wire over HTTP, signed as PROTOCOL.md says
 * with wire.ts's helpers (replies that come encrypted are decrypted).
 */
import { endpoints } from '@bourse/protocol';
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decrypt, GUEST_TOKEN, md5, UUID } from './wire.ts';

export const MOCK_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** How long a start may take on a loaded machine (a restart also checks the whole ledger). */
const START_TIMEOUT_MS = 30_000;
/** What is kept of the process's output, for a failure's message. */
const OUTPUT_TAIL = 20_000;

export interface LiveMock {
  child: ChildProcess;
  origin: string;
  /** the end of what the process printed */
  output: () => string;
}

/**
 * Starts `src/server.ts` on a free port over `dataDir` (the `verified-trader` scenario when the
 * directory is new) and resolves once it listens; rejects, with what it printed, if it exits first.
 */
export function startMock(dataDir: string, env: Record<string, string> = {}): Promise<LiveMock> {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const read = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL);
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the mock did not start within ${String(START_TIMEOUT_MS)} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    // after `read` (listeners run in order), so `output` holds the chunk
    const listening = () => {
      const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!found?.[1]) return;
      clearTimeout(timer);
      child.stdout.off('data', listening);
      resolve({ child, origin: found[1], output: () => output });
    };
    child.stdout.on('data', listening);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the mock exited (${String(code ?? signal)}):\n${output}`));
    });
  });
}

/** SIGKILL, then resolves once the process is gone (at once if it already is). */
export async function killMock(mock: LiveMock | null): Promise<void> {
  if (!mock) return;
  const { child } = mock;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * A signed POST as a client sends it; the envelope with `data` decrypted. Throws when no reply
 * comes (the connection died with the server).
 */
export async function post<T>(
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
  const envelope = (await response.json()) as Envelope<unknown>;
  const data = typeof envelope.data === 'string' ? decrypt(envelope.data) : envelope.data;
  return { ...envelope, data: data as T };
}

/** Signs in and answers the session token. */
export async function login(origin: string, email: string, password: string): Promise<string> {
  const reply = await post<{ token: string }>(origin, endpoints.auth.login.path, {
    account: email,
    password,
  });
  if (reply.code !== 200) throw new Error(`login: ${String(reply.code)} ${reply.msg}`);
  return reply.data.token;
}

import type { WebSocket } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webDir } from '../playwright.config.ts';
import { expect, scenarioUser, signIn, stored, test } from './support.ts';

const TRADER = scenarioUser('verified-trader');
/** web/, where the shared webServer runs too. */
const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** PROTOCOL.md §3: 3 s after an unexpected close; the mock takes a few seconds to start again. */
const RECONNECT_WITHIN_MS = 15_000;

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/** The mock of this spec alone: it is stopped and started again, unlike the shared one. */
class OwnMock {
  private process: ChildProcess | null = null;
  private stderr = '';

  constructor(
    readonly port: number,
    private readonly dataDir: string,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.stderr = '';
    const child = spawn(
      process.execPath,
      ['../node_modules/tsx/dist/cli.mjs', '../mock-server/src/server.ts'],
      {
        cwd: WEB_ROOT,
        env: {
          ...process.env,
          PORT: String(this.port),
          HOST: '127.0.0.1',
          WEB_DIR: webDir,
          DATA_DIR: this.dataDir,
          SCENARIO: 'verified-trader',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    this.process = child;
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) {
            throw new Error(`the mock exited (${child.exitCode}): ${this.stderr}`);
          }
          try {
            return (await fetch(`${this.origin}/__control/health`)).ok;
          } catch {
            return false;
          }
        },
        { timeout: 30_000, intervals: [100, 200, 250] },
      )
      .toBe(true);
  }

  /** Stops it (SIGTERM; SIGKILL if it lingers) and waits until it has exited. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => {
        resolve();
      });
    });
    child.kill('SIGTERM');
    const lingering = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(lingering);
  }
}

interface Frame {
  readonly cmd: string;
  readonly msg: unknown;
}

interface Observed {
  readonly socket: WebSocket;
  /** when the page made it (an attempt, open or not) */
  readonly created: number;
  closed: number | null;
  readonly sent: Frame[];
  readonly received: Frame[];
}

const frameOf = (payload: string | Buffer): Frame => {
  try {
    return JSON.parse(payload.toString()) as Frame;
  } catch {
    return { cmd: '(not JSON)', msg: payload.toString() };
  }
};

test.describe('the live feed', () => {
  let mock: OwnMock;
  let dataDir: string;

  test.beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bourse-e2e-socket-'));
    mock = new OwnMock(await freePort(), dataDir);
    await mock.start();
  });

  test.afterAll(async () => {
    await mock.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('binds first, and after the server restarts opens a new socket that binds again', async ({
    page,
  }) => {
    const sockets: Observed[] = [];
    page.on('websocket', (socket) => {
      if (!socket.url().startsWith(`ws://127.0.0.1:${mock.port}/ws`)) return;
      const observed: Observed = {
        socket,
        created: Date.now(),
        closed: null,
        sent: [],
        received: [],
      };
      socket.on('framesent', ({ payload }) => observed.sent.push(frameOf(payload)));
      socket.on('framereceived', ({ payload }) => observed.received.push(frameOf(payload)));
      socket.on('close', () => {
        observed.closed = Date.now();
      });
      sockets.push(observed);
    });

    await signIn(page, TRADER, mock.origin);
    const token = await stored(page, 'token');
    expect(token).toEqual(expect.any(String));

    // Logged in: the feed opens, and its first frame binds it to the session.
    await expect.poll(() => sockets[0]?.sent.length ?? 0).toBeGreaterThan(0);
    const first = sockets[0];
    if (!first) throw new Error('no socket opened');
    expect(first.sent[0]).toEqual({ cmd: 'bind', msg: token });
    const subscribed = first.sent.filter((frame) => frame.cmd === 'sub').map((frame) => frame.msg);

    // The server goes away and comes back on the same port, with the same state.
    await mock.stop();
    await expect.poll(() => first.closed).not.toBeNull();
    const closedAt = first.closed ?? 0;
    await mock.start();

    await expect
      .poll(() => sockets.slice(1).find((observed) => observed.sent.length > 0)?.sent[0], {
        timeout: RECONNECT_WITHIN_MS,
      })
      .toEqual({ cmd: 'bind', msg: token });
    const second = sockets.slice(1).find((observed) => observed.sent.length > 0);
    if (!second) throw new Error('no socket reconnected');
    test.info().annotations.push({
      type: 'reconnect',
      description: `the first attempt ${(sockets[1]?.created ?? 0) - closedAt} ms after the close; a new socket bound on attempt ${sockets.indexOf(second)}, ${second.created - closedAt} ms after it`,
    });
    // No tight loop: the first attempt waited the protocol's 3 s after the close.
    expect((sockets[1]?.created ?? 0) - closedAt).toBeGreaterThanOrEqual(2_500);
    // It resubscribed to every topic it held.
    for (const topic of subscribed) {
      expect(second.sent).toContainEqual({ cmd: 'sub', msg: topic });
    }
    // The restarted server knows the session: the bind is accepted (no error frame).
    await page.waitForTimeout(500);
    expect(second.received.filter((frame) => frame.cmd === 'error')).toEqual([]);
    await expect(page).toHaveURL(/\/pages\/home\/home$/);
  });
});

import type { WebSocket } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockProcess } from './mock-process.ts';
import { expect, scenarioUser, signIn, stored, test } from './support.ts';

const TRADER = scenarioUser('verified-trader');
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
  /** The mock of this spec alone: it is stopped and started again, unlike the worker's. */
  let mock: MockProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bourse-e2e-socket-'));
    mock = new MockProcess({ port: await freePort(), dataDir, scenario: 'verified-trader' });
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
    // The restarted server knows the session: the bind is accepted (no error frame). The server
    // answers a socket's frames in order and pushes nothing before a sub, which follows the bind:
    // by the first push, a refusal of the bind would have come.
    await expect.poll(() => second.received.some((frame) => frame.cmd === 'data')).toBe(true);
    expect(second.received.filter((frame) => frame.cmd === 'error')).toEqual([]);
    await expect(page).toHaveURL(/\/pages\/home\/home$/);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@bourse/mock-server';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { groupByQuiet, measureFanout, shares } from './fanout.ts';

const DATA24H = JSON.stringify({
  cmd: 'data',
  msg: { func: 'Data24h', topic: 'Data24h', data: [] },
});

/**
 * A stand-in server: /ws takes subscriptions, and each push goes to every subscriber but the
 * first (a socket the server fails), on `POST /__control/clock` or on its own timer; `twice`
 * sends it a second time to the last subscriber.
 */
async function lossyServer(options: { timerMs?: number; twice?: boolean }): Promise<Server> {
  const subscribers: WebSocket[] = [];
  const push = () => {
    for (const socket of subscribers.slice(1)) socket.send(DATA24H);
    if (options.twice) subscribers.at(-1)?.send(DATA24H);
  };
  const server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/__control/clock') {
      push();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ now: Date.now(), frozen: false }));
      return;
    }
    response.writeHead(404).end();
  });
  const sockets = new WebSocketServer({ server, path: '/ws' });
  sockets.on('connection', (socket) => {
    socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString('utf8')) as { cmd: string }).cmd === 'sub')
        subscribers.push(socket);
    });
  });
  const timer = options.timerMs === undefined ? null : setInterval(push, options.timerMs);
  server.on('close', () => {
    if (timer) clearInterval(timer);
    sockets.close();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

const originOf = (server: Server) =>
  `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('the socket fan-out measure', () => {
  it('counts every control-driven push as delivered to every socket of the mock', async () => {
    const app = await buildApp({ dataDir: null, scenario: 'empty', marketTickMs: 0 });
    closers.push(() => app.close());
    const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(
      'localhost',
      '127.0.0.1',
    );

    const result = await measureFanout({
      origin,
      sockets: 5,
      pushes: 3,
      listenMs: 0,
      pushTimeoutMs: 5_000,
      probeMs: 300,
      workers: 2,
    });

    expect(result).toMatchObject({
      mode: 'control',
      workers: 2,
      opened: 5,
      delivered: 15,
      lost: 0,
      late: 0,
    });
    expect(result.pushes.map((push) => push.delivered)).toEqual([5, 5, 5]);
    expect(result.fromCall?.n).toBe(15);
    expect(result.frameBytes).toBeGreaterThan(0);
  });

  it('counts a socket that missed a push as lost', async () => {
    const server = await lossyServer({});
    closers.push(() => new Promise((done) => server.close(done)));

    const result = await measureFanout({
      origin: originOf(server),
      sockets: 4,
      pushes: 2,
      listenMs: 0,
      pushTimeoutMs: 300,
      probeMs: 100,
    });

    expect(result).toMatchObject({ mode: 'control', opened: 4, delivered: 6, lost: 2 });
  });

  it('counts a second frame of one push to one socket as late, not as delivered', async () => {
    const server = await lossyServer({ twice: true });
    closers.push(() => new Promise((done) => server.close(done)));

    const result = await measureFanout({
      origin: originOf(server),
      sockets: 4,
      pushes: 2,
      listenMs: 0,
      pushTimeoutMs: 300,
      probeMs: 100,
      workers: 2,
    });

    // The unmeasured first push (it proves the subscriptions took) was doubled too.
    expect(result).toMatchObject({ delivered: 6, lost: 2, late: 3 });
  });

  it("tells a server's own pushes apart by the quiet between them", async () => {
    const server = await lossyServer({ timerMs: 600 });
    closers.push(() => new Promise((done) => server.close(done)));

    const result = await measureFanout({
      origin: originOf(server),
      sockets: 3,
      pushes: 0,
      listenMs: 2_500,
      pushTimeoutMs: 300,
      probeMs: 700,
    });

    expect(result.mode).toBe('timer');
    expect(result.fromCall).toBeUndefined();
    expect(result.pushes.length).toBeGreaterThanOrEqual(2);
    for (const push of result.pushes) expect(push).toMatchObject({ delivered: 2, lost: 1 });
  });

  it('splits the clients over the threads evenly, each client once, no thread idle', () => {
    const counts = (sockets: number, workers: number) =>
      shares(sockets, workers).map((share) => share.count);
    expect(counts(1_000, 4)).toEqual([250, 250, 250, 250]);
    expect(counts(10, 4)).toEqual([2, 3, 2, 3]);
    expect(counts(3, 4)).toEqual([1, 1, 1]);
    expect(counts(5, 0)).toEqual([5]);
    const split = shares(10, 3);
    expect(split.map((share) => share.first)).toEqual([0, 3, 6]);
    expect(split.reduce((sum, share) => sum + share.count, 0)).toBe(10);
  });

  it('groups receipts where the feed fell quiet', () => {
    const at = (times: number[]) => times.map((time, index) => ({ index, at: time }));
    expect(groupByQuiet(at([1_000, 0, 2, 1_003, 2_000])).map((group) => group.length)).toEqual([
      2, 2, 1,
    ]);
  });
});

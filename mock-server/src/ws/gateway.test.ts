import { SYMBOLS } from '@bourse/fixtures';
import { KLINE_PERIODS, klineTopic, TOPIC } from '@bourse/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { handled, isBarrierReply } from '../test/socket.ts';
import { registerUser, testApp, UUID } from '../test/wire.ts';
import { SOCKET_LIMITS } from './gateway.ts';

let app: FastifyInstance;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  app = await testApp({ pingIntervalMs: 50 });
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await app.close();
});

const url = () => `/ws?uuid=${UUID}&time=${Date.now()}`;

async function open(
  headers: Record<string, string> = {},
  /** answer the pings (every 50 ms here), for a test that outlasts two of them */
  answerPings = false,
): Promise<{
  socket: WebSocket;
  frames: unknown[];
  next: () => Promise<unknown>;
  /** every data frame as it came over the wire, and whether it came as text */
  raw: { bytes: Buffer; text: boolean }[];
  /** resolves once the server has handled what this socket sent and its frames so far are here */
  handled: () => Promise<void>;
}> {
  const socket = await app.injectWS(url(), { headers });
  sockets.push(socket);
  const frames: unknown[] = [];
  const raw: { bytes: Buffer; text: boolean }[] = [];
  const waiting: ((frame: unknown) => void)[] = [];
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    const frame: unknown = JSON.parse(data.toString());
    if (isBarrierReply(frame)) return;
    if ((frame as { cmd: string }).cmd === 'data') raw.push({ bytes: data, text: !isBinary });
    if (answerPings && (frame as { cmd: string }).cmd === 'ping') {
      socket.send(JSON.stringify({ cmd: 'pong', msg: (frame as { msg: number }).msg }));
    }
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const next = () =>
    frames.length > 0
      ? Promise.resolve(frames.shift())
      : new Promise<unknown>((resolve) => waiting.push(resolve));
  return { socket, frames, next, raw, handled: () => handled(socket) };
}

/** The next frame that is not a ping. */
async function nextData(next: () => Promise<unknown>): Promise<unknown> {
  for (;;) {
    const frame = (await next()) as { cmd: string };
    if (frame.cmd !== 'ping') return frame;
  }
}

describe('the socket gateway (PROTOCOL.md §3)', () => {
  it('answers bad JSON and unknown commands with error frames and stays open', async () => {
    const { socket, next } = await open();
    socket.send('not json');
    expect(await nextData(next)).toMatchObject({ cmd: 'error' });
    socket.send(JSON.stringify({ cmd: 'dance', msg: 1 }));
    expect(await nextData(next)).toMatchObject({ cmd: 'error' });
    socket.send(JSON.stringify({ cmd: 'sub', msg: 'NoSuchTopic' }));
    expect(await nextData(next)).toMatchObject({ cmd: 'error' });
    expect(socket.readyState).toBe(socket.OPEN);
  });

  it('delivers a topic only to its subscribers, and stops after unsub', async () => {
    const subscriber = await open();
    const bystander = await open();
    subscriber.socket.send(JSON.stringify({ cmd: 'sub', msg: 'Data24h' }));
    await expect.poll(() => app.gateway.count('Data24h')).toBe(1);
    app.gateway.publish('Data24h', 'Data24h', [{ symbol_id: 'btc' }]);
    expect(await nextData(subscriber.next)).toEqual({
      cmd: 'data',
      msg: { func: 'Data24h', topic: 'Data24h', data: [{ symbol_id: 'btc' }] },
    });
    subscriber.socket.send(JSON.stringify({ cmd: 'unsub', msg: 'Data24h' }));
    await expect.poll(() => app.gateway.count('Data24h')).toBe(0);
    // a push sent to the bystander by the publish would have come before its barrier's answer
    await bystander.handled();
    expect(bystander.frames.filter((frame) => (frame as { cmd: string }).cmd === 'data')).toEqual(
      [],
    );
  });

  it('serialises a publish once, and every subscriber gets the same bytes as a text frame', async () => {
    const subscribers = await Promise.all([open(), open(), open()]);
    const bystander = await open();
    for (const { socket } of subscribers)
      socket.send(JSON.stringify({ cmd: 'sub', msg: 'Data24h' }));
    await expect.poll(() => app.gateway.count('Data24h')).toBe(subscribers.length);
    const data = [{ symbol_id: 'btc', close: '97000.50', name: 'Bitcoin ₿' }];

    const stringify = vi.spyOn(JSON, 'stringify');
    app.gateway.publish('Data24h', 'Data24h', data);
    const serialised = stringify.mock.calls.length;
    stringify.mockRestore();
    expect(serialised).toBe(1);

    await expect.poll(() => subscribers.every(({ raw }) => raw.length === 1)).toBe(true);
    const expected = JSON.stringify({
      cmd: 'data',
      msg: { func: 'Data24h', topic: 'Data24h', data },
    });
    for (const { raw } of subscribers) {
      expect(raw[0]?.text).toBe(true);
      expect(raw[0]?.bytes.toString('utf8')).toBe(expected);
    }
    await bystander.handled();
    expect(bystander.raw).toEqual([]);
  });

  it('serialises nothing when no socket subscribes to the topic', async () => {
    await open();
    const stringify = vi.spyOn(JSON, 'stringify');
    app.gateway.publish('Data24h', 'Data24h', [{ symbol_id: 'btc' }]);
    const serialised = stringify.mock.calls.length;
    stringify.mockRestore();
    expect(serialised).toBe(0);
  });

  it('serialises a private push once for all of the user’s sockets', async () => {
    const { token, user } = await registerUser(app, 'twice@example.com');
    const phone = await open();
    const tablet = await open();
    for (const { socket } of [phone, tablet])
      socket.send(JSON.stringify({ cmd: 'bind', msg: token }));
    await Promise.all([phone.handled(), tablet.handled()]);

    const stringify = vi.spyOn(JSON, 'stringify');
    app.gateway.pushToUser(String(user['user_id']), 'Balance', { fund: '1.00' });
    const serialised = stringify.mock.calls.length;
    stringify.mockRestore();
    expect(serialised).toBe(1);

    await expect.poll(() => phone.raw.length + tablet.raw.length).toBe(2);
    expect(phone.raw[0]?.bytes.equals(tablet.raw[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(JSON.parse(phone.raw[0]?.bytes.toString() ?? 'null')).toEqual({
      cmd: 'data',
      msg: { func: 'Balance', topic: 'Balance', data: { fund: '1.00' } },
    });
  });

  it('sends private pushes only to a socket bound with a live token', async () => {
    const { token, user } = await registerUser(app, 'socket@example.com');
    const bound = await open();
    const stranger = await open();
    bound.socket.send(JSON.stringify({ cmd: 'bind', msg: token }));
    stranger.socket.send(JSON.stringify({ cmd: 'bind', msg: 'f'.repeat(32) }));
    expect(await nextData(stranger.next)).toMatchObject({ cmd: 'error' });
    await bound.handled();
    app.gateway.pushToUser(String(user['user_id']), 'Balance', { fund: '1.00' });
    expect(await nextData(bound.next)).toMatchObject({ cmd: 'data', msg: { func: 'Balance' } });
    await stranger.handled();
    expect(stranger.frames.filter((frame) => (frame as { cmd: string }).cmd === 'data')).toEqual(
      [],
    );
  });

  it('pings, keeps a socket that answers, and closes one that misses two pongs', async () => {
    // the lively one answers each ping as it comes, the silent one never
    const lively = await open({}, true);
    const silent = await open();
    const closed = new Promise((resolve) => silent.socket.on('close', resolve));
    const ping = (await lively.next()) as { cmd: string; msg: number };
    expect(ping.cmd).toBe('ping');
    await closed;
    // still served after the silent one went: a closed socket never answers the barrier
    await lively.handled();
    expect(lively.socket.readyState).toBe(lively.socket.OPEN);
  });

  it('refuses a browser socket from another site', async () => {
    await expect(
      app.injectWS(url(), { headers: { origin: 'https://evil.example' } }),
    ).rejects.toThrow();
    const local = await open({ origin: 'http://localhost:5173' });
    expect(local.socket.readyState).toBe(local.socket.OPEN);
  });

  it('closes a socket that sends a frame over the size limit', async () => {
    const { socket } = await open();
    const closed = new Promise<number>((resolve) => {
      socket.on('close', (code: number) => {
        resolve(code);
      });
    });
    socket.send(JSON.stringify({ cmd: 'sub', msg: 'x'.repeat(20_000) }));
    expect(await closed).toBe(1009);
  });
});

/** A client over real TCP (`app.listen`), so that its reading, or not, is felt by the server. */
async function connect(origin: string): Promise<{
  socket: WebSocket;
  /** every data frame's msg, in order */
  pushes: { func: string; topic: string; data: unknown }[];
  errors: string[];
  /** resolves once `ready()` holds, checked on every frame */
  until: (ready: () => boolean) => Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
}> {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}${url()}`);
  sockets.push(socket);
  const pushes: { func: string; topic: string; data: unknown }[] = [];
  const errors: string[] = [];
  const waiters = new Set<{ ready: () => boolean; resolve: () => void }>();
  socket.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString()) as { cmd: string; msg: unknown };
    // the pings come every 50 ms here: a client that did not answer would be closed for that
    if (frame.cmd === 'ping') socket.send(JSON.stringify({ cmd: 'pong', msg: frame.msg }));
    if (frame.cmd === 'data')
      pushes.push(frame.msg as { func: string; topic: string; data: unknown });
    if (frame.cmd === 'error') errors.push(String(frame.msg));
    for (const waiter of waiters) {
      if (!waiter.ready()) continue;
      waiters.delete(waiter);
      waiter.resolve();
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code: number, reason: Buffer) => {
      resolve({ code, reason: reason.toString() });
    });
  });
  socket.on('error', () => undefined);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const until = (ready: () => boolean) =>
    ready() ? Promise.resolve() : new Promise<void>((resolve) => waiters.add({ ready, resolve }));
  return { socket, pushes, errors, until, closed };
}

const sub = (topic: string) => JSON.stringify({ cmd: 'sub', msg: topic });

/** Every topic the market has: Data24h, Digits and each symbol's Kline of each period. */
const everyTopic = [
  TOPIC.data24h,
  TOPIC.digits,
  ...SYMBOLS.flatMap((symbol) => KLINE_PERIODS.map((period) => klineTopic(symbol.id, period))),
];

describe('the socket gateway’s limits (issue 25)', () => {
  it('refuses a Kline topic of a symbol the market does not have', async () => {
    const { socket, next } = await open();
    socket.send(sub('Kline.nosuchcoin.1m'));
    socket.send(sub('Kline.btcusdt.1m'));
    expect(await nextData(next)).toEqual({ cmd: 'error', msg: 'sub: unknown symbol nosuchcoin' });
    await expect.poll(() => app.gateway.count('Kline.btcusdt.1m')).toBe(1);
    expect(app.gateway.count('Kline.nosuchcoin.1m')).toBe(0);
    expect([...app.gateway.topics()]).toEqual(['Kline.btcusdt.1m']);
  });

  it(`holds at most ${String(SOCKET_LIMITS.maxTopics)} topics a socket`, async () => {
    expect(everyTopic.length).toBeGreaterThan(SOCKET_LIMITS.maxTopics);
    const { socket, frames } = await open({}, true);
    const held = everyTopic.slice(0, SOCKET_LIMITS.maxTopics);
    const extra = everyTopic[SOCKET_LIMITS.maxTopics] ?? '';
    for (const topic of held) socket.send(sub(topic));
    await expect.poll(() => app.gateway.topics().size).toBe(SOCKET_LIMITS.maxTopics);
    const errors = () => frames.filter((frame) => (frame as { cmd: string }).cmd === 'error');
    expect(errors()).toEqual([]);

    socket.send(sub(extra));
    await expect.poll(() => errors().length).toBe(1);
    expect((errors()[0] as { msg: string }).msg).toMatch(/^sub: at most 64 topics a socket/);
    expect(app.gateway.count(extra)).toBe(0);

    // a topic it holds again is no new topic; one let go makes room
    socket.send(sub(held[0] ?? ''));
    socket.send(JSON.stringify({ cmd: 'unsub', msg: held[1] }));
    socket.send(sub(extra));
    await expect.poll(() => app.gateway.count(extra)).toBe(1);
    expect(errors()).toHaveLength(1);
    expect(app.gateway.topics().size).toBe(SOCKET_LIMITS.maxTopics);
  });

  it('closes a socket that floods with 1008, and another socket keeps its Data24h', async () => {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const other = await connect(origin);
    other.socket.send(sub(TOPIC.data24h));
    const flooder = await connect(origin);
    await expect.poll(() => app.gateway.count()).toBe(2);

    const flood = SOCKET_LIMITS.maxFramesPerWindow + 50;
    for (let frame = 0; frame < flood; frame += 1)
      flooder.socket.send(sub(`Kline.x${String(frame)}.1m`));
    const { code, reason } = await flooder.closed;
    expect(code).toBe(1008);
    expect(reason).toMatch(/too many frames/);
    // it was not answered past the limit (how many came back before the close depends on how
    // the frames fell in the one-second windows on a busy machine: at most the limit)
    expect(flooder.errors.length).toBeGreaterThan(0);
    expect(flooder.errors.length).toBeLessThanOrEqual(SOCKET_LIMITS.maxFramesPerWindow);
    await expect.poll(() => app.gateway.count()).toBe(1);

    // a push made after the flood reaches the other socket
    app.gateway.publish(TOPIC.data24h, 'Data24h', [{ symbol_id: 'after-the-flood' }]);
    await other.until(() => other.pushes.length === 1);
    expect(other.pushes).toEqual([
      { func: 'Data24h', topic: 'Data24h', data: [{ symbol_id: 'after-the-flood' }] },
    ]);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
  }, 30_000);

  it('drops a socket that stops reading once its queue passes the limit; the other keeps up', async () => {
    // the pings at their usual 15 s: here a socket that stops reading must go for its queue, not
    // for the pongs it cannot send
    await app.close();
    app = await testApp();
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const reader = await connect(origin);
    const stalled = await connect(origin);
    for (const { socket } of [reader, stalled]) socket.send(sub(TOPIC.data24h));
    await expect.poll(() => app.gateway.count(TOPIC.data24h)).toBe(2);
    stalled.socket.pause();

    // 64 KiB a push; the stalled socket's TCP buffers fill first, then its queue
    const payload = 'x'.repeat(64 * 1024);
    const most = (64 * 1024 * 1024) / payload.length;
    let published = 0;
    while (app.gateway.count(TOPIC.data24h) === 2 && published < most) {
      app.gateway.publish(TOPIC.data24h, 'Data24h', [{ symbol_id: String(published), payload }]);
      published += 1;
      const sent = published;
      // the reader has every push before the next is made: it is never the slow one
      await reader.until(() => reader.pushes.length === sent);
    }
    expect(app.gateway.count(TOPIC.data24h)).toBe(1);
    expect(app.gateway.count()).toBe(1);
    expect(published).toBeGreaterThan(SOCKET_LIMITS.maxBufferedBytes / payload.length);

    app.gateway.publish(TOPIC.data24h, 'Data24h', [{ symbol_id: 'after-the-drop' }]);
    await reader.until(() => reader.pushes.length === published + 1);
    expect(reader.pushes.at(-1)).toEqual({
      func: 'Data24h',
      topic: 'Data24h',
      data: [{ symbol_id: 'after-the-drop' }],
    });
    expect(reader.socket.readyState).toBe(WebSocket.OPEN);

    // the stalled client finds its connection gone once it reads again
    stalled.socket.resume();
    expect((await stalled.closed).code).toBe(1006);
  }, 60_000);
});

import {
  EXAMPLE_TICKER,
  SOCKET,
  dataFrameOf,
  type ClientFrame,
  type PushMessage,
} from '@bourse/protocol';
import { allSettled, createWatch, fork, type Scope, type Subscription, type Unit } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $frameReaderLoader,
  $socketConfig,
  $socketFactory,
  $socketLogger,
  $online,
  $socketRandom,
  $staleSince,
  $status,
  $topics,
  browserOffline,
  browserOnline,
  feedBound,
  frameSent,
  pageVisible,
  pushReceived,
  reconnectDelay,
  socketConfigChanged,
  socketErrored,
  socketStarted,
  socketStopped,
  topicSubscribed,
  topicUnsubscribed,
  type FrameReader,
  type SocketCloseEvent,
  type SocketLike,
  type SocketMessageEvent,
} from './model.ts';
import { readServerFrame } from './frames.ts';

const WS_URL = 'wss://feed.test/ws';
/** Longer than any wait of the feed's but the connect timeout. */
const LONG_WAIT = 30_000;
const UUID = 'install-1';
const TOKEN = 'f3c1a9e2b7d64c0e9a1b2c3d4e5f6a7b';
const NOW = 1_763_900_000_000;

type Listener = (event: never) => void;

/** A WebSocket stand-in: records what the client sends, and lets the test play the server. */
class FakeSocket implements SocketLike {
  readyState = 0;
  /** every frame the client sent, parsed */
  readonly sent: unknown[] = [];
  readonly closeCalls: { code: number | undefined; reason: string | undefined }[] = [];
  private readonly listeners = new Map<string, Listener[]>();

  constructor(readonly url: string) {}

  send(data: string): void {
    // as a browser does: sending on a socket that is still connecting throws, and sending on
    // one that is closing or closed silently goes nowhere
    if (this.readyState === 0) throw new Error('InvalidStateError: the socket is still connecting');
    if (this.readyState === 1) this.sent.push(JSON.parse(data));
  }

  close(code?: number, reason?: string): void {
    this.closeCalls.push({ code, reason });
    this.readyState = 3;
  }

  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'close', listener: (event: SocketCloseEvent) => void): void;
  addEventListener(type: 'message', listener: (event: SocketMessageEvent) => void): void;
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  private emit(type: string, event: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) {
      (listener as (event: unknown) => void)(event);
    }
  }

  /** the server accepts the connection */
  open(): void {
    this.readyState = 1;
    this.emit('open', {});
  }

  /** the server sends a frame (an object is sent as JSON) */
  receive(frame: unknown): void {
    this.emit('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  /** the connection ends: the network dropped, the server went away, or after close() */
  emitClose(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.emit('close', { code, reason } satisfies SocketCloseEvent);
  }
}

interface LogLine {
  readonly level: 'error' | 'warn';
  readonly message: string;
}

const subscriptions: Subscription[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  subscriptions.splice(0).forEach((subscription) => {
    subscription.unsubscribe();
  });
  vi.useRealTimers();
});

function collect<T>(scope: Scope, unit: Unit<T>): T[] {
  const seen: T[] = [];
  subscriptions.push(
    createWatch({
      unit,
      scope,
      fn: (value: T) => {
        seen.push(value);
      },
    }),
  );
  return seen;
}

/** A scope with fake sockets, a recording logger and a fixed jitter (none by default), configured as a user. */
async function setup(
  options: {
    random?: number;
    token?: string | null;
    /** how the frame reader loads (by default at once) */
    loadReader?: () => Promise<FrameReader>;
  } = {},
) {
  const sockets: FakeSocket[] = [];
  const logs: LogLine[] = [];
  const scope = fork({
    values: [
      [
        $socketFactory,
        (url: string) => {
          const socket = new FakeSocket(url);
          sockets.push(socket);
          return socket;
        },
      ],
      [
        $socketLogger,
        {
          error: (message: string) => logs.push({ level: 'error', message }),
          warn: (message: string) => logs.push({ level: 'warn', message }),
        },
      ],
      [$socketRandom, () => options.random ?? 0],
      [$frameReaderLoader, options.loadReader ?? (() => Promise.resolve(readServerFrame))],
    ],
  });
  await allSettled(socketConfigChanged, {
    scope,
    params: { url: WS_URL, uuid: UUID, token: options.token === undefined ? TOKEN : options.token },
  });
  const pushes = collect<PushMessage>(scope, pushReceived);
  const errors = collect<string>(scope, socketErrored);

  /** the socket of the latest attempt */
  const latest = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  };
  /** plays the server or the network on the latest socket, then lets the model settle */
  const server = async (act: (socket: FakeSocket) => void) => {
    act(latest());
    await allSettled(scope);
  };
  /** moves the clock on and lets the model settle */
  const wait = async (ms: number) => {
    vi.advanceTimersByTime(ms);
    await allSettled(scope);
  };
  /** starts the feed and lets the server accept it */
  const connect = async () => {
    await allSettled(socketStarted, { scope });
    await server((socket) => {
      socket.open();
    });
  };
  return { scope, sockets, logs, pushes, errors, latest, server, wait, connect };
}

const bind = (token = TOKEN): ClientFrame => ({ cmd: 'bind', msg: token });
const sub = (topic: string): ClientFrame => ({ cmd: 'sub', msg: topic });
const unsub = (topic: string): ClientFrame => ({ cmd: 'unsub', msg: topic });

describe('starting', () => {
  it('opens nothing before socketStarted, even with topics and frames waiting', async () => {
    const { scope, sockets } = await setup();

    await allSettled(topicSubscribed, { scope, params: 'Data24h' });
    await allSettled(frameSent, { scope, params: unsub('Digits') });
    vi.advanceTimersByTime(LONG_WAIT);
    await allSettled(browserOnline, { scope });

    expect(sockets).toHaveLength(0);
    expect(scope.getState($status)).toBe('idle');
  });

  it('opens WS_URL with the uuid and the time on socketStarted, once', async () => {
    const { scope, sockets } = await setup();

    await allSettled(socketStarted, { scope });
    await allSettled(socketStarted, { scope });

    expect(sockets.map((socket) => socket.url)).toEqual([`${WS_URL}?uuid=${UUID}&time=${NOW}`]);
    expect(scope.getState($status)).toBe('connecting');
  });
});

describe('the frame reader', () => {
  // It carries every push's schema, so it loads with the feed (after sign-in), not with the app.
  it('loads with the first start, not before, and once for every reconnect after', async () => {
    let loads = 0;
    const { scope, sockets, server, wait } = await setup({
      loadReader: () => {
        loads += 1;
        return Promise.resolve(readServerFrame);
      },
    });
    await allSettled(topicSubscribed, { scope, params: 'Data24h' });
    expect(loads).toBe(0);

    await allSettled(socketStarted, { scope });
    await server((socket) => {
      socket.open();
      socket.emitClose();
    });
    await wait(SOCKET.reconnectDelayMs);

    expect(loads).toBe(1);
    expect(sockets).toHaveLength(2);
  });

  it('retries a reader that could not load (offline) like a failed connection', async () => {
    let loads = 0;
    const { scope, sockets, logs, pushes, server, wait } = await setup({
      loadReader: () => {
        loads += 1;
        return loads === 1
          ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
          : Promise.resolve(readServerFrame);
      },
    });

    await allSettled(socketStarted, { scope });
    expect(sockets).toHaveLength(0);
    expect(scope.getState($status)).toBe('reconnecting');
    expect(logs).toContainEqual({
      level: 'error',
      message: 'live feed: could not load the frame reader',
    });

    await wait(SOCKET.reconnectDelayMs);
    await server((socket) => {
      socket.open();
      socket.receive(dataFrameOf({ func: 'Data24h', topic: 'Data24h', data: [EXAMPLE_TICKER] }));
    });
    expect(scope.getState($status)).toBe('open');
    expect(pushes).toHaveLength(1);
  });

  it('opens nothing when the feed is stopped while the reader loads', async () => {
    let loaded: (reader: FrameReader) => void = () => undefined;
    const { scope, sockets } = await setup({
      loadReader: () =>
        new Promise<FrameReader>((resolve) => {
          loaded = resolve;
        }),
    });

    const started = allSettled(socketStarted, { scope });
    const stopped = allSettled(socketStopped, { scope });
    loaded(readServerFrame);
    await Promise.all([started, stopped]);

    expect(sockets).toHaveLength(0);
    expect(scope.getState($status)).toBe('closed');
  });
});

describe('opening', () => {
  it('binds first, then subscribes to every topic held, then flushes the queue in order', async () => {
    const { scope, latest, server } = await setup();
    await allSettled(topicSubscribed, { scope, params: 'Data24h' });
    await allSettled(topicSubscribed, { scope, params: 'Kline.1.1m' });
    await allSettled(frameSent, { scope, params: unsub('Digits') });
    await allSettled(frameSent, { scope, params: { cmd: 'pong', msg: 1 } });
    await allSettled(socketStarted, { scope });
    // still connecting: nothing may go out yet
    await allSettled(frameSent, { scope, params: sub('Digits') });
    expect(latest().sent).toEqual([]);

    await server((socket) => {
      socket.open();
    });

    expect(latest().sent).toEqual([
      bind(),
      sub('Data24h'),
      sub('Kline.1.1m'),
      unsub('Digits'),
      { cmd: 'pong', msg: 1 },
      sub('Digits'),
    ]);
    expect(scope.getState($status)).toBe('open');
  });

  it('sends a frame at once when open, and never sends the queue twice', async () => {
    const { scope, latest, connect } = await setup();
    await allSettled(frameSent, { scope, params: unsub('Digits') });
    await connect();

    await allSettled(frameSent, { scope, params: sub('Kline.2.5m') });

    expect(latest().sent).toEqual([bind(), unsub('Digits'), sub('Kline.2.5m')]);
  });

  it('binds a guest socket to nothing but still subscribes', async () => {
    const { scope, latest, connect } = await setup({ token: null });
    await allSettled(topicSubscribed, { scope, params: 'Digits' });

    await connect();

    expect(latest().sent).toEqual([sub('Digits')]);
  });

  it('binds again when the session token changes while open', async () => {
    const { scope, latest, connect } = await setup();
    await connect();

    await allSettled(socketConfigChanged, {
      scope,
      params: { url: WS_URL, uuid: UUID, token: 'b'.repeat(32) },
    });
    await allSettled(socketConfigChanged, {
      scope,
      params: { url: WS_URL, uuid: UUID, token: 'b'.repeat(32) },
    });

    expect(latest().sent).toEqual([bind(), bind('b'.repeat(32))]);
  });
});

describe('the feed bound', () => {
  it('is told after the bind frame went out, on the first connection and on every reconnect', async () => {
    const { scope, latest, server, wait } = await setup();
    const bound: number[] = [];
    subscriptions.push(
      createWatch({
        unit: feedBound,
        scope,
        fn: () => {
          // what had gone out on the socket when the screens were told
          bound.push(latest().sent.length);
        },
      }),
    );
    await allSettled(socketStarted, { scope });
    expect(bound).toEqual([]);

    await server((socket) => {
      socket.open();
    });
    expect(bound).toEqual([1]);

    await server((socket) => {
      socket.emitClose(1006);
    });
    await wait(SOCKET.reconnectDelayMs);
    expect(bound).toEqual([1]);
    await server((socket) => {
      socket.open();
    });
    expect(bound).toEqual([1, 1]);
    expect(latest().sent).toEqual([bind()]);

    // a frame sent while open does not count as binding anew
    await allSettled(frameSent, { scope, params: sub('Digits') });
    expect(bound).toEqual([1, 1]);
  });
});

describe('frames from the server', () => {
  it('answers a ping at once with a pong that carries the same msg', async () => {
    const { latest, server, connect } = await setup();
    await connect();

    await server((socket) => {
      socket.receive({ cmd: 'ping', msg: 1_763_900_015_000 });
    });

    expect(latest().sent.at(-1)).toEqual({ cmd: 'pong', msg: 1_763_900_015_000 });
  });

  it('passes each Data24h push on once, checked and typed', async () => {
    const { pushes, server, connect } = await setup();
    await connect();
    const later = { ...EXAMPLE_TICKER, last_price: '97300.00', time: NOW + 1_000 };

    await server((socket) => {
      socket.receive(dataFrameOf({ func: 'Data24h', topic: 'Data24h', data: [EXAMPLE_TICKER] }));
      socket.receive(dataFrameOf({ func: 'Data24h', topic: 'Data24h', data: [later] }));
    });
    expect(pushes).toEqual([
      { func: 'Data24h', topic: 'Data24h', data: [EXAMPLE_TICKER] },
      { func: 'Data24h', topic: 'Data24h', data: [later] },
    ]);
  });

  it('passes every push on typed', async () => {
    const { pushes, server, connect } = await setup();
    await connect();
    const kline = {
      func: 'Kline',
      topic: 'Kline.1.1m',
      data: {
        symbol_id: '1',
        period: '1m',
        candle: {
          time: NOW,
          open: '1.00',
          high: '2.00',
          low: '0.50',
          close: '1.50',
          volume: '3.0',
        },
      },
    } as const;

    await server((socket) => {
      socket.receive(dataFrameOf(kline));
    });

    expect(pushes).toEqual([kline]);
  });

  it('reports a frame that does not parse, logs it, and goes on with the feed', async () => {
    const { scope, errors, pushes, logs, latest, server, connect } = await setup();
    await connect();

    await server((socket) => {
      socket.receive('{not json');
    });
    await server((socket) => {
      socket.receive({
        cmd: 'data',
        msg: { func: 'Data24h', topic: 'Data24h', data: { wrong: true } },
      });
    });

    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('not JSON');
    expect(errors[1]).toContain('Data24h');
    expect(logs.filter((line) => line.level === 'error')).toHaveLength(2);
    expect(pushes).toEqual([]);

    await server((socket) => {
      socket.receive({ cmd: 'ping', msg: 7 });
      socket.receive(dataFrameOf({ func: 'Data24h', topic: 'Data24h', data: [EXAMPLE_TICKER] }));
    });
    expect(latest().sent.at(-1)).toEqual({ cmd: 'pong', msg: 7 });
    expect(pushes.map((push) => push.data)).toEqual([[EXAMPLE_TICKER]]);
    expect(scope.getState($status)).toBe('open');
  });

  it("reports the server's error frames with the server's message", async () => {
    const { errors, server, connect } = await setup();
    await connect();

    await server((socket) => {
      socket.receive({ cmd: 'error', msg: 'bind: the token is not a live session' });
    });

    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('bind: the token is not a live session');
  });

  it('logs a push of a func it does not know, without an error event', async () => {
    const { errors, pushes, logs, server, connect } = await setup();
    await connect();

    await server((socket) => {
      socket.receive({ cmd: 'data', msg: { func: 'Future', topic: 'Future', data: 1 } });
    });

    expect(errors).toEqual([]);
    expect(pushes).toEqual([]);
    expect(logs.some((line) => line.level === 'warn' && line.message.includes('Future'))).toBe(
      true,
    );
  });
});

describe('topics', () => {
  it('counts holders: one sub for the first, one unsub for the last', async () => {
    const { scope, latest, connect } = await setup();
    await connect();

    await allSettled(topicSubscribed, { scope, params: 'Data24h' });
    await allSettled(topicSubscribed, { scope, params: 'Data24h' });
    expect(scope.getState($topics)).toEqual({ Data24h: 2 });

    await allSettled(topicUnsubscribed, { scope, params: 'Data24h' });
    expect(scope.getState($topics)).toEqual({ Data24h: 1 });
    expect(latest().sent).toEqual([bind(), sub('Data24h')]);

    await allSettled(topicUnsubscribed, { scope, params: 'Data24h' });
    await allSettled(topicUnsubscribed, { scope, params: 'Data24h' });
    expect(scope.getState($topics)).toEqual({});
    expect(latest().sent).toEqual([bind(), sub('Data24h'), unsub('Data24h')]);
  });

  it('does not subscribe on open to a topic dropped while closed', async () => {
    const { scope, latest, connect } = await setup();
    await allSettled(topicSubscribed, { scope, params: 'Digits' });
    await allSettled(topicUnsubscribed, { scope, params: 'Digits' });

    await connect();

    expect(latest().sent).toEqual([bind()]);
  });
});

describe('reconnecting', () => {
  it('reconnects 3 s after a close it did not ask for, then binds and resubscribes', async () => {
    const { scope, sockets, latest, server, wait, connect } = await setup();
    await allSettled(topicSubscribed, { scope, params: 'Data24h' });
    await allSettled(topicSubscribed, { scope, params: 'Kline.1.15m' });
    await connect();

    await server((socket) => {
      socket.emitClose(1006);
    });
    expect(scope.getState($status)).toBe('reconnecting');

    await wait(SOCKET.reconnectDelayMs - 1);
    expect(sockets).toHaveLength(1);

    await wait(1);
    expect(sockets).toHaveLength(2);
    expect(latest().url).toBe(`${WS_URL}?uuid=${UUID}&time=${NOW + SOCKET.reconnectDelayMs}`);

    await server((socket) => {
      socket.open();
    });
    expect(latest().sent).toEqual([bind(), sub('Data24h'), sub('Kline.1.15m')]);
    expect(scope.getState($status)).toBe('open');
  });

  it('queues frames sent while reconnecting and sends them after bind and subs', async () => {
    const { scope, latest, server, wait, connect } = await setup();
    await allSettled(topicSubscribed, { scope, params: 'Digits' });
    await connect();
    await server((socket) => {
      socket.emitClose();
    });

    await allSettled(frameSent, { scope, params: sub('Kline.3.1h') });
    await allSettled(topicSubscribed, { scope, params: 'Data24h' });
    await wait(SOCKET.reconnectDelayMs);
    await server((socket) => {
      socket.open();
    });

    expect(latest().sent).toEqual([bind(), sub('Digits'), sub('Data24h'), sub('Kline.3.1h')]);

    // the queue went out once: the next connection only binds and resubscribes
    await server((socket) => {
      socket.emitClose();
    });
    await wait(SOCKET.reconnectDelayMs);
    await server((socket) => {
      socket.open();
    });
    expect(latest().sent).toEqual([bind(), sub('Digits'), sub('Data24h')]);
  });

  it('keeps a frame sent while the socket is closing and sends it on the next connection', async () => {
    const { scope, latest, server, wait, connect } = await setup();
    await connect();
    // the socket is going away, but its close event has not arrived yet
    latest().readyState = 2;

    await allSettled(frameSent, { scope, params: sub('Kline.1.1d') });
    await server((socket) => {
      socket.emitClose();
    });
    await wait(SOCKET.reconnectDelayMs);
    await server((socket) => {
      socket.open();
    });

    expect(latest().sent).toEqual([bind(), sub('Kline.1.1d')]);
  });

  it('ignores late events of a socket it has replaced', async () => {
    const { scope, sockets, pushes, server, wait, connect } = await setup();
    await connect();
    const first = sockets[0]!;
    await server((socket) => {
      socket.emitClose();
    });
    await wait(SOCKET.reconnectDelayMs);

    first.receive(dataFrameOf({ func: 'Data24h', topic: 'Data24h', data: [EXAMPLE_TICKER] }));
    first.emitClose();
    await allSettled(scope);
    await wait(LONG_WAIT);

    expect(pushes).toEqual([]);
    expect(sockets).toHaveLength(2);
    expect(scope.getState($status)).toBe('reconnecting');
  });

  /** Drops every attempt without opening it and returns the waits before each new attempt. */
  async function waitsBetweenFailures(random: number, attempts: number) {
    const { sockets, server, connect } = await setup({ random });
    await connect();
    const waits: number[] = [];
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      const before = sockets.length;
      await server((socket) => {
        socket.emitClose(1006);
      });
      const droppedAt = Date.now();
      // the only timer left is the reconnect: the connect timeout was cancelled with the drop
      vi.advanceTimersToNextTimer();
      await server(() => undefined);
      expect(sockets).toHaveLength(before + 1);
      waits.push(Date.now() - droppedAt);
    }
    return waits;
  }

  it.each([
    { jitter: 'the highest', random: 0.999_999, wait: 3_300 },
    { jitter: 'the lowest', random: 0, wait: 3_000 },
    { jitter: 'a middle', random: 0.5, wait: 3_150 },
  ])(
    'retries every 3 s however many attempts fail, never backing off ($jitter jitter)',
    async ({ random, wait }) => {
      // the run: with a backoff, the 4th retry waited 12-24 s and prices stayed stale
      expect(await waitsBetweenFailures(random, 8)).toEqual(Array.from({ length: 8 }, () => wait));
    },
  );

  it('retries at once when the browser comes back online, and only once', async () => {
    const { scope, sockets, server, wait, connect } = await setup();
    await connect();
    await allSettled(browserOnline, { scope });
    expect(sockets).toHaveLength(1);

    await server((socket) => {
      socket.emitClose();
    });
    await allSettled(browserOnline, { scope });
    expect(sockets).toHaveLength(2);

    // the 3 s timer of the close is gone: no second attempt beside the one under way
    await wait(SOCKET.reconnectDelayMs * 2);
    expect(sockets).toHaveLength(2);
    expect(scope.getState($status)).toBe('reconnecting');
  });

  it('retries at once when the page becomes visible, and never while it is open', async () => {
    const { scope, sockets, server, wait, connect } = await setup();
    await connect();
    await allSettled(pageVisible, { scope });
    expect(sockets).toHaveLength(1);

    await server((socket) => {
      socket.emitClose(1006);
    });
    await wait(1_000);
    await allSettled(pageVisible, { scope });
    expect(sockets).toHaveLength(2);
    await allSettled(pageVisible, { scope });
    expect(sockets).toHaveLength(2);

    // the 3 s timer of the close is gone; the attempt under way is the only one
    await wait(SOCKET.reconnectDelayMs * 2);
    expect(sockets).toHaveLength(2);
    await server((socket) => {
      socket.open();
    });
    expect(scope.getState($status)).toBe('open');
  });

  it('leaves no earlier timer behind when an online retry fails at once', async () => {
    const { scope, sockets, server, wait, connect } = await setup();
    await connect();
    await server((socket) => {
      socket.emitClose();
    });
    await wait(1_000);
    await allSettled(browserOnline, { scope });

    await server((socket) => {
      socket.emitClose();
    });

    // the retry after this failure is 3 s from it, not from the first failure
    await wait(SOCKET.reconnectDelayMs - 1);
    expect(sockets).toHaveLength(2);
    await wait(1);
    expect(sockets).toHaveLength(3);
  });

  it('closes an attempt that does not open within the connect timeout and retries', async () => {
    const { scope, sockets, latest, server, wait } = await setup();
    await allSettled(socketStarted, { scope });

    await wait(SOCKET.connectTimeoutMs - 1);
    expect(sockets[0]!.closeCalls).toEqual([]);

    await wait(1);
    expect(sockets[0]!.closeCalls).toHaveLength(1);
    expect(scope.getState($status)).toBe('reconnecting');

    await wait(SOCKET.reconnectDelayMs);
    expect(sockets).toHaveLength(2);
    await server((socket) => {
      socket.open();
    });
    expect(latest().sent).toEqual([bind()]);

    // a socket that opened in time is never closed by the timer, and no timer is left running
    expect(vi.getTimerCount()).toBe(0);
    await wait(SOCKET.connectTimeoutMs * 2);
    expect(latest().closeCalls).toEqual([]);
  });
});

describe('stopping', () => {
  it('closes the socket on socketStopped and never reconnects', async () => {
    const { scope, sockets, server, wait, connect } = await setup();
    await connect();

    await allSettled(socketStopped, { scope });
    expect(sockets[0]!.closeCalls).toHaveLength(1);
    expect(scope.getState($status)).toBe('closed');

    // the close event that follows close() is not a close the client did not ask for
    await server((socket) => {
      socket.emitClose(1000);
    });
    await allSettled(browserOnline, { scope });
    await wait(LONG_WAIT);
    expect(sockets).toHaveLength(1);
  });

  it('cancels a pending reconnect', async () => {
    const { scope, sockets, server, wait, connect } = await setup();
    await connect();
    await server((socket) => {
      socket.emitClose();
    });

    await allSettled(socketStopped, { scope });
    await wait(LONG_WAIT);

    expect(sockets).toHaveLength(1);
    expect(scope.getState($status)).toBe('closed');
  });

  it('leaves no pending reconnect to fire after the next socketStarted', async () => {
    const { scope, sockets, server, wait, connect } = await setup();
    await connect();
    await server((socket) => {
      socket.emitClose();
    });
    await allSettled(socketStopped, { scope });
    await wait(1_000);

    await allSettled(socketStarted, { scope });
    await server((socket) => {
      socket.emitClose();
    });

    await wait(SOCKET.reconnectDelayMs - 1);
    expect(sockets).toHaveLength(2);
    await wait(1);
    expect(sockets).toHaveLength(3);
  });

  it('forgets the queue and opens afresh on the next socketStarted', async () => {
    const { scope, sockets, latest, server, connect } = await setup();
    await allSettled(topicSubscribed, { scope, params: 'Data24h' });
    await allSettled(frameSent, { scope, params: unsub('Digits') });
    await allSettled(socketStarted, { scope });
    await allSettled(socketStopped, { scope });

    await connect();

    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.closeCalls).toHaveLength(1);
    expect(latest().sent).toEqual([bind(), sub('Data24h')]);
    await server((socket) => {
      socket.receive({ cmd: 'ping', msg: 3 });
    });
    expect(latest().sent.at(-1)).toEqual({ cmd: 'pong', msg: 3 });
  });
});

describe('scopes', () => {
  it('keeps two scopes apart', async () => {
    const one = await setup();
    const two = await setup();

    await one.connect();

    expect(one.sockets).toHaveLength(1);
    expect(two.sockets).toHaveLength(0);
    expect(one.scope.getState($status)).toBe('open');
    expect(two.scope.getState($status)).toBe('idle');
    expect(two.scope.getState($socketConfig).token).toBe(TOKEN);
  });
});

describe('reconnectDelay', () => {
  it('is 3 s plus at most 0.3 s of jitter, never less than 3 s', () => {
    expect(reconnectDelay(0)).toBe(3_000);
    expect(reconnectDelay(0.5)).toBe(3_150);
    expect(reconnectDelay(0.999_999)).toBe(3_300);
    expect(reconnectDelay(-1)).toBe(3_000);
    expect(reconnectDelay(7)).toBe(3_000 + SOCKET.reconnectJitterMs);
  });
});

describe('readServerFrame', () => {
  it('never throws, whatever arrives', () => {
    for (const data of ['', 'null', '[]', '{"cmd":"data"}', new ArrayBuffer(2), 42]) {
      expect(readServerFrame(data).kind).toBe('error');
    }
  });
});

describe('freshness', () => {
  it('is live while the feed is open, stale from the moment it drops, live again when it reopens', async () => {
    const { scope, connect, server, wait } = await setup();
    await connect();
    expect(scope.getState($staleSince)).toBeNull();

    await wait(5_000);
    await server((socket) => {
      socket.emitClose();
    });
    expect(scope.getState($staleSince)).toBe(NOW + 5_000);

    // a second failed attempt keeps the first moment
    await wait(LONG_WAIT);
    await server((socket) => {
      socket.emitClose();
    });
    expect(scope.getState($staleSince)).toBe(NOW + 5_000);

    await wait(LONG_WAIT);
    await server((socket) => {
      socket.open();
    });
    expect(scope.getState($staleSince)).toBeNull();
  });

  it('is stale while the browser is offline, even with the socket still open', async () => {
    const { scope, connect, wait } = await setup();
    await connect();
    await wait(1_000);
    await allSettled(browserOffline, { scope });
    expect(scope.getState($online)).toBe(false);
    expect(scope.getState($staleSince)).toBe(NOW + 1_000);

    await allSettled(browserOnline, { scope });
    expect(scope.getState($online)).toBe(true);
    expect(scope.getState($staleSince)).toBeNull();
  });

  it('says nothing before the feed is started, on its first connection, or once stopped', async () => {
    const { scope, server } = await setup();
    await allSettled(browserOffline, { scope });
    expect(scope.getState($staleSince)).toBeNull();
    await allSettled(browserOnline, { scope });

    await allSettled(socketStarted, { scope });
    expect(scope.getState($staleSince)).toBeNull();
    await server((socket) => {
      socket.open();
    });
    await server((socket) => {
      socket.emitClose();
    });
    expect(scope.getState($staleSince)).not.toBeNull();
    await allSettled(socketStopped, { scope });
    expect(scope.getState($staleSince)).toBeNull();
  });
});

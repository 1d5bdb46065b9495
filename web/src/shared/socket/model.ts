import type { ClientFrame, PushMessage } from '@bourse/protocol';
import { CMD, SOCKET, socketUrl, type Topic } from '@bourse/protocol/socket/wire';
import {
  attach,
  createEffect,
  createEvent,
  createStore,
  sample,
  scopeBind,
  type EventPayload,
} from 'effector';
import type { ServerFrameReading } from './frames.ts';

export type { ServerFrameReading } from './frames.ts';

// ---- what the model needs from the outside world -----------------------------------------

export interface SocketCloseEvent {
  readonly code: number;
  readonly reason: string;
}

export interface SocketMessageEvent {
  readonly data: unknown;
}

/** The part of a browser WebSocket the feed uses; tests put a fake in `$socketFactory`. */
export interface SocketLike {
  /** 0 connecting, 1 open, 2 closing, 3 closed (the WebSocket values) */
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'close', listener: (event: SocketCloseEvent) => void): void;
  addEventListener(type: 'message', listener: (event: SocketMessageEvent) => void): void;
}

/** Opens a socket to an absolute ws:// or wss:// address. */
export type SocketFactory = (url: string) => SocketLike;

/** Reads one frame from the server (`readServerFrame` in ./frames.ts). */
export type FrameReader = (data: unknown) => ServerFrameReading;

export interface SocketLogger {
  error(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
}

export interface SocketConfig {
  /** WS_URL: an absolute ws:// or wss:// address */
  readonly url: string;
  /** the per-install id */
  readonly uuid: string;
  /** the session token; null for a guest (then no `bind` is sent) */
  readonly token: string | null;
}

/**
 * - idle: never started;
 * - connecting: the first attempt after `socketStarted` is under way;
 * - open: bound and subscribed, frames go straight out;
 * - reconnecting: the feed was lost and is waiting for, or making, another attempt;
 * - closed: stopped on purpose (`socketStopped`).
 */
export type SocketStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** How many screens hold each topic. */
export type TopicCounts = Readonly<Partial<Record<Topic, number>>>;

const OPEN = 1;
const NORMAL_CLOSURE = 1000;

type Timer = ReturnType<typeof setTimeout>;

// ---- pure helpers --------------------------------------------------------------------------

/**
 * How long to wait before the next attempt: the protocol's 3 s after every close or failed
 * attempt (SPEC.md: the feed reconnects 3 s after a close), however many failed before, plus up
 * to 0.3 s drawn from `random` in [0, 1), so that a crowd of clients dropped at once spreads out
 * yet none retries sooner than 3 s. No growing backoff: a server back up is seen within 3.3 s.
 */
export function reconnectDelay(random: number): number {
  const jitter = Math.min(1, Math.max(0, random));
  return SOCKET.reconnectDelayMs + Math.round(SOCKET.reconnectJitterMs * jitter);
}

const heldTopics = (counts: TopicCounts): Topic[] =>
  (Object.keys(counts) as Topic[]).filter((topic) => (counts[topic] ?? 0) > 0);

const withTopicAdded = (counts: TopicCounts, topic: Topic): TopicCounts => ({
  ...counts,
  [topic]: (counts[topic] ?? 0) + 1,
});

const withTopicRemoved = (counts: TopicCounts, topic: Topic): TopicCounts => {
  const held = counts[topic] ?? 0;
  if (held === 0) return counts;
  if (held > 1) return { ...counts, [topic]: held - 1 };
  return Object.fromEntries(Object.entries(counts).filter(([key]) => key !== topic));
};

/** An open connection and what the server has been told on it. */
interface Connection {
  readonly socket: SocketLike;
  readonly token: string | null;
  readonly topics: readonly Topic[];
}

const bindFrames = (token: string | null): ClientFrame[] =>
  token === null || token === '' ? [] : [{ cmd: CMD.bind, msg: token }];

// ---- public units --------------------------------------------------------------------------

/** The user is logged in: open the feed and keep it open. */
export const socketStarted = createEvent();
/** The user logged out: close the feed on purpose and do not reconnect. */
export const socketStopped = createEvent();
/** The browser came back online: a waiting reconnect is tried at once. */
export const browserOnline = createEvent();
/** The page became visible again (`visibilitychange`): a waiting reconnect is tried at once. */
export const pageVisible = createEvent();

/** Fed by the app from the runtime config (WS_URL) and the session (uuid, token). */
export const $socketConfig = createStore<SocketConfig>(
  { url: '', uuid: '', token: null },
  { serialize: 'ignore' },
);
export const socketConfigChanged = createEvent<SocketConfig>();

/** Opens sockets; tests put a fake in with `fork({ values })`. */
export const $socketFactory = createStore<SocketFactory>((url) => new WebSocket(url), {
  serialize: 'ignore',
});
/** Where unreadable and refused frames are logged. */
export const $socketLogger = createStore<SocketLogger>(console, { serialize: 'ignore' });
/** The source of the reconnect jitter, in [0, 1). */
export const $socketRandom = createStore<() => number>(() => Math.random(), {
  serialize: 'ignore',
});
/**
 * Loads the frame reader. It carries the schema of every push, and through them most of the
 * endpoint catalogue, so it is loaded when the feed first starts (after sign-in), not with the
 * app: a guest's first screen never pays for it. Tests may put in a loader of their own.
 */
export const $frameReaderLoader = createStore<() => Promise<FrameReader>>(
  () => import('./frames.ts').then((frames) => frames.readServerFrame),
  { serialize: 'ignore' },
);
/** The clock that stamps the socket URL's `time`. */
export const $socketClock = createStore<() => number>(() => Date.now(), { serialize: 'ignore' });

/** A screen wants a topic's pushes (call `topicUnsubscribed` when it leaves). */
export const topicSubscribed = createEvent<Topic>();
/** A screen no longer wants a topic's pushes. */
export const topicUnsubscribed = createEvent<Topic>();
/** Any client frame; sent at once when open, otherwise queued and sent, in order, on open. */
export const frameSent = createEvent<ClientFrame>();

/**
 * Every push the server sent, its data checked against its func: each frame is parsed and
 * checked once, here, whoever listens. Models that keep live data apply it at most once per
 * frame (`perFrame` in `#shared/lib`).
 */
export const pushReceived = createEvent<PushMessage>();
/**
 * The feed is open and bound (again): pushes from here on arrive. A push the server sent while
 * it was not is lost, so a screen waiting on one asks the server again on this.
 */
export const feedBound = createEvent();
/** A frame that did not parse, or an error frame from the server; the feed goes on. */
export const socketErrored = createEvent<string>();

export const $status = createStore<SocketStatus>('idle', { serialize: 'ignore' });
/** How many holders each topic has; the server is subscribed to every topic held. */
export const $topics = createStore<TopicCounts>({}, { serialize: 'ignore' });

// ---- internal state ------------------------------------------------------------------------

/** Null until the first start has loaded it. */
const $frameReader = createStore<FrameReader | null>(null, { serialize: 'ignore' });
/** Between `socketStarted` and `socketStopped`. */
const $wanted = createStore(false, { serialize: 'ignore' });
/** The socket of the current attempt or connection; null while waiting or stopped. */
const $socket = createStore<SocketLike | null>(null, { serialize: 'ignore' });
/** Null unless the current socket is open. */
const $connection = createStore<Connection | null>(null, { serialize: 'ignore' });
const $queue = createStore<readonly ClientFrame[]>([], { serialize: 'ignore' });
const $connectTimer = createStore<Timer | null>(null, { serialize: 'ignore' });
const $reconnectTimer = createStore<Timer | null>(null, { serialize: 'ignore' });

// what the browser reports, through scopeBind
const socketOpened = createEvent<SocketLike>();
const socketClosed = createEvent<{ socket: SocketLike; event: SocketCloseEvent }>();
const messageReceived = createEvent<{ socket: SocketLike; data: unknown }>();
const connectTimedOut = createEvent<SocketLike>();
const reconnectDue = createEvent();

const connectRequested = createEvent();
const connectionLost = createEvent();

// ---- effects -------------------------------------------------------------------------------

// Each of these reads its store through `attach`'s own handler rather than an inner effect: the
// module makes them as the app loads, and an inner effect each costs a phone about 2 ms.
const loadFrameReaderFx = attach({
  source: $frameReaderLoader,
  effect: (load: () => Promise<FrameReader>) => load(),
});

const openSocketFx = attach({
  source: { config: $socketConfig, factory: $socketFactory, clock: $socketClock },
  effect: ({
    config,
    factory,
    clock,
  }: {
    config: SocketConfig;
    factory: SocketFactory;
    clock: () => number;
  }): SocketLike => {
    const opened = scopeBind(socketOpened, { safe: true });
    const closed = scopeBind(socketClosed, { safe: true });
    const received = scopeBind(messageReceived, { safe: true });
    const socket = factory(socketUrl(config.url, config.uuid, clock()));
    socket.addEventListener('open', () => {
      opened(socket);
    });
    socket.addEventListener('close', (event) => {
      closed({ socket, event });
    });
    socket.addEventListener('message', (event) => {
      received({ socket, data: event.data });
    });
    return socket;
  },
});

const closeSocketFx = createEffect((socket: SocketLike) => {
  socket.close(NORMAL_CLOSURE, 'closed by the client');
});

/** Sends frames in order; returns those the socket could not take. */
const sendFramesFx = createEffect(
  ({ socket, frames }: { socket: SocketLike; frames: readonly ClientFrame[] }): ClientFrame[] => {
    const unsent: ClientFrame[] = [];
    for (const frame of frames) {
      if (unsent.length > 0 || socket.readyState !== OPEN) {
        unsent.push(frame);
        continue;
      }
      try {
        socket.send(JSON.stringify(frame));
      } catch {
        unsent.push(frame);
      }
    }
    return unsent;
  },
);

/** One frame from `frameSent`: out at once when open, otherwise back for the queue. */
const deliverFrameFx = attach({
  source: $connection,
  effect: (connection: Connection | null, frame: ClientFrame): ClientFrame[] => {
    const socket = connection?.socket;
    if (socket?.readyState !== OPEN) return [frame];
    try {
      socket.send(JSON.stringify(frame));
      return [];
    } catch {
      return [frame];
    }
  },
});

const logSocketFx = attach({
  source: $socketLogger,
  effect: (logger: SocketLogger, entry: LogEntry) => {
    logger[entry.level](`live feed: ${entry.message}`, ...entry.details);
  },
});

interface LogEntry {
  readonly level: 'error' | 'warn';
  readonly message: string;
  readonly details: readonly unknown[];
}

const startConnectTimerFx = createEffect((socket: SocketLike): Timer => {
  const timedOut = scopeBind(connectTimedOut, { safe: true });
  return setTimeout(() => {
    timedOut(socket);
  }, SOCKET.connectTimeoutMs);
});

const scheduleReconnectFx = attach({
  source: $socketRandom,
  effect: (random: () => number) => {
    const due = scopeBind(reconnectDue, { safe: true });
    return setTimeout(() => {
      due();
    }, reconnectDelay(random()));
  },
});

const clearTimer = (timer: Timer | null) => {
  if (timer !== null) clearTimeout(timer);
};
const cancelConnectTimerFx = attach({ source: $connectTimer, effect: clearTimer });
const cancelReconnectFx = attach({ source: $reconnectTimer, effect: clearTimer });

$connectTimer
  .on(startConnectTimerFx.doneData, (_, timer) => timer)
  .reset(cancelConnectTimerFx.finally, connectTimedOut);
$reconnectTimer
  .on(scheduleReconnectFx.doneData, (_, timer) => timer)
  .reset(cancelReconnectFx.finally, reconnectDue);

// ---- starting and stopping -----------------------------------------------------------------

sample({ clock: socketConfigChanged, target: $socketConfig });

const startAccepted = sample({
  clock: socketStarted,
  source: $wanted,
  filter: (wanted) => !wanted,
});
/** carries the socket to close, if any */
const stopAccepted = sample({
  clock: socketStopped,
  source: { wanted: $wanted, socket: $socket },
  filter: ({ wanted }) => wanted,
  fn: ({ socket }) => socket,
});

$wanted.on(startAccepted, () => true).reset(stopAccepted);

sample({ clock: startAccepted, target: connectRequested });
sample({
  clock: stopAccepted,
  filter: (socket): socket is SocketLike => socket !== null,
  target: closeSocketFx,
});
sample({ clock: stopAccepted, target: [cancelConnectTimerFx, cancelReconnectFx] });

// ---- connecting ----------------------------------------------------------------------------

$frameReader.on(loadFrameReaderFx.doneData, (_, reader) => reader);

// The first attempt loads the frame reader first; a failed load (offline) is retried like a
// connection that failed, and an attempt made after a stop opens nothing.
sample({
  clock: connectRequested,
  source: $frameReader,
  filter: (reader) => reader === null,
  target: loadFrameReaderFx,
});
sample({
  clock: connectRequested,
  source: $frameReader,
  filter: (reader) => reader !== null,
  target: openSocketFx,
});
sample({ clock: loadFrameReaderFx.done, filter: $wanted, target: openSocketFx });
sample({
  clock: loadFrameReaderFx.failData,
  filter: $wanted,
  fn: (error): LogEntry => ({
    level: 'error',
    message: 'could not load the frame reader',
    details: [error],
  }),
  target: [logSocketFx, connectionLost],
});
sample({ clock: openSocketFx.doneData, target: startConnectTimerFx });
sample({
  clock: openSocketFx.failData,
  fn: (error): LogEntry => ({
    level: 'error',
    message: 'could not open the socket',
    details: [error],
  }),
  target: [logSocketFx, connectionLost],
});

const connectionOpened = sample({
  clock: socketOpened,
  source: { socket: $socket, config: $socketConfig, topics: $topics, queue: $queue },
  filter: ({ socket }, opened) => socket === opened,
  fn: ({ config, topics, queue }, socket) => {
    const held = heldTopics(topics);
    return {
      connection: { socket, token: config.token, topics: held },
      // bind first, then every topic held, then whatever was queued, in order
      frames: [
        ...bindFrames(config.token),
        ...held.map((topic): ClientFrame => ({ cmd: CMD.sub, msg: topic })),
        ...queue,
      ],
    };
  },
});

/** The frames a connection opens with: bind, the topics held, the queue. */
const openingFramesFx = attach({ effect: sendFramesFx });
sample({
  clock: connectionOpened,
  fn: ({ connection, frames }) => ({ socket: connection.socket, frames }),
  target: openingFramesFx,
});
sample({ clock: connectionOpened, target: cancelConnectTimerFx });
// once the bind frame is out, so a call made on this reaches the server after it
sample({
  clock: openingFramesFx.done,
  source: $socket,
  filter: (current, { params }) => current === params.socket,
  fn: () => undefined,
  target: feedBound,
});

const attemptTimedOut = sample({
  clock: connectTimedOut,
  source: { socket: $socket, status: $status },
  filter: ({ socket, status }, timedOut) => socket === timedOut && status !== 'open',
  fn: (_, timedOut) => timedOut,
});
sample({ clock: attemptTimedOut, target: [closeSocketFx, connectionLost] });

const currentSocketClosed = sample({
  clock: socketClosed,
  source: $socket,
  filter: (current, { socket }) => current === socket,
  fn: (_, { event }) => event,
});
sample({
  clock: currentSocketClosed,
  fn: ({ code, reason }): LogEntry => ({
    level: 'warn',
    message: `the socket closed (${code}${reason ? ` ${reason}` : ''}); reconnecting`,
    details: [],
  }),
  target: [logSocketFx, connectionLost],
});

// ---- reconnecting --------------------------------------------------------------------------

sample({ clock: connectionLost, target: [cancelConnectTimerFx, scheduleReconnectFx] });

sample({
  clock: reconnectDue,
  source: { wanted: $wanted, socket: $socket },
  filter: ({ wanted, socket }) => wanted && socket === null,
  target: connectRequested,
});

// Back online, or the page shown again: a waiting reconnect does not wait out its 3 s.
const retriedAtOnce = sample({
  clock: [browserOnline, pageVisible],
  source: { wanted: $wanted, socket: $socket, status: $status },
  filter: ({ wanted, socket, status }) => wanted && socket === null && status === 'reconnecting',
});
sample({ clock: retriedAtOnce, target: [cancelReconnectFx, connectRequested] });

$socket.on(openSocketFx.doneData, (_, socket) => socket).reset(connectionLost, stopAccepted);
$connection
  .on(connectionOpened, (_, { connection }) => connection)
  .reset(connectionLost, stopAccepted);
$status
  .on(connectRequested, (status) => (status === 'reconnecting' ? status : 'connecting'))
  .on(connectionOpened, () => 'open')
  .on(connectionLost, () => 'reconnecting')
  .on(stopAccepted, () => 'closed');

// ---- frames out ----------------------------------------------------------------------------

$topics.on(topicSubscribed, withTopicAdded).on(topicUnsubscribed, withTopicRemoved);

interface ConnectionState {
  readonly connection: Connection | null;
  readonly topics: TopicCounts;
  readonly config: SocketConfig;
}
const isConnected = (
  state: ConnectionState,
): state is ConnectionState & { readonly connection: Connection } => state.connection !== null;

/**
 * Tells an open connection what changed: a topic gained its first holder or lost its last, or
 * the session token changed. Works from the difference with what the server was told, so
 * several changes in one tick send only their net effect.
 */
const connectionUpdated = sample({
  clock: [$topics, $socketConfig],
  source: { connection: $connection, topics: $topics, config: $socketConfig },
  filter: isConnected,
  fn: ({ connection, topics, config }) => {
    const held = heldTopics(topics);
    const rebind = config.token !== null && config.token !== connection.token;
    return {
      connection: { ...connection, token: rebind ? config.token : connection.token, topics: held },
      frames: [
        ...(rebind ? bindFrames(config.token) : []),
        ...held
          .filter((topic) => !connection.topics.includes(topic))
          .map((topic): ClientFrame => ({ cmd: CMD.sub, msg: topic })),
        ...connection.topics
          .filter((topic) => !held.includes(topic))
          .map((topic): ClientFrame => ({ cmd: CMD.unsub, msg: topic })),
      ],
    };
  },
});
$connection.on(connectionUpdated, (_, { connection }) => connection);
sample({
  clock: connectionUpdated,
  filter: ({ frames }) => frames.length > 0,
  fn: ({ connection, frames }) => ({ socket: connection.socket, frames }),
  target: sendFramesFx,
});

sample({ clock: frameSent, target: deliverFrameFx });
$queue
  .on(deliverFrameFx.doneData, (queue, unsent) =>
    unsent.length > 0 ? [...queue, ...unsent] : queue,
  )
  .reset(connectionOpened, stopAccepted);

// ---- frames in -----------------------------------------------------------------------------

// a socket opens only once the reader is loaded: a current socket's frames always have one
const frameRead = sample({
  clock: messageReceived,
  source: { current: $socket, read: $frameReader },
  filter: ({ current }, { socket }) => current === socket,
  fn: ({ read }, { socket, data }) => ({
    socket,
    reading: read?.(data) ?? { kind: 'error' as const, message: 'no frame reader', details: [] },
  }),
});

type FrameRead = EventPayload<typeof frameRead>;
type ReadingOf<K extends ServerFrameReading['kind']> = Extract<ServerFrameReading, { kind: K }>;
const readingIs =
  <K extends ServerFrameReading['kind']>(kind: K) =>
  (read: FrameRead): read is FrameRead & { reading: ReadingOf<K> } =>
    read.reading.kind === kind;

const isPing = readingIs('ping');
const isPush = readingIs('push');
const isError = readingIs('error');
const isUnknown = readingIs('unknown');

sample({
  clock: frameRead,
  filter: isPing,
  fn: ({ socket, reading }) => ({
    socket,
    frames: [{ cmd: CMD.pong, msg: reading.msg } satisfies ClientFrame],
  }),
  target: sendFramesFx,
});
sample({
  clock: frameRead,
  filter: isPush,
  fn: ({ reading }) => reading.push,
  target: pushReceived,
});
const frameRejected = sample({
  clock: frameRead,
  filter: isError,
  fn: ({ reading }) => reading,
});
sample({ clock: frameRejected, fn: ({ message }) => message, target: socketErrored });
sample({
  clock: frameRejected,
  fn: ({ message, details }): LogEntry => ({ level: 'error', message, details }),
  target: logSocketFx,
});
sample({
  clock: frameRead,
  filter: isUnknown,
  fn: ({ reading }): LogEntry => ({
    level: 'warn',
    message: `ignored a push of unknown func ${reading.func}`,
    details: [],
  }),
  target: logSocketFx,
});

// ---- freshness: what the screens tell while the live numbers are not live ------------------

/** The browser went offline (its `offline` event). */
export const browserOffline = createEvent();
/** Whether the browser says it is online; actions that need the server are off while it is not. */
export const $online = createStore(true, { serialize: 'ignore' })
  .on(browserOffline, () => false)
  .on(browserOnline, () => true);

/**
 * When the live numbers on screen stopped being live (the feed dropped, or the browser went
 * offline while it was open); null while they are live or no feed runs. Read by the one
 * indicator of each screen, never by its rows, so a change re-renders no row.
 */
export const $staleSince = createStore<number | null>(null, { serialize: 'ignore' });

const wentStale = sample({
  clock: [connectionLost, browserOffline],
  source: { since: $staleSince, wanted: $wanted, clock: $socketClock },
  filter: ({ since, wanted }) => wanted && since === null,
  fn: ({ clock }) => clock(),
});
sample({ clock: wentStale, target: $staleSince });
// Live again: the feed is open with the browser online (an open socket may outlive a lost
// network unnoticed, so coming back online with it still open counts too).
sample({
  clock: connectionOpened,
  source: $online,
  filter: (online) => online,
  fn: () => null,
  target: $staleSince,
});
sample({
  clock: browserOnline,
  source: $status,
  filter: (status) => status === 'open',
  fn: () => null,
  target: $staleSince,
});
$staleSince.reset(stopAccepted);

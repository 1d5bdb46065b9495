import {
  clientFrame,
  isTopic,
  parseKlineTopic,
  SOCKET,
  TIME_WINDOW_MS,
  type ServerFrame,
} from '@bourse/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { Auth } from '../engine/users/auth.ts';
import type { Exchange } from '../engine/exchange.ts';

export interface GatewayOptions {
  exchange: Exchange;
  allowedOrigins: readonly string[];
  pingIntervalMs: number;
  wallClock: () => number;
  /**
   * Whether the market has this symbol: a per-symbol topic (`Kline.{symbolId}.{period}`) of any
   * other symbol is refused, so made-up ids cannot pile up topics the feed walks every tick.
   */
  knownSymbol: (symbolId: string) => boolean;
}

/**
 * What one socket may cost the others (issue 25: 300 000 made-up topics from one socket stalled
 * every client's Data24h). docs/mock-server.md, "Socket limits".
 */
export const SOCKET_LIMITS = {
  /**
   * Topics one socket may hold. The web holds a handful (Data24h, Digits, a Kline or two while a
   * chart is open) and the bench one; a `sub` beyond this gets an error frame and is not added.
   */
  maxTopics: 64,
  /**
   * Frames a socket may send in one window of `frameWindowMs` (a fixed window: a counter and the
   * window's start, no timer). The web sends a bind and a few subs on open and a pong every 15 s;
   * a socket over this is closed with 1008 (policy violation).
   */
  maxFramesPerWindow: 100,
  frameWindowMs: 1_000,
  /**
   * Bytes that may wait to go out to one socket (`bufferedAmount`: ws's queue and the TCP
   * socket's) before another frame is sent to it: some 90 s of Data24h (12 KB a second). Over it,
   * the socket is dropped as a slow consumer.
   */
  maxBufferedBytes: 1024 * 1024,
} as const;

export interface SocketGateway {
  /** sends a push to every socket subscribed to `topic` */
  publish(topic: string, func: string, data: unknown): void;
  /** sends a private push to every socket bound to a live session of the user */
  pushToUser(userId: string, func: string, data: unknown): void;
  /** how many sockets are open, and how many subscribe to a topic */
  count(topic?: string): number;
  /** every topic at least one socket subscribes to */
  topics(): Set<string>;
  close(): void;
}

interface Connection {
  socket: WebSocket;
  topics: Set<string>;
  /** the MD5 of the token it was bound with, while bound */
  tokenMd5: string | null;
  userId: string | null;
  missedPongs: number;
  /** when the current window of frames from the client started (performance.now()) */
  windowStartMs: number;
  /** frames the client sent in the current window; once shut, frames it sent since */
  framesInWindow: number;
  /** closed for flooding: its further frames are not handled */
  shut: boolean;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Browsers send Origin; a socket from another site is refused unless listed. */
function originAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowed.includes('*') || allowed.includes(origin)) return true;
  try {
    const url = new URL(origin);
    return url.host === request.headers.host || LOCAL_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

/**
 * The live feed (PROTOCOL.md §3): bind, sub, unsub, ping/pong and error frames, a topic set per
 * socket, and pushes to topics or to a user's bound sockets.
 */
export function socketGateway(app: FastifyInstance, options: GatewayOptions): SocketGateway {
  const { exchange } = options;
  const connections = new Set<Connection>();

  /** A frame as the bytes of a text frame, made once however many sockets it goes to. */
  const encode = (frame: ServerFrame): Buffer => Buffer.from(JSON.stringify(frame), 'utf8');
  const sendEncoded = (connection: Connection, bytes: Buffer): void => {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > SOCKET_LIMITS.maxBufferedBytes) {
      // A slow consumer: it has not read the last megabyte. Dropped, as exchanges' market-data
      // gateways commonly disconnect a client whose outgoing queue is full, rather than skipping
      // pushes: a skipped Order or Balance push would leave its screen wrong with nothing to say
      // so, while a dropped client reconnects (3 s, SPEC.md §8), subscribes again and gets fresh
      // snapshots. Terminated, not closed: a close frame would wait behind the very megabyte the
      // client is not reading (it sees 1006), and the memory is freed now. Nothing waits for it:
      // the others' sends never queued behind its, as each socket has its own buffer.
      connections.delete(connection);
      socket.terminate();
      return;
    }
    socket.send(bytes, { binary: false });
  };
  const send = (connection: Connection, frame: ServerFrame): void => {
    sendEncoded(connection, encode(frame));
  };
  const refuse = (connection: Connection, reason: string): void => {
    send(connection, { cmd: 'error', msg: reason });
  };

  const handle = (connection: Connection, raw: string): void => {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      refuse(connection, 'frame is not JSON');
      return;
    }
    const parsed = clientFrame.safeParse(json);
    if (!parsed.success) {
      refuse(connection, 'unknown command or malformed frame');
      return;
    }
    const frame = parsed.data;
    switch (frame.cmd) {
      case 'bind': {
        const tokenMd5 = Auth.tokenMd5(frame.msg);
        const session = exchange.auth.touchSession(tokenMd5);
        connection.tokenMd5 = session ? tokenMd5 : null;
        connection.userId = session?.user_id ?? null;
        if (!session) refuse(connection, 'bind: the token is not a live session');
        return;
      }
      case 'sub': {
        if (!isTopic(frame.msg)) {
          refuse(connection, `sub: unknown topic ${frame.msg}`);
          return;
        }
        const kline = parseKlineTopic(frame.msg);
        if (kline && !options.knownSymbol(kline.symbolId)) {
          refuse(connection, `sub: unknown symbol ${kline.symbolId}`);
          return;
        }
        if (
          !connection.topics.has(frame.msg) &&
          connection.topics.size >= SOCKET_LIMITS.maxTopics
        ) {
          refuse(
            connection,
            `sub: at most ${String(SOCKET_LIMITS.maxTopics)} topics a socket, unsub one first`,
          );
          return;
        }
        connection.topics.add(frame.msg);
        return;
      }
      case 'unsub':
        connection.topics.delete(frame.msg);
        return;
      case 'pong':
        connection.missedPongs = 0;
        return;
    }
  };

  /**
   * Counts a frame from the client; true when it is not to be handled: the client went over the
   * rate and is closed. Frames already on their way when it went over are ignored; a client that
   * sends ten windows' worth more has not stopped for the close frame and is cut off (1006).
   */
  const flooding = (connection: Connection): boolean => {
    if (connection.shut) {
      connection.framesInWindow += 1;
      if (connection.framesInWindow > 10 * SOCKET_LIMITS.maxFramesPerWindow) {
        connection.socket.terminate();
      }
      return true;
    }
    const now = performance.now();
    if (now - connection.windowStartMs >= SOCKET_LIMITS.frameWindowMs) {
      connection.windowStartMs = now;
      connection.framesInWindow = 0;
    }
    connection.framesInWindow += 1;
    if (connection.framesInWindow <= SOCKET_LIMITS.maxFramesPerWindow) return false;
    connection.shut = true;
    connection.framesInWindow = 0;
    connections.delete(connection);
    connection.socket.close(
      1008,
      `too many frames: at most ${String(SOCKET_LIMITS.maxFramesPerWindow)} a second`,
    );
    return true;
  };

  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!originAllowed(request, options.allowedOrigins)) {
          return reply.code(403).send({ code: 403, msg: 'origin not allowed', data: null });
        }
        const query = request.query as Record<string, string | undefined>;
        const time = Number(query['time']);
        if (!query['uuid'] || !Number.isSafeInteger(time)) {
          return reply.code(400).send({ code: 400, msg: 'uuid and time are required', data: null });
        }
        if (Math.abs(options.wallClock() - time) > TIME_WINDOW_MS) {
          return reply.code(403).send({ code: 403, msg: 'request expired', data: null });
        }
      },
    },
    (socket) => {
      const connection: Connection = {
        socket,
        topics: new Set(),
        tokenMd5: null,
        userId: null,
        missedPongs: 0,
        windowStartMs: performance.now(),
        framesInWindow: 0,
        shut: false,
      };
      connections.add(connection);
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        if (flooding(connection)) return;
        if (isBinary) refuse(connection, 'frames are JSON text');
        else handle(connection, data.toString('utf8'));
      });
      socket.on('close', () => connections.delete(connection));
      socket.on('error', () => connections.delete(connection));
    },
  );

  const pinger = setInterval(() => {
    let ping: Buffer | null = null;
    for (const connection of connections) {
      if (connection.missedPongs >= SOCKET.missedPongsAllowed) {
        connection.socket.terminate();
        connections.delete(connection);
        continue;
      }
      connection.missedPongs += 1;
      ping ??= encode({ cmd: 'ping', msg: options.wallClock() });
      sendEncoded(connection, ping);
    }
  }, options.pingIntervalMs);
  pinger.unref();

  return {
    publish(topic, func, data) {
      // Serialised at most once, and only when someone listens: a tick goes to every subscriber.
      let bytes: Buffer | null = null;
      for (const connection of connections) {
        if (!connection.topics.has(topic)) continue;
        bytes ??= encode({ cmd: 'data', msg: { func, topic, data } });
        sendEncoded(connection, bytes);
      }
    },
    pushToUser(userId, func, data) {
      let bytes: Buffer | null = null;
      for (const connection of connections) {
        if (connection.userId !== userId || connection.tokenMd5 === null) continue;
        if (!exchange.auth.liveSession(connection.tokenMd5)) {
          connection.userId = null;
          connection.tokenMd5 = null;
          continue;
        }
        bytes ??= encode({ cmd: 'data', msg: { func, topic: func, data } });
        sendEncoded(connection, bytes);
      }
    },
    count(topic) {
      if (topic === undefined) return connections.size;
      return [...connections].filter((connection) => connection.topics.has(topic)).length;
    },
    topics() {
      const topics = new Set<string>();
      for (const connection of connections)
        for (const topic of connection.topics) topics.add(topic);
      return topics;
    },
    close() {
      clearInterval(pinger);
      for (const connection of connections) connection.socket.close(1001, 'server shutting down');
      connections.clear();
    },
  };
}

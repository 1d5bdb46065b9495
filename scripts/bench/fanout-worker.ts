// One worker thread of the socket fan-out (fanout.ts): opens its share of the clients, subscribes
// each to Data24h, answers the server's pings and timestamps every Data24h frame on the absolute
// clock (`clockMs`), which the main thread's control call shares. Receiving 1 000 frames per push
// is the clients' work, not the server's: spread over threads, one thread's queue of receipts no
// longer adds to every later socket's latency.
//
// The main thread asks, the worker answers (FanoutRequest → FanoutReply):
//   open                                    → opened (which sockets, connect times)
//   window: record from now on              → armed, then heard once every open socket has a frame
//   close: stop recording, hand them over   → receipts (every Data24h frame of the window)
//   finish: close every socket              → done (frames that came between windows when
//                                             `afterwards` was late); the main thread ends it.
// Loaded by the main thread from this .ts file: under tsx (its loader is inherited through
// execArgv) or by Node 24's own type stripping (in Vitest), so only erasable TypeScript here.
// The wire's words come from the main thread (`FanoutShare.wire`, made from @bourse/protocol):
// importing the protocol in every thread would cost each a second of start-up for four strings.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { clockMs } from './stats.ts';

/** The frames a client sends and the marks it knows the server's frames by. */
export interface FanoutWire {
  /** the `sub` frame to Data24h */
  readonly subscribe: string;
  /** text only a Data24h push contains */
  readonly data24hMark: string;
  /** text only a ping contains */
  readonly pingMark: string;
  /** the `cmd` of the answer to a ping */
  readonly pong: string;
}

/** What the main thread gives each worker: its share of the clients, numbered globally. */
export interface FanoutShare {
  readonly wire: FanoutWire;
  /** the global number of the share's first client */
  readonly first: number;
  /** each client's socket URL (uuid and time in the query), the share's first client first */
  readonly urls: readonly string[];
  /** how many clients connect at once */
  readonly batch: number;
  readonly connectTimeoutMs: number;
}

export type FanoutRequest =
  | { readonly type: 'window'; readonly id: number }
  | { readonly type: 'close'; readonly id: number; readonly afterwards: 'late' | 'ignore' }
  | { readonly type: 'finish' };

export type FanoutReply =
  | { readonly type: 'opened'; readonly clients: number[]; readonly connectMs: number[] }
  | { readonly type: 'armed'; readonly id: number }
  | { readonly type: 'heard'; readonly id: number }
  | {
      readonly type: 'receipts';
      readonly id: number;
      /** client numbers and receipt times (clockMs), in the order the frames came */
      readonly clients: number[];
      readonly at: number[];
      readonly frameBytes: number;
    }
  | { readonly type: 'done'; readonly late: number };

function open(
  share: FanoutShare,
  client: number,
  onData24h: (client: number, at: number, frame: Buffer) => void,
) {
  return new Promise<{ socket: WebSocket; connectMs: number } | null>((done) => {
    const { wire } = share;
    const started = clockMs();
    // Skip the UTF-8 check of each frame: it is the client's cost, not the server's.
    const socket = new WebSocket(share.urls[client - share.first] ?? '', {
      skipUTF8Validation: true,
      perMessageDeflate: false,
      handshakeTimeout: share.connectTimeoutMs,
    });
    socket.on('message', (data: Buffer) => {
      const at = clockMs();
      if (data.includes(wire.data24hMark)) onData24h(client, at, data);
      else if (data.includes(wire.pingMark)) {
        const { msg } = JSON.parse(data.toString('utf8')) as { msg: number };
        socket.send(JSON.stringify({ cmd: wire.pong, msg }));
      }
    });
    socket.once('open', () => {
      socket.send(wire.subscribe);
      done({ socket, connectMs: clockMs() - started });
    });
    socket.once('error', () => {
      socket.terminate();
      done(null);
    });
  });
}

async function run(share: FanoutShare, port: NonNullable<typeof parentPort>) {
  const reply = (message: FanoutReply) => {
    port.postMessage(message);
  };
  const sockets: WebSocket[] = [];
  const opened: number[] = [];
  const connectMs: number[] = [];

  // The window being recorded, or what frames between windows count as.
  let window: {
    id: number;
    clients: number[];
    at: number[];
    heard: Set<number>;
    told: boolean;
  } | null = null;
  let between: 'late' | 'ignore' = 'ignore';
  let late = 0;
  let frameBytes = 0;

  const tellIfAllHeard = () => {
    if (window && !window.told && window.heard.size >= opened.length) {
      window.told = true;
      reply({ type: 'heard', id: window.id });
    }
  };
  const onData24h = (client: number, at: number, frame: Buffer) => {
    frameBytes = frame.length;
    if (window === null) {
      if (between === 'late') late += 1;
      return;
    }
    window.clients.push(client);
    window.at.push(at);
    window.heard.add(client);
    tellIfAllHeard();
  };

  const end = share.first + share.urls.length;
  for (let first = share.first; first < end; first += share.batch) {
    const batch = Array.from(
      { length: Math.min(share.batch, end - first) },
      (_, offset) => first + offset,
    );
    const results = await Promise.all(batch.map((client) => open(share, client, onData24h)));
    results.forEach((result, offset) => {
      if (result === null) return;
      sockets.push(result.socket);
      opened.push(first + offset);
      connectMs.push(result.connectMs);
    });
  }
  reply({ type: 'opened', clients: opened, connectMs });

  port.on('message', (request: FanoutRequest) => {
    switch (request.type) {
      case 'window':
        window = { id: request.id, clients: [], at: [], heard: new Set(), told: false };
        reply({ type: 'armed', id: request.id });
        tellIfAllHeard();
        return;
      case 'close': {
        const closed = window;
        window = null;
        between = request.afterwards;
        reply({
          type: 'receipts',
          id: request.id,
          clients: closed?.clients ?? [],
          at: closed?.at ?? [],
          frameBytes,
        });
        return;
      }
      case 'finish':
        window = null;
        for (const socket of sockets) socket.terminate();
        reply({ type: 'done', late });
        return;
    }
  });
}

if (parentPort !== null) await run(workerData as FanoutShare, parentPort);

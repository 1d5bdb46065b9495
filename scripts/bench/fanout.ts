// The socket fan-out: how one Data24h push reaches many clients at once. Opens BENCH_SOCKETS
// sockets to the server's /ws (1 000 by default), each subscribed to Data24h, drives pushes and
// times each client's receipt. Loopback only, bounded in sockets, pushes and time; every socket
// is closed at the end.
//
// The clients run in BENCH_FANOUT_WORKERS worker threads (fanout-worker.ts, 4 by default), not in
// this thread: 1 000 receipts queued on one event loop made the last client's time mostly that
// queue (p99 116 ms with one thread, most of it the client's). Each thread timestamps its frames
// on `clockMs` (performance.timeOrigin + performance.now(), absolute, so comparable across
// threads and with the control call made here). The clients still share this machine's two cores
// with the server, so a receipt still includes some client work and scheduling: the figures are
// an upper bound of what the server costs, closer to it than before.
//
// Two clocks to measure from (the Data24h frame carries no server time):
//   - from the control call: a server that does not push on its own (MARKET_TICK_MS=0, as the
//     benchmark starts it) pushes once per POST /__control/clock {advance}; the latency is from
//     just before that call to each client's receipt, so it includes the control call's own
//     handling (HTTP, moving the market, the ticker snapshot) and is an upper bound of
//     publish-to-receipt;
//   - from the first receipt: the spread of one push over the clients (the first socket hears of
//     it within a fraction of a millisecond of the publish on loopback); the only clock when the
//     server pushes on its own timer (BENCH_URL of a server with MARKET_TICK_MS > 0), where the
//     pushes are told apart by the quiet between them.
//
//   npx tsx scripts/bench/fanout.ts        (alone; BENCH_URL, BENCH_SOCKETS, BENCH_PUSHES,
//                                           BENCH_FANOUT_WORKERS, BENCH_PORT)
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ControlClient } from '@bourse/mock-server/control-client';
import { CMD, socketUrl, TOPIC } from '@bourse/protocol';
import type { FanoutReply, FanoutRequest, FanoutShare, FanoutWire } from './fanout-worker.ts';
import { benchServer } from './server.ts';
import { clockMs, loadAverage, ms, summarize, type Summary } from './stats.ts';

export interface FanoutOptions {
  /** the server, http://host:port */
  readonly origin: string;
  readonly sockets: number;
  /** pushes to drive through the control API (a server that does not push on its own) */
  readonly pushes: number;
  /** how long to listen to a server that pushes on its own timer */
  readonly listenMs: number;
  /** how long one push may take to reach every socket before the rest count as lost */
  readonly pushTimeoutMs: number;
  /** how long to listen for a server's own pushes before driving any (2.5 s unless told) */
  readonly probeMs?: number;
  /** worker threads the clients are spread over (4 unless told) */
  readonly workers?: number;
}

export const FANOUT_AIM = { p99Ms: 50, lost: 0 } as const;

export interface PushSample {
  readonly delivered: number;
  readonly lost: number;
  /** from the control call to each receipt; absent when the server pushed on its own */
  readonly fromCall?: Summary;
  /** from the push's first receipt to each receipt */
  readonly spread: Summary;
  /** how long the control call took to answer (the server answers after publishing) */
  readonly callMs?: number;
}

export interface FanoutResult {
  /** `control`: pushes driven by the control API; `timer`: the server pushed on its own */
  readonly mode: 'control' | 'timer';
  readonly sockets: number;
  /** the client threads they were spread over */
  readonly workers: number;
  /** sockets that opened (the rest failed to connect) */
  readonly opened: number;
  readonly connect: Summary;
  /** size of one Data24h frame as received */
  readonly frameBytes: number;
  readonly pushes: readonly PushSample[];
  readonly delivered: number;
  readonly lost: number;
  /** frames that came after their push's timeout, or twice to one socket */
  readonly late: number;
  readonly fromCall?: Summary;
  readonly spread: Summary;
  /** the machine's 1-minute load average before and after (other work skews every figure) */
  readonly load: readonly [number, number];
}

const BATCH = 50;
const CONNECT_TIMEOUT_MS = 10_000;
/** quiet between two pushes of a server's own timer (it pushes every MARKET_TICK_MS ≥ 1 s) */
const TIMER_GAP_MS = 250;
/** how long to listen before driving: a server that pushes on its own shows it by then */
const PROBE_MS = 2_500;
/** client threads unless BENCH_FANOUT_WORKERS says otherwise */
const WORKERS = 4;

const WIRE: FanoutWire = {
  subscribe: JSON.stringify({ cmd: CMD.sub, msg: TOPIC.data24h }),
  data24hMark: `"${TOPIC.data24h}"`,
  pingMark: `"cmd":"${CMD.ping}"`,
  pong: CMD.pong,
};

const sleep = (delay: number) => new Promise((done) => setTimeout(done, delay));

/** The sockets split as evenly as can be over `workers` threads (none gets an empty share). */
export function shares(sockets: number, workers: number): { first: number; count: number }[] {
  const threads = Math.max(1, Math.min(Math.floor(workers), sockets));
  return Array.from({ length: threads }, (_, thread) => {
    const first = Math.floor((thread * sockets) / threads);
    return { first, count: Math.floor(((thread + 1) * sockets) / threads) - first };
  });
}

/** One worker thread and the replies it sent that nobody has taken yet. */
class ClientThread {
  private readonly worker: Worker;
  private readonly replies: FanoutReply[] = [];
  private readonly waiting = new Set<{
    wanted: (reply: FanoutReply) => boolean;
    take: (reply: FanoutReply) => void;
    fail: (error: Error) => void;
  }>();
  private failure: Error | null = null;

  constructor(share: FanoutShare) {
    this.worker = new Worker(new URL('./fanout-worker.ts', import.meta.url), {
      workerData: share,
    });
    this.worker.on('message', (reply: FanoutReply) => {
      for (const waiter of this.waiting) {
        if (!waiter.wanted(reply)) continue;
        this.waiting.delete(waiter);
        waiter.take(reply);
        return;
      }
      this.replies.push(reply);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const waiter of this.waiting) waiter.fail(error);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => {
      fail(new Error(`a fan-out client thread exited (${String(code)})`));
    });
  }

  /** The first reply of that type (and window), already come or to come. */
  next<T extends FanoutReply['type']>(
    type: T,
    id?: number,
  ): Promise<Extract<FanoutReply, { type: T }>> {
    const wanted = (reply: FanoutReply) =>
      reply.type === type && (id === undefined || !('id' in reply) || reply.id === id);
    return new Promise((take, fail) => {
      const index = this.replies.findIndex(wanted);
      const come = this.replies[index];
      if (come !== undefined) {
        this.replies.splice(index, 1);
        take(come as Extract<FanoutReply, { type: T }>);
      } else if (this.failure) fail(this.failure);
      else
        this.waiting.add({
          wanted,
          take: (reply) => {
            take(reply as Extract<FanoutReply, { type: T }>);
          },
          fail,
        });
    });
  }

  ask(request: FanoutRequest): void {
    this.worker.postMessage(request);
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}

export async function measureFanout(options: FanoutOptions): Promise<FanoutResult> {
  const loadBefore = loadAverage();
  const wsBase = `${options.origin.replace(/^http/, 'ws')}/ws`;
  const control = new ControlClient(options.origin);
  const threads = shares(options.sockets, options.workers ?? WORKERS).map(
    ({ first, count }) =>
      new ClientThread({
        wire: WIRE,
        first,
        // The server accepts a socket's time within minutes: opening them all takes seconds.
        urls: Array.from({ length: count }, () => socketUrl(wsBase, randomUUID(), Date.now())),
        batch: BATCH,
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
      }),
  );
  /** every receipt of every measured push, from the control call and from the first receipt */
  const fromCall: number[] = [];
  const spread: number[] = [];
  let frameBytes = 0;
  let late = 0;

  const pushSample = (
    receipts: Float64Array,
    opened: number,
    call?: { at: number; ms: number },
  ): PushSample => {
    const times = [...receipts].filter((at) => !Number.isNaN(at));
    const first = Math.min(...times);
    const spreadMs = times.map((at) => at - first);
    spread.push(...spreadMs);
    const sample = {
      delivered: times.length,
      lost: opened - times.length,
      spread: summarize(spreadMs),
    };
    if (call === undefined) return sample;
    const fromCallMs = times.map((at) => at - call.at);
    fromCall.push(...fromCallMs);
    return { ...sample, fromCall: summarize(fromCallMs), callMs: call.ms };
  };

  /** Every thread records Data24h frames from now on (answered once all are ready). */
  let windows = 0;
  const openWindow = async (): Promise<number> => {
    const id = windows++;
    for (const thread of threads) thread.ask({ type: 'window', id });
    await Promise.all(threads.map((thread) => thread.next('armed', id)));
    return id;
  };
  /** Every thread stops recording: the window's frames, as (client, receipt time) in time order. */
  const closeWindow = async (id: number, afterwards: 'late' | 'ignore') => {
    for (const thread of threads) thread.ask({ type: 'close', id, afterwards });
    const replies = await Promise.all(threads.map((thread) => thread.next('receipts', id)));
    const heard: { index: number; at: number }[] = [];
    for (const reply of replies) {
      if (reply.clients.length > 0) frameBytes = reply.frameBytes;
      reply.clients.forEach((index, frame) => {
        heard.push({ index, at: reply.at[frame] ?? NaN });
      });
    }
    return heard.sort((a, b) => a.at - b.at);
  };
  /** The first frame of each client; a second one is late. */
  const firstReceipts = (heard: readonly { index: number; at: number }[]) => {
    const receipts = new Float64Array(options.sockets).fill(NaN);
    for (const { index, at } of heard) {
      if (Number.isNaN(receipts[index] ?? NaN)) receipts[index] = at;
      else late += 1;
    }
    return receipts;
  };

  try {
    const opens = await Promise.all(threads.map((thread) => thread.next('opened')));
    const opened = opens.reduce((sum, reply) => sum + reply.clients.length, 0);
    const connectMs = opens.flatMap((reply) => reply.connectMs);
    console.log(
      `fanout: ${String(opened)} of ${String(options.sockets)} sockets open in ${String(threads.length)} threads`,
    );

    // Does the server push on its own? Listen a moment before driving anything.
    const probing = await openWindow();
    await sleep(options.probeMs ?? PROBE_MS);
    const probe = await closeWindow(probing, 'ignore');
    const mode = probe.length > 0 ? 'timer' : 'control';

    const pushes: PushSample[] = [];
    if (mode === 'control') {
      // One push per control call; the next starts once every socket heard the last (or it
      // timed out), so a frame is never taken for the wrong push.
      for (let push = -1; push < options.pushes; push += 1) {
        const id = await openWindow();
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<void>((done) => {
          timer = setTimeout(done, options.pushTimeoutMs);
        });
        const allHeard = Promise.all(threads.map((thread) => thread.next('heard', id)));
        const called = clockMs();
        await control.clock({ action: 'advance', ms: 1_000 });
        const callMs = clockMs() - called;
        await Promise.race([allHeard, timedOut]);
        clearTimeout(timer);
        const receipts = firstReceipts(await closeWindow(id, 'late'));
        // The first push only proves every subscription took; it is not measured.
        if (push >= 0) pushes.push(pushSample(receipts, opened, { at: called, ms: callMs }));
        await sleep(100);
      }
    } else {
      const id = await openWindow();
      const started = clockMs();
      await sleep(options.listenMs);
      const ended = clockMs();
      for (const group of groupByQuiet(await closeWindow(id, 'ignore'))) {
        const first = group[0]?.at ?? NaN;
        const last = group.at(-1)?.at ?? NaN;
        // A push cut by the start or the end of listening is not whole.
        if (first - started < TIMER_GAP_MS || ended - last < TIMER_GAP_MS) continue;
        pushes.push(pushSample(firstReceipts(group), opened));
      }
    }

    for (const thread of threads) thread.ask({ type: 'finish' });
    for (const done of await Promise.all(threads.map((thread) => thread.next('done'))))
      late += done.late;

    return {
      mode,
      sockets: options.sockets,
      workers: threads.length,
      opened,
      connect: summarize(connectMs),
      frameBytes,
      pushes,
      delivered: pushes.reduce((sum, sample) => sum + sample.delivered, 0),
      lost:
        pushes.reduce((sum, sample) => sum + sample.lost, 0) +
        (options.sockets - opened) * pushes.length,
      late,
      ...(mode === 'control' && { fromCall: summarize(fromCall) }),
      spread: summarize(spread),
      load: [loadBefore, loadAverage()],
    };
  } finally {
    await Promise.all(threads.map((thread) => thread.stop()));
  }
}

/** Receipts split where the feed fell quiet: one group per push of a server's own timer. */
export function groupByQuiet(heard: readonly { index: number; at: number }[]) {
  const groups: { index: number; at: number }[][] = [];
  let previous = -Infinity;
  for (const receipt of [...heard].sort((a, b) => a.at - b.at)) {
    if (receipt.at - previous > TIMER_GAP_MS) groups.push([]);
    groups.at(-1)?.push(receipt);
    previous = receipt.at;
  }
  return groups;
}

const verdict = (ok: boolean) => (ok ? 'yes' : '**no**');

/** The report's section. */
export function fanoutLines(result: FanoutResult): string[] {
  const headline = result.fromCall ?? result.spread;
  const method =
    result.mode === 'control'
      ? "one push per control call (`POST /__control/clock` advance 1 s; the server answers after publishing); latency from just before the call to each socket's receipt (an upper bound of publish-to-receipt: it includes handling the call), and the spread from the push's first receipt"
      : "the server pushed on its own timer (MARKET_TICK_MS > 0), pushes told apart by the quiet between them; latency from the push's first receipt to each socket's receipt (the first arrives within a fraction of a millisecond of the publish on loopback)";
  return [
    `## Socket fan-out: ${String(result.sockets)} clients on Data24h`,
    '',
    `Method: ${method}. The clients are spread over ${String(result.workers)} worker threads of the benchmark's process, on the same machine as the server, so a receipt still includes some client work. Load average ${result.load[0].toFixed(1)} before, ${result.load[1].toFixed(1)} after.`,
    '',
    `- sockets open: ${String(result.opened)} of ${String(result.sockets)} (connect median ${ms(result.connect.median)} ms, p99 ${ms(result.connect.p99)} ms); Data24h frame ${(result.frameBytes / 1024).toFixed(1)} KB`,
    `- pushes measured: ${String(result.pushes.length)}; delivered ${String(result.delivered)}, **lost ${String(result.lost)}** (a socket that missed a push), late or repeated ${String(result.late)}`,
    ...(result.fromCall
      ? [
          `- from the control call: median ${ms(result.fromCall.median)} ms, **p99 ${ms(result.fromCall.p99)} ms**, max ${ms(result.fromCall.max)} ms`,
        ]
      : []),
    `- spread from the first receipt: median ${ms(result.spread.median)} ms, p99 ${ms(result.spread.p99)} ms, max ${ms(result.spread.max)} ms`,
    `- aim p99 ≤ ${String(FANOUT_AIM.p99Ms)} ms with nothing lost: ${verdict(headline.p99 <= FANOUT_AIM.p99Ms && result.lost === 0 && result.pushes.length > 0)}`,
    '',
  ];
}

/** BENCH_SOCKETS, BENCH_PUSHES, BENCH_FANOUT_SECONDS and BENCH_FANOUT_WORKERS, with their defaults. */
export function fanoutOptions(origin: string): FanoutOptions {
  return {
    origin,
    sockets: Number(process.env['BENCH_SOCKETS'] ?? 1_000),
    pushes: Number(process.env['BENCH_PUSHES'] ?? 20),
    listenMs: Number(process.env['BENCH_FANOUT_SECONDS'] ?? 10) * 1_000,
    pushTimeoutMs: 5_000,
    workers: Number(process.env['BENCH_FANOUT_WORKERS'] ?? WORKERS),
  };
}

/** The fan-out part: against BENCH_URL, or a mock of our own that pushes only when told. */
export async function fanoutPart(port: number): Promise<FanoutResult> {
  const server = await benchServer({ port, webDir: null, marketTickMs: 0 });
  try {
    const options = fanoutOptions(server.origin);
    console.log(`fanout: ${String(options.sockets)} sockets on ${server.origin}…`);
    return await measureFanout(options);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env['BENCH_PORT'] ?? 18_507) + 11;
  const result = await fanoutPart(port);
  console.log(`\n${fanoutLines(result).join('\n')}`);
}

// The socket fan-out: how one Data24h push reaches many clients at once. Opens BENCH_SOCKETS
// sockets to the server's /ws (1 000 by default), each subscribed to Data24h, drives pushes and
// times each client's receipt. Loopback only, bounded in sockets, pushes and time; every socket
// is closed at the end.
//
// Two clocks to measure from, both on this process's monotonic clock (the Data24h frame carries
// no server time, and the clients share this machine's clock with the control call):
//   - from the control call: a server that does not push on its own (MARKET_TICK_MS=0, as the
//     benchmark starts it) pushes once per POST /__control/clock {advance}; the latency is from
//     just before that call to each client's receipt, so it includes the control call's own
//     handling (HTTP, the ticker snapshot) and is an upper bound of publish-to-receipt;
//   - from the first receipt: the spread of one push over the clients (the first socket hears of
//     it within a fraction of a millisecond of the publish on loopback); the only clock when the
//     server pushes on its own timer (BENCH_URL of a server with MARKET_TICK_MS > 0), where the
//     pushes are told apart by the quiet between them.
// All clients run in this one process, so their receipt times include waiting for this event
// loop: the figures are what 1 000 clients see, not what the server alone costs.
//
//   npx tsx scripts/bench/fanout.ts        (alone; BENCH_URL, BENCH_SOCKETS, BENCH_PUSHES, BENCH_PORT)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ControlClient } from '@bourse/mock-server/control-client';
import { CMD, socketUrl, TOPIC } from '@bourse/protocol';
import WebSocket from 'ws';
import { benchServer } from './server.ts';
import { loadAverage, ms, summarize, type Summary } from './stats.ts';

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

const isData24h = (frame: Buffer): boolean => frame.includes(`"${TOPIC.data24h}"`);
const isPing = (frame: Buffer): boolean => frame.includes(`"cmd":"${CMD.ping}"`);
const sleep = (delay: number) => new Promise((done) => setTimeout(done, delay));

export async function measureFanout(options: FanoutOptions): Promise<FanoutResult> {
  const loadBefore = loadAverage();
  const wsBase = `${options.origin.replace(/^http/, 'ws')}/ws`;
  const control = new ControlClient(options.origin);
  const clients: WebSocket[] = [];
  const connectMs: number[] = [];
  /** every receipt of every measured push, from the control call and from the first receipt */
  const fromCall: number[] = [];
  const spread: number[] = [];

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

  /** receipt handler of the moment: (client index, receipt time, frame) */
  let onData24h: (index: number, at: number, frame: Buffer) => void = () => undefined;

  const open = (index: number): Promise<WebSocket | null> =>
    new Promise((done) => {
      const started = performance.now();
      // Receiving costs this one process for every client: skip the UTF-8 check of each frame.
      const socket = new WebSocket(socketUrl(wsBase, randomUUID(), Date.now()), {
        skipUTF8Validation: true,
        perMessageDeflate: false,
        handshakeTimeout: CONNECT_TIMEOUT_MS,
      });
      socket.on('message', (data: Buffer) => {
        const at = performance.now();
        if (isData24h(data)) onData24h(index, at, data);
        else if (isPing(data)) {
          const { msg } = JSON.parse(data.toString('utf8')) as { msg: number };
          socket.send(JSON.stringify({ cmd: CMD.pong, msg }));
        }
      });
      socket.once('open', () => {
        connectMs.push(performance.now() - started);
        socket.send(JSON.stringify({ cmd: CMD.sub, msg: TOPIC.data24h }));
        done(socket);
      });
      socket.once('error', () => {
        socket.terminate();
        done(null);
      });
    });

  try {
    for (let first = 0; first < options.sockets; first += BATCH) {
      const batch = Array.from(
        { length: Math.min(BATCH, options.sockets - first) },
        (_, offset) => first + offset,
      );
      for (const client of await Promise.all(batch.map(open))) if (client) clients.push(client);
    }
    const opened = clients.length;
    console.log(`fanout: ${String(opened)} of ${String(options.sockets)} sockets open`);

    let frameBytes = 0;
    let late = 0;

    // Does the server push on its own? Listen a moment before driving anything.
    const probe: { index: number; at: number }[] = [];
    onData24h = (index, at, frame) => {
      frameBytes = frame.length;
      probe.push({ index, at });
    };
    await sleep(options.probeMs ?? PROBE_MS);
    const mode = probe.length > 0 ? 'timer' : 'control';

    const pushes: PushSample[] = [];
    if (mode === 'control') {
      // One push per control call; the next starts once every socket heard the last (or it
      // timed out), so a frame is never taken for the wrong push.
      for (let push = -1; push < options.pushes; push += 1) {
        const receipts = new Float64Array(clients.length).fill(NaN);
        let heard = 0;
        let everyone: () => void = () => undefined;
        const allHeard = new Promise<void>((done) => {
          everyone = done;
        });
        onData24h = (index, at, frame) => {
          frameBytes = frame.length;
          if (!Number.isNaN(receipts[index] ?? NaN)) {
            late += 1;
            return;
          }
          receipts[index] = at;
          heard += 1;
          if (heard === opened) everyone();
        };
        const called = performance.now();
        await control.clock({ action: 'advance', ms: 1_000 });
        const callMs = performance.now() - called;
        await Promise.race([allHeard, sleep(options.pushTimeoutMs)]);
        onData24h = () => {
          late += 1;
        };
        // The first push only proves every subscription took; it is not measured.
        if (push >= 0) pushes.push(pushSample(receipts, opened, { at: called, ms: callMs }));
        await sleep(100);
      }
    } else {
      const heard: { index: number; at: number }[] = [];
      const started = performance.now();
      onData24h = (index, at, frame) => {
        frameBytes = frame.length;
        heard.push({ index, at });
      };
      await sleep(options.listenMs);
      onData24h = () => undefined;
      const ended = performance.now();
      for (const group of groupByQuiet(heard)) {
        const first = group[0]?.at ?? NaN;
        const last = group.at(-1)?.at ?? NaN;
        // A push cut by the start or the end of listening is not whole.
        if (first - started < TIMER_GAP_MS || ended - last < TIMER_GAP_MS) continue;
        const receipts = new Float64Array(clients.length).fill(NaN);
        for (const { index, at } of group) {
          if (Number.isNaN(receipts[index] ?? NaN)) receipts[index] = at;
          else late += 1;
        }
        pushes.push(pushSample(receipts, opened));
      }
    }

    return {
      mode,
      sockets: options.sockets,
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
    for (const socket of clients) socket.terminate();
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
    `Method: ${method}. All clients run in the benchmark's one Node process on this machine, so a receipt also waits for that event loop. Load average ${result.load[0].toFixed(1)} before, ${result.load[1].toFixed(1)} after.`,
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

/** BENCH_SOCKETS, BENCH_PUSHES and BENCH_FANOUT_SECONDS, with their defaults. */
export function fanoutOptions(origin: string): FanoutOptions {
  return {
    origin,
    sockets: Number(process.env['BENCH_SOCKETS'] ?? 1_000),
    pushes: Number(process.env['BENCH_PUSHES'] ?? 20),
    listenMs: Number(process.env['BENCH_FANOUT_SECONDS'] ?? 10) * 1_000,
    pushTimeoutMs: 5_000,
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

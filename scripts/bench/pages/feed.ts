// The live feed of the list benchmarks (market, contract): a fake socket put in through the
// socket model's own test hook ($socketFactory), and the tick loop that times each push from the
// socket to the screen laid out.
import type { SocketCloseEvent, SocketLike, SocketMessageEvent } from '@bourse/web/shared/socket';
import { FUNC, TOPIC, type ServerFrame, type SymbolInfo, type Ticker } from '@bourse/protocol';
import { nativeFrame, seededRandom, watchLongTasks } from './frames.ts';

/** A socket that opens as soon as it is asked for, takes whatever is sent and delivers the frames it is given. */
const cents = (value: number): string =>
  `${value < 0 ? '-' : ''}${String(Math.trunc(Math.abs(value) / 100))}.${String(Math.abs(value) % 100).padStart(2, '0')}`;

/** `count` crypto symbols with made-up names. */
export function syntheticSymbols(count: number): SymbolInfo[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(1000 + i),
    symbol: `C${String(i).padStart(3, '0')}/USDT`,
    display: `C${String(i).padStart(3, '0')}/USDT`,
    name: `Coin ${String(i)}`,
    icon: '',
    category: 'crypto' as const,
    price_precision: 2,
    qty_step: '0.0001',
    time_zone: 'UTC',
  }));
}

/** Every symbol's ticker, moved a little from the last push: every row changes every tick. */
export function tickerFrames(symbols: readonly SymbolInfo[], count: number): string[] {
  const random = seededRandom(4242);
  const opens = symbols.map(() => 10_000 + Math.round(random() * 5_000_000));
  const prices = [...opens];
  const frames: string[] = [];
  for (let tick = 0; tick < count; tick++) {
    const data: Ticker[] = symbols.map((symbol, i) => {
      const open = opens[i] ?? 10_000;
      const price = Math.max(1, (prices[i] ?? open) + Math.round((random() - 0.5) * open * 0.002));
      prices[i] = price;
      const change = price - open;
      return {
        symbol_id: symbol.id,
        symbol: symbol.symbol,
        last_price: cents(price),
        open: cents(open),
        high: cents(Math.max(open, price)),
        low: cents(Math.min(open, price)),
        change: cents(change),
        change_rate: cents(Math.round((change * 10_000) / open)),
        volume: `${String(1_000 + tick)}.00`,
        amount: cents(price * 1_000),
        bid: cents(price - 1),
        ask: cents(price + 1),
        status: 'open',
        time: Date.UTC(2026, 0, 5) + tick * 100,
      };
    });
    const frame: ServerFrame = {
      cmd: 'data',
      msg: { func: FUNC.data24h, topic: TOPIC.data24h, data },
    };
    frames.push(JSON.stringify(frame));
  }
  return frames;
}

export function fakeSocket() {
  const listeners = {
    open: [] as (() => void)[],
    close: [] as ((event: SocketCloseEvent) => void)[],
    message: [] as ((event: SocketMessageEvent) => void)[],
  };
  let readyState = 0;
  const sent: string[] = [];
  const socket: SocketLike = {
    get readyState() {
      return readyState;
    },
    send: (data) => {
      sent.push(data);
    },
    close: () => {
      readyState = 3;
      for (const listener of listeners.close) listener({ code: 1000, reason: '' });
    },
    // One body for the three overloads: each listener goes to the list of its own event type.
    addEventListener: (type: keyof typeof listeners, listener: never) => {
      listeners[type].push(listener);
    },
  };
  return {
    /** for `$socketFactory`: the socket opens once the model has put its listeners on */
    connect: (): SocketLike => {
      setTimeout(() => {
        readyState = 1;
        for (const listener of listeners.open) listener();
      }, 0);
      return socket;
    },
    sent,
    deliver: (data: string) => {
      for (const listener of listeners.message) listener({ data });
    },
  };
}

const microtasksDone = () =>
  new Promise<void>((resolve) => {
    queueMicrotask(resolve);
  });

/** performance.now() at the start of the next frame's callbacks (before the app's own). */
const frameStart = () =>
  new Promise<number>((resolve) => {
    nativeFrame(() => {
      resolve(performance.now());
    });
  });

/**
 * Resolves when a tick's work is all done, with style and layout done, before paint: the app
 * applies live data once per frame, in a task it posts from its frame callback (asked for before
 * this one). This posts a task from a later callback of the same frame, which runs after the
 * app's, and forces style and layout there.
 */
const frameWorkDone = () =>
  new Promise<number>((resolve) => {
    nativeFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        document.body.getBoundingClientRect();
        resolve(performance.now());
      };
      channel.port2.postMessage(null);
    });
  });

export const until = async (check: () => boolean, what: () => string) => {
  for (let i = 0; i < 200 && !check(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!check()) throw new Error(`the page never ${what()}`);
};

/** What a run of ticks measured (see MarketSample). */
export interface TickTimes {
  readonly tickMs: number[];
  readonly messageMs: number[];
  readonly longTasks: number[];
}

/**
 * Delivers `frames` (after the first, which the page is already showing) at `hz`, and times each
 * tick after the first `warmupTicks`: the socket's message task plus the apply task of the next
 * frame, up to style and layout.
 */
export async function runTicks(
  deliver: (frame: string) => void,
  frames: readonly string[],
  options: { readonly hz: number; readonly warmupTicks: number },
): Promise<TickTimes> {
  const tickMs: number[] = [];
  const messageMs: number[] = [];
  const longTasks = watchLongTasks();
  const period = 1000 / options.hz;
  const started = performance.now();
  for (let tick = 1; tick < frames.length; tick++) {
    const due = started + tick * period;
    // Always back to the event loop between ticks, so that frames are drawn and a tick that
    // overruns its period shows up as its own long task rather than one with all the others.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const frame = frames[tick] ?? '';
    // A tick's work has two parts: what the socket's message event does at once (parse and
    // check, and whatever the app does in the same task), and what it leaves for the next frame
    // (the app applies live data once per frame: stores, React, then style and layout). Both
    // are counted; the wait between them is not.
    const frameStarted = frameStart();
    const start = performance.now();
    deliver(frame);
    // React renders an external store's change in a microtask queued during the delivery.
    await microtasksDone();
    const delivered = performance.now();
    const frameDone = frameWorkDone();
    const [inFrameStart, inFrameEnd] = await Promise.all([frameStarted, frameDone]);
    if (tick > options.warmupTicks) {
      tickMs.push(delivered - start + (inFrameEnd - inFrameStart));
      messageMs.push(delivered - start);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  longTasks.stop();
  return { tickMs, messageMs, longTasks: longTasks.durations };
}

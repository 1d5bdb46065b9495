// The market list benchmark page: the real Market screen (pages/quotes) in a scope of its own,
// its symbols from a fake API and its Data24h feed from a fake socket put in through the
// socket model's own test hook ($socketFactory). The runner calls `window.marketBench(...)`.
import { nativeFrame, seededRandom, watchLongTasks } from './frames.ts';
import type { MarketBenchOptions, MarketSample } from '../results.ts';
import 'antd-mobile/es/global';
import '@bourse/web/styles.css';
import {
  endpoints,
  FUNC,
  TOPIC,
  type ServerFrame,
  type SymbolInfo,
  type Ticker,
} from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { Provider } from 'effector-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { Component as QuotesPage } from '@bourse/web/pages/quotes';
import { $apiClient, ApiError, type ApiClient } from '@bourse/web/shared/api';
import { createI18n, i18nReady } from '@bourse/web/shared/i18n';
import {
  $socketConfig,
  $socketFactory,
  $status,
  socketStarted,
  type SocketCloseEvent,
  type SocketLike,
  type SocketMessageEvent,
} from '@bourse/web/shared/socket';

const cents = (value: number): string =>
  `${value < 0 ? '-' : ''}${String(Math.trunc(Math.abs(value) / 100))}.${String(Math.abs(value) % 100).padStart(2, '0')}`;

function syntheticSymbols(count: number): SymbolInfo[] {
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
function tickerFrames(symbols: readonly SymbolInfo[], count: number): string[] {
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

/** A socket that opens as soon as it is asked for, takes whatever is sent and delivers the frames it is given. */
function fakeSocket() {
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

const until = async (check: () => boolean, what: () => string) => {
  for (let i = 0; i < 200 && !check(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!check()) throw new Error(`the page never ${what()}`);
};

async function marketBench(options: MarketBenchOptions): Promise<MarketSample> {
  const symbols = syntheticSymbols(options.symbols);
  const frames = tickerFrames(symbols, options.warmupTicks + options.ticks);
  const feed = fakeSocket();
  const symbolList = endpoints.index.getSymbolList;
  const api: ApiClient = {
    call: (endpoint) =>
      endpoint.path === symbolList.path
        ? Promise.resolve(endpoint.response.parse({ list: symbols }) as never)
        : Promise.reject(new ApiError({ kind: 'transport', msg: 'not in the benchmark' })),
  };
  const scope = fork({
    values: [
      [$apiClient, api],
      [$socketFactory, feed.connect],
      [$socketConfig, { url: 'ws://bench.invalid/ws', uuid: 'bench', token: null }],
    ],
  });
  const i18n = await createI18n('en');
  await allSettled(i18nReady, { scope, params: i18n });
  await allSettled(socketStarted, { scope });

  const container = document.getElementById('root');
  if (container === null) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <Provider value={scope}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/quotes?tab=crypto']}>
            <QuotesPage />
          </MemoryRouter>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
  await until(
    () => feed.sent.some((frame) => frame.includes(TOPIC.data24h)),
    () =>
      `subscribed to Data24h (socket ${scope.getState($status)}, sent ${JSON.stringify(feed.sent)})`,
  );
  const first = frames[0];
  if (first !== undefined) feed.deliver(first);
  // The list may render only the rows in view: it is ready when its table counts every symbol
  // (aria-rowcount, with the header row) and shows rows with prices in them.
  const rowCount = () => document.querySelectorAll('[role="tabpanel"] [data-symbol]').length;
  const tableRows = () =>
    Number(
      document.querySelector('[role="tabpanel"] [role="table"]')?.getAttribute('aria-rowcount') ??
        rowCount() + 1,
    ) - 1;
  await until(
    () => tableRows() >= options.symbols && rowCount() > 0,
    () =>
      `listed ${String(options.symbols)} symbols (${String(tableRows())} listed, ${String(rowCount())} rendered)`,
  );

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
    feed.deliver(frame);
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
  return {
    symbols: options.symbols,
    listed: tableRows(),
    rows: rowCount(),
    hz: options.hz,
    tickMs,
    messageMs,
    longTasks: longTasks.durations,
  };
}

declare global {
  interface Window {
    marketBench?: typeof marketBench;
  }
}

window.marketBench = marketBench;

// The options page benchmark: the real Options screen (pages/options) in a scope of its own,
// with running orders each on a symbol of its own from a fake API, and the Data24h feed moving
// every one of those prices from a fake socket, as the contract benchmark does. Each tick
// re-estimates every running order (the shared options formulas) and moves the trend line of the
// symbol in view. The runner calls `window.optionsBench(...)`.
import './frames.ts';
import { fakeSocket, runTicks, syntheticSymbols, tickerFrames, until } from './feed.ts';
import type { OptionsPageBenchOptions, OptionsPageSample } from '../results.ts';
import 'antd-mobile/es/global';
import '@bourse/web/styles.css';
import { endpoints, TOPIC, type Endpoint, type OptionOrder } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { Provider } from 'effector-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { Component as OptionsPage } from '@bourse/web/pages/options';
import { $apiClient, ApiError, type ApiClient } from '@bourse/web/shared/api';
import { createI18n, i18nReady } from '@bourse/web/shared/i18n';
import { $socketConfig, $socketFactory, $status, socketStarted } from '@bourse/web/shared/socket';

const DURATIONS = endpoints.options.getSecondList.example.response;
const ORDER = endpoints.options.orderList.example.response.list[0];
const BALANCES = endpoints.account.index.example.response;

async function optionsBench(options: OptionsPageBenchOptions): Promise<OptionsPageSample> {
  const symbols = syntheticSymbols(options.orders);
  const frames = tickerFrames(symbols, options.warmupTicks + options.ticks);
  const first = JSON.parse(frames[0] ?? '{}') as {
    msg: { data: { symbol_id: string; last_price: string }[] };
  };
  const now = Date.now();
  // Half up, half down, each opened at its symbol's first price, delivered in ten minutes.
  const orders: OptionOrder[] = symbols.map((symbol, i) => {
    const entry = first.msg.data[i]?.last_price ?? '100.00';
    return {
      ...(ORDER as OptionOrder),
      id: String(7000 + i),
      symbol_id: symbol.id,
      symbol: symbol.display,
      direction: i % 2 === 0 ? 'up' : 'down',
      open_price: entry,
      current_price: entry,
      opened_at: now,
      open_tick_at: now - (now % 1000),
      settle_at: now + 600_000,
    };
  });
  const replies: Readonly<Record<string, (body: unknown) => unknown>> = {
    [endpoints.index.getSymbolList.path]: () => ({ list: symbols }),
    [endpoints.options.getSecondList.path]: (body) => ({
      ...DURATIONS,
      symbol_id: (body as { symbol_id: string }).symbol_id,
      server_time: Date.now(),
    }),
    [endpoints.options.orderList.path]: (body) => {
      const trading = (body as { status?: string }).status === 'trading';
      const list = trading ? orders : [];
      return { list, total: list.length, page: 1, limit: 50 };
    },
    [endpoints.account.index.path]: () => BALANCES,
    [endpoints.market.getLogData.path]: (body) => ({
      symbol_id: (body as { symbol_id: string }).symbol_id,
      period: '1m',
      list: [],
    }),
  };
  const feed = fakeSocket();
  const api: ApiClient = {
    call: (endpoint: Endpoint, body: unknown) => {
      const reply = replies[endpoint.path];
      return reply === undefined
        ? Promise.reject(new ApiError({ kind: 'transport', msg: 'not in the benchmark' }))
        : Promise.resolve(endpoint.response.parse(reply(body)) as never);
    },
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
  const symbolId = symbols[0]?.id ?? '';
  createRoot(container).render(
    <StrictMode>
      <Provider value={scope}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[`/pages/options/options?symbol=${symbolId}`]}>
            <OptionsPage />
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
  feed.deliver(frames[0] ?? '');
  const cards = () => document.querySelectorAll('[data-testid="running-order"]').length;
  await until(
    () => cards() >= options.orders,
    () => `listed ${String(options.orders)} running orders (${String(cards())} shown)`,
  );
  // the trader watches the running orders: the list scrolled into view, as on a phone
  document.querySelector('[data-testid="running-order"]')?.scrollIntoView({ block: 'start' });
  const { tickMs, messageMs, longTasks } = await runTicks(feed.deliver, frames, options);
  return { orders: options.orders, cards: cards(), hz: options.hz, tickMs, messageMs, longTasks };
}

declare global {
  interface Window {
    optionsBench?: typeof optionsBench;
  }
}

window.optionsBench = optionsBench;

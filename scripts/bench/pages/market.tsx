// The market list benchmark page: the real Market screen (pages/quotes) in a scope of its own,
// its symbols from a fake API and its Data24h feed from a fake socket put in through the
// socket model's own test hook ($socketFactory). The runner calls `window.marketBench(...)`.
import './frames.ts';
import { fakeSocket, runTicks, syntheticSymbols, tickerFrames, until } from './feed.ts';
import type { MarketBenchOptions, MarketSample } from '../results.ts';
import 'antd-mobile/es/global';
import '@bourse/web/styles.css';
import { endpoints, TOPIC } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { Provider } from 'effector-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { Component as QuotesPage } from '@bourse/web/pages/quotes';
import { $apiClient, ApiError, type ApiClient } from '@bourse/web/shared/api';
import { createI18n, i18nReady } from '@bourse/web/shared/i18n';
import { $socketConfig, $socketFactory, $status, socketStarted } from '@bourse/web/shared/socket';

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

  const { tickMs, messageMs, longTasks } = await runTicks(feed.deliver, frames, options);
  return {
    symbols: options.symbols,
    listed: tableRows(),
    rows: rowCount(),
    hz: options.hz,
    tickMs,
    messageMs,
    longTasks,
  };
}

declare global {
  interface Window {
    marketBench?: typeof marketBench;
  }
}

window.marketBench = marketBench;

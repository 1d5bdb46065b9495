// The contract page benchmark: the real Contract screen (pages/contract) in a scope of its own,
// with open positions each on a symbol of its own from a fake API, and the Data24h feed moving
// every one of those prices from a fake socket, as the market benchmark does. Each tick reprices
// every position card (PnL, profit rate, margin ratio by the shared formulas). The runner calls
// `window.contractBench(...)`.
import './frames.ts';
import { fakeSocket, runTicks, syntheticSymbols, tickerFrames, until } from './feed.ts';
import type { ContractBenchOptions, ContractSample } from '../results.ts';
import 'antd-mobile/es/global';
import '@bourse/web/styles.css';
import { endpoints, TOPIC, type Endpoint, type Position } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { Provider } from 'effector-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { Component as ContractPage } from '@bourse/web/pages/contract';
import { $apiClient, ApiError, type ApiClient } from '@bourse/web/shared/api';
import { createI18n, i18nReady } from '@bourse/web/shared/i18n';
import { $socketConfig, $socketFactory, $status, socketStarted } from '@bourse/web/shared/socket';

const INFO = endpoints.contract.getContractInfo.example.response;
const POSITION = endpoints.contract.storeList.example.response.list[0];

async function contractBench(options: ContractBenchOptions): Promise<ContractSample> {
  const symbols = syntheticSymbols(options.positions);
  const frames = tickerFrames(symbols, options.warmupTicks + options.ticks);
  const first = JSON.parse(frames[0] ?? '{}') as {
    msg: { data: { symbol_id: string; last_price: string }[] };
  };
  // Half long, half short, each opened at its symbol's first price.
  const positions: Position[] = symbols.map((symbol, i) => {
    const entry = first.msg.data[i]?.last_price ?? '100.00';
    return {
      ...(POSITION as Position),
      id: String(5000 + i),
      symbol_id: symbol.id,
      symbol: symbol.display,
      direction: i % 2 === 0 ? 'long' : 'short',
      entry_price: entry,
      mark_price: entry,
    };
  });
  const replies: Readonly<Record<string, (body: unknown) => unknown>> = {
    [endpoints.index.getSymbolList.path]: () => ({ list: symbols }),
    [endpoints.contract.getContractInfo.path]: (body) => ({
      ...INFO,
      symbol_id: (body as { symbol_id: string }).symbol_id,
    }),
    [endpoints.contract.storeList.path]: () => ({ list: positions }),
    [endpoints.contract.orderList.path]: () => ({ list: [], total: 0, page: 1, limit: 50 }),
    [endpoints.market.getLogData.path]: (body) => ({
      symbol_id: (body as { symbol_id: string }).symbol_id,
      period: '15m',
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
          <MemoryRouter initialEntries={[`/pages/contract/contract?symbol=${symbolId}`]}>
            <ContractPage />
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
  const cards = () => document.querySelectorAll('[data-testid="position"]').length;
  await until(
    () => cards() >= options.positions,
    () => `listed ${String(options.positions)} positions (${String(cards())} shown)`,
  );
  // the compact chart loads after the form: its code is in before the ticks are timed
  await until(
    () => document.querySelector('canvas') !== null,
    () => 'drew the compact chart',
  );

  // the trader watches the positions: the list scrolled into view, as on a phone
  document.querySelector('[data-testid="position"]')?.scrollIntoView({ block: 'start' });
  const { tickMs, messageMs, longTasks } = await runTicks(feed.deliver, frames, options);
  return {
    positions: options.positions,
    cards: cards(),
    hz: options.hz,
    tickMs,
    messageMs,
    longTasks,
  };
}

declare global {
  interface Window {
    contractBench?: typeof contractBench;
  }
}

window.contractBench = contractBench;

import { createApiEffect } from '#shared/api';
import { endpoints, type SymbolInfo } from '@bourse/protocol';
import { createEvent, createStore, sample } from 'effector';

export type { SymbolInfo };

/**
 * - idle: nobody asked yet;
 * - loading: the list is on its way;
 * - ready: the list arrived (it may be empty);
 * - failed: the last attempt failed; asking again tries again.
 */
export type SymbolsStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** A screen needs the symbol list: loads it once per session (again only after a failure). */
export const symbolsRequested = createEvent();

export const fetchSymbolsFx = createApiEffect(endpoints.index.getSymbolList);

/** Every tradable symbol, in the server's order. */
export const $symbols = createStore<readonly SymbolInfo[]>([]);

export const $symbolsStatus = createStore<SymbolsStatus>('idle')
  .on(fetchSymbolsFx, () => 'loading')
  .on(fetchSymbolsFx.done, () => 'ready')
  .on(fetchSymbolsFx.fail, () => 'failed');

/** The symbols by id. */
export const $symbolsById = $symbols.map((symbols): Readonly<Record<string, SymbolInfo>> =>
  Object.fromEntries(symbols.map((symbol) => [symbol.id, symbol])),
);

$symbols.on(fetchSymbolsFx.doneData, (_, reply) => reply.list);

sample({
  clock: symbolsRequested,
  source: $symbolsStatus,
  filter: (status) => status === 'idle' || status === 'failed',
  fn: () => ({}),
  target: fetchSymbolsFx,
});

import { $symbols, $tickers } from '#entities/market';
import { combine } from 'effector';
import { topMovers } from '../lib/market.ts';

/**
 * The symbols that rose most over the last 24 h, across every category, live from the feed;
 * empty until the first tickers arrive.
 */
export const $topMovers = combine($symbols, $tickers, (symbols, tickers) =>
  topMovers(symbols, tickers),
);

/** Whether the symbol list has come (the movers wait for their first tickers after it). */
export const $hasSymbols = $symbols.map((symbols) => symbols.length > 0);

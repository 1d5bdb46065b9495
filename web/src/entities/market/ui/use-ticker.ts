import { useStoreMap } from 'effector-react';
import { $tickers, type Ticker } from '../model/tickers.ts';

/**
 * Whether a new ticker changes a number a screen shows. `time` alone is left out: it moves with
 * every push, and re-rendering a row for it would re-render every row on every frame.
 */
const numbersMoved = (next: Ticker | null, current: Ticker | null): boolean =>
  next === null || current === null
    ? next !== current
    : next.last_price !== current.last_price ||
      next.change_rate !== current.change_rate ||
      next.change !== current.change ||
      next.volume !== current.volume ||
      next.amount !== current.amount ||
      next.high !== current.high ||
      next.low !== current.low ||
      next.open !== current.open ||
      next.bid !== current.bid ||
      next.ask !== current.ask ||
      next.status !== current.status;

/**
 * One symbol's live 24 h ticker (null until the feed has it). The component re-renders only
 * when that symbol's numbers move, not when the market as a whole ticks: the way for a live
 * row or card to read prices.
 */
export function useTicker(symbolId: string): Ticker | null {
  return useStoreMap({
    store: $tickers,
    keys: [symbolId],
    fn: (tickers, [id]) => tickers[id] ?? null,
    updateFilter: numbersMoved,
  });
}

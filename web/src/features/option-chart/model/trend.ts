import type { Ticker } from '#entities/market';
import { createApiEffect } from '#shared/api';
import { endpoints } from '@bourse/protocol';
import { attach, createStore, sample, type Event, type Store } from 'effector';

/** One price of the line: when (server ms) and what. */
export interface TrendPoint {
  readonly time: number;
  readonly price: string;
}

/** The line keeps at most this many points. */
export const TREND_MAX_POINTS = 900;

export interface TrendConfig {
  /** a symbol came on screen: its history is read, the line starts afresh */
  readonly opened: Event<string>;
  /** the symbol on screen (null: none) */
  readonly $symbolId: Store<string | null>;
  /** the symbol's live ticker, at most once per frame */
  readonly $ticker: Store<Ticker | null>;
  /** how much history the line starts with, in one-minute closes */
  readonly historyMinutes: number;
}

/**
 * A symbol's live price line: one-minute closes for its history, then every price the feed
 * brings (its ticker's time is the server's). Create one per screen at module level.
 */
export function createTrend({ opened, $symbolId, $ticker, historyMinutes }: TrendConfig) {
  const loadHistoryFx = attach({
    effect: createApiEffect(endpoints.market.getLogData, { loading: false }),
    mapParams: (symbolId: string) => ({
      symbol_id: symbolId,
      period: '1m' as const,
      limit: historyMinutes,
    }),
  });
  sample({ clock: opened, target: loadHistoryFx });

  const pointOf = (ticker: Ticker): TrendPoint => ({ time: ticker.time, price: ticker.last_price });
  const $points = createStore<readonly TrendPoint[]>([], { serialize: 'ignore' });
  // another symbol starts afresh, from its price now when the feed has it
  sample({
    clock: opened,
    source: $ticker,
    fn: (ticker, id): readonly TrendPoint[] =>
      ticker !== null && ticker.symbol_id === id ? [pointOf(ticker)] : [],
    target: $points,
  });
  sample({
    clock: loadHistoryFx.done,
    source: { shown: $symbolId, points: $points },
    filter: ({ shown }, { params }) => params === shown,
    fn: ({ points }, { result }): readonly TrendPoint[] => {
      // a candle's close is the price at its end; live prices that came first stay after it
      const closes = result.list.map((candle) => ({
        time: candle.time + 60_000,
        price: candle.close,
      }));
      const firstLive = points[0]?.time ?? Number.POSITIVE_INFINITY;
      return [...closes.filter((point) => point.time < firstLive), ...points];
    },
    target: $points,
  });
  sample({
    clock: $ticker,
    source: { points: $points, shown: $symbolId },
    filter: ({ points, shown }, ticker) =>
      ticker !== null &&
      ticker.symbol_id === shown &&
      ticker.time > (points.at(-1)?.time ?? Number.NEGATIVE_INFINITY),
    fn: ({ points }, ticker): readonly TrendPoint[] => {
      const next = [
        ...points,
        { time: (ticker as Ticker).time, price: (ticker as Ticker).last_price },
      ];
      return next.length > TREND_MAX_POINTS ? next.slice(next.length - TREND_MAX_POINTS) : next;
    },
    target: $points,
  });

  return { $points, loadHistoryFx };
}

import type { Candle } from '#features/candle-chart';
import { $selectedSymbol, symbolSelected } from '#entities/market';
import { symbolOf, tickerOf } from '#entities/market/testing';
import { $apiClient } from '#shared/api';
import { $frameScheduler } from '#shared/lib';
import { manualFrames } from '#shared/lib/testing';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { $topics, pushReceived } from '#shared/socket';
import {
  CODES,
  endpoints,
  FUNC,
  klineTopic,
  type KlinePeriod,
  type PushMessage,
  type SymbolInfo,
} from '@bourse/protocol';
import { allSettled, createWatch, fork } from 'effector';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $candles,
  $chartKey,
  $olderStatus,
  $ticker,
  $view,
  CANDLE_LIMIT,
  KlineGate,
  olderRequested,
  olderRetried,
  periodOf,
  retryClicked,
  type KlineQuery,
} from './kline.ts';

const storage = await vi.hoisted(async () => {
  const { installMemoryStorage } = await import('#shared/storage/testing');
  return installMemoryStorage();
});

const BTC = symbolOf('1', { display: 'BTC/USDT', name: 'Bitcoin' });
const ETH = symbolOf('2', { display: 'ETH/USDT', name: 'Ethereum' });
const LIST: readonly SymbolInfo[] = [BTC, ETH];

const MINUTE = 60_000;
/** The newest opening time the fake market has. */
const NOW = 1_763_899_800_000;

const candleAt = (time: number, close = '100.00'): Candle => ({
  time,
  open: '100.00',
  high: '101.00',
  low: '99.00',
  close,
  volume: '2.5',
});

interface LogDataRequest {
  symbol_id: string;
  period: KlinePeriod;
  to?: number;
  limit: number;
}

/**
 * A market with `history` 1m candles per symbol up to NOW (other periods scaled), answering
 * getLogData's `to` and `limit` as the server does.
 */
function marketReplies(history = 1_200): Record<string, Reply> {
  return {
    [endpoints.index.getSymbolList.path]: () => ({ list: LIST }),
    [endpoints.market.getSymbol.path]: (body) => {
      const { symbol_id } = body as { symbol_id: string };
      if (!LIST.some((symbol) => symbol.id === symbol_id)) failWith(CODES.notFound, 'no symbol')();
      return tickerOf(symbol_id, { last_price: '100.00' });
    },
    [endpoints.market.getLogData.path]: (body) => {
      const request = body as LogDataRequest;
      if (!LIST.some((symbol) => symbol.id === request.symbol_id)) {
        failWith(CODES.notFound, 'no symbol')();
      }
      const step = request.period === '1m' ? MINUTE : 5 * MINUTE;
      const first = NOW - (history - 1) * step;
      const last = Math.min(NOW, request.to ?? NOW);
      const times: number[] = [];
      for (let time = last - ((last - first) % step); time >= first; time -= step) {
        times.unshift(time);
        if (times.length === request.limit) break;
      }
      return {
        symbol_id: request.symbol_id,
        period: request.period,
        list: times.map((time) => candleAt(time)),
      };
    },
  };
}

function setup(replies: Record<string, Reply> = marketReplies()) {
  const api = fakeClient(replies);
  const frames = manualFrames();
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$frameScheduler, frames.scheduler],
    ],
  });
  /** draws a frame: the live data that came since the last one is applied */
  const drawFrame = async () => {
    frames.draw();
    await allSettled(scope);
  };
  return { api, scope, drawFrame };
}

const open = (scope: ReturnType<typeof setup>['scope'], query: KlineQuery) =>
  allSettled(KlineGate.open, { scope, params: query });
const change = (scope: ReturnType<typeof setup>['scope'], query: KlineQuery) =>
  // a new address while open: what useGate does when the query changes (its `set` is untyped)
  allSettled(KlineGate.open, { scope, params: query });

const klinePush = (symbolId: string, period: KlinePeriod, candle: Candle): PushMessage => ({
  func: FUNC.kline,
  topic: klineTopic(symbolId, period),
  data: { symbol_id: symbolId, period, candle },
});

beforeEach(() => {
  storage.clear();
});

describe('the chart page', () => {
  it('loads the newest candles of the symbol and period of its address', async () => {
    const { api, scope } = setup();
    expect(scope.getState($view)).toBe('loading');

    await open(scope, { symbolId: '1', period: '1m' });

    expect(api.callsTo(endpoints.market.getLogData)).toStrictEqual([
      {
        path: endpoints.market.getLogData.path,
        body: { symbol_id: '1', period: '1m', limit: CANDLE_LIMIT },
      },
    ]);
    expect(scope.getState($view)).toBe('chart');
    expect(scope.getState($candles)).toHaveLength(CANDLE_LIMIT);
    expect(scope.getState($candles).at(-1)?.time).toBe(NOW);
    expect(scope.getState($ticker)?.symbol_id).toBe('1');
    expect(scope.getState($topics)).toStrictEqual({ [klineTopic('1', '1m')]: 1 });
  });

  it('opens the selected symbol when the address names none', async () => {
    const { api, scope } = setup();
    await allSettled(symbolSelected, { scope, params: ETH });

    await open(scope, { symbolId: null, period: '5m' });

    expect(scope.getState($chartKey)).toStrictEqual({ symbolId: '2', period: '5m' });
    expect(api.callsTo(endpoints.market.getLogData)[0]?.body).toMatchObject({ symbol_id: '2' });
  });

  it('makes a symbol opened from a link the selected one, so the Symbol tab returns to it', async () => {
    const { scope } = setup();
    await allSettled(symbolSelected, { scope, params: BTC });

    await open(scope, { symbolId: '2', period: '1m' });

    expect(scope.getState($selectedSymbol)?.id).toBe('2');
  });

  it('switching the period loads its candles and moves the live subscription', async () => {
    const { api, scope } = setup();
    await open(scope, { symbolId: '1', period: '1m' });

    await change(scope, { symbolId: '1', period: '5m' });

    expect(api.callsTo(endpoints.market.getLogData).map((call) => call.body)).toMatchObject([
      { period: '1m' },
      { period: '5m' },
    ]);
    expect(scope.getState($topics)).toStrictEqual({ [klineTopic('1', '5m')]: 1 });
    expect(scope.getState($candles).at(-1)?.time).toBe(NOW);
    // the 24 h statistics belong to the symbol: not fetched again for another period
    expect(api.callsTo(endpoints.market.getSymbol)).toHaveLength(1);
  });

  it('applies the live candle with the next frame: updates the forming one, appends the next', async () => {
    const { scope, drawFrame } = setup();
    await open(scope, { symbolId: '1', period: '1m' });

    await allSettled(pushReceived, {
      scope,
      params: klinePush('1', '1m', candleAt(NOW, '100.75')),
    });
    expect(scope.getState($candles).at(-1)?.close).not.toBe('100.75');
    await drawFrame();
    expect(scope.getState($candles).at(-1)).toStrictEqual(candleAt(NOW, '100.75'));
    expect(scope.getState($candles)).toHaveLength(CANDLE_LIMIT);

    await allSettled(pushReceived, {
      scope,
      params: klinePush('1', '1m', candleAt(NOW + MINUTE, '101.20')),
    });
    await drawFrame();
    expect(scope.getState($candles)).toHaveLength(CANDLE_LIMIT + 1);
    expect(scope.getState($candles).at(-1)?.close).toBe('101.20');
  });

  it('applies every push of one frame in order, with one update of the candles', async () => {
    const { scope, drawFrame } = setup();
    await open(scope, { symbolId: '1', period: '1m' });
    const updates: number[] = [];
    const watching = createWatch({
      unit: $candles.updates,
      scope,
      fn: () => updates.push(1),
    });

    for (const [time, close] of [
      [NOW, '100.75'],
      [NOW, '100.90'],
      [NOW + MINUTE, '101.20'],
    ] as const) {
      await allSettled(pushReceived, {
        scope,
        params: klinePush('1', '1m', candleAt(time, close)),
      });
    }
    await drawFrame();
    watching.unsubscribe();

    const candles = scope.getState($candles);
    expect(candles).toHaveLength(CANDLE_LIMIT + 1);
    expect(candles.at(-2)).toStrictEqual(candleAt(NOW, '100.90'));
    expect(candles.at(-1)).toStrictEqual(candleAt(NOW + MINUTE, '101.20'));
    expect(updates).toHaveLength(1);
  });

  it('ignores live candles of another symbol or period, and any after leaving', async () => {
    const { scope, drawFrame } = setup();
    await open(scope, { symbolId: '1', period: '1m' });
    const before = scope.getState($candles);

    await allSettled(pushReceived, { scope, params: klinePush('2', '1m', candleAt(NOW, '5')) });
    await allSettled(pushReceived, { scope, params: klinePush('1', '5m', candleAt(NOW, '5')) });
    await drawFrame();
    expect(scope.getState($candles)).toBe(before);

    await allSettled(KlineGate.close, { scope, params: { symbolId: '1', period: '1m' } });
    expect(scope.getState($topics)).toStrictEqual({});
    await allSettled(pushReceived, { scope, params: klinePush('1', '1m', candleAt(NOW, '5')) });
    await drawFrame();
    expect(scope.getState($candles)).toStrictEqual([]);
  });

  it('drops a live candle of the chart the user switched away from before the frame', async () => {
    const { scope, drawFrame } = setup();
    await open(scope, { symbolId: '1', period: '1m' });

    await allSettled(pushReceived, { scope, params: klinePush('1', '1m', candleAt(NOW, '5')) });
    await change(scope, { symbolId: '1', period: '5m' });
    await drawFrame();

    expect(scope.getState($chartKey)).toStrictEqual({ symbolId: '1', period: '5m' });
    expect(scope.getState($candles).some((candle) => candle.close === '5')).toBe(false);
  });

  it('loads older candles before the oldest shown, once at a time, until none are left', async () => {
    const { api, scope } = setup(marketReplies(1_200));
    await open(scope, { symbolId: '1', period: '1m' });
    const oldest = scope.getState($candles)[0]?.time ?? 0;

    await Promise.all([
      allSettled(olderRequested, { scope }),
      allSettled(olderRequested, { scope }),
    ]);

    const asked = api.callsTo(endpoints.market.getLogData).slice(1);
    expect(asked.map((call) => call.body)).toStrictEqual([
      { symbol_id: '1', period: '1m', to: oldest - 1, limit: CANDLE_LIMIT },
    ]);
    const candles = scope.getState($candles);
    expect(candles).toHaveLength(2 * CANDLE_LIMIT);
    expect(candles[CANDLE_LIMIT]?.time).toBe(oldest);
    expect(candles.every((candle, i) => i === 0 || candle.time > (candles[i - 1]?.time ?? 0))).toBe(
      true,
    );
    expect(scope.getState($olderStatus)).toBe('idle');

    // 200 left: fewer than asked for, so the series starts there
    await allSettled(olderRequested, { scope });
    expect(scope.getState($candles)).toHaveLength(1_200);
    expect(scope.getState($olderStatus)).toBe('exhausted');
    await allSettled(olderRequested, { scope });
    expect(api.callsTo(endpoints.market.getLogData)).toHaveLength(3);
  });

  it('asks for nothing older when the first load already held the whole history', async () => {
    const { api, scope } = setup(marketReplies(120));
    await open(scope, { symbolId: '1', period: '1m' });

    await allSettled(olderRequested, { scope });

    expect(scope.getState($candles)).toHaveLength(120);
    expect(scope.getState($olderStatus)).toBe('exhausted');
    expect(api.callsTo(endpoints.market.getLogData)).toHaveLength(1);
  });

  it('waits for the user after older candles failed to load', async () => {
    const replies = marketReplies();
    const { api, scope } = setup({
      ...replies,
      [endpoints.market.getLogData.path]: (body) => {
        if ((body as LogDataRequest).to !== undefined) failWith(CODES.failed, 'down')();
        return replies[endpoints.market.getLogData.path]?.(body);
      },
    });
    await open(scope, { symbolId: '1', period: '1m' });

    await allSettled(olderRequested, { scope });
    expect(scope.getState($olderStatus)).toBe('failed');
    await allSettled(olderRequested, { scope });
    expect(api.callsTo(endpoints.market.getLogData)).toHaveLength(2);

    await allSettled(olderRetried, { scope });
    expect(api.callsTo(endpoints.market.getLogData)).toHaveLength(3);
    expect(scope.getState($view)).toBe('chart');
  });

  it('shows an error with a retry when the candles do not load', async () => {
    let failing = true;
    const replies = marketReplies();
    const { scope } = setup({
      ...replies,
      [endpoints.market.getLogData.path]: (body) => {
        if (failing) failWith(CODES.failed, 'down')();
        return replies[endpoints.market.getLogData.path]?.(body);
      },
    });
    await open(scope, { symbolId: '1', period: '1m' });
    expect(scope.getState($view)).toBe('error');

    failing = false;
    await allSettled(retryClicked, { scope });
    expect(scope.getState($view)).toBe('chart');
  });

  it('says so for a symbol with no candles, and for one that does not exist', async () => {
    const replies = marketReplies();
    const empty = setup({
      ...replies,
      [endpoints.market.getLogData.path]: () => ({ symbol_id: '2', period: '1d', list: [] }),
    });
    await open(empty.scope, { symbolId: '2', period: '1d' });
    expect(empty.scope.getState($view)).toBe('empty');

    const unknown = setup();
    await open(unknown.scope, { symbolId: '999', period: '1m' });
    expect(unknown.scope.getState($view)).toBe('unknown');
  });

  it('drops a reply for a chart the user already left', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const replies = marketReplies();
    const { scope } = setup({
      ...replies,
      [endpoints.market.getLogData.path]: async (body) => {
        if ((body as LogDataRequest).period === '1m') await held;
        return replies[endpoints.market.getLogData.path]?.(body);
      },
    });
    const first = open(scope, { symbolId: '1', period: '1m' });
    const second = change(scope, { symbolId: '1', period: '5m' });
    release();
    await Promise.all([first, second]);

    expect(scope.getState($chartKey)?.period).toBe('5m');
    const candles = scope.getState($candles);
    expect((candles.at(-1)?.time ?? 0) - (candles.at(-2)?.time ?? 0)).toBe(5 * MINUTE);
  });
});

describe('the period in the address', () => {
  it('is read when known, else the default', () => {
    expect(periodOf('1M')).toBe('1M');
    expect(periodOf('4h')).toBe('4h');
    expect(periodOf('2m')).toBe('15m');
    expect(periodOf(null)).toBe('15m');
  });
});

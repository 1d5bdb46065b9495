import { $frameScheduler, appStarted, pageHidden } from '#shared/lib';
import { everyPushAFrame, manualFrames } from '#shared/lib/testing';
import { pushReceived } from '#shared/socket';
import { storageKey } from '#shared/storage';
import { FUNC, TOPIC, type PushMessage, type Ticker } from '@bourse/protocol';
import { allSettled, createWatch, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tickerOf } from '../testing/index.ts';
import { $data24h, $tickers, DATA24H_SAVE_INTERVAL_MS } from './tickers.ts';

// A local storage for this file, in place before the model persists into it.
const storage = await vi.hoisted(async () => {
  const { installMemoryStorage } = await import('#shared/storage/testing');
  return installMemoryStorage();
});

const data24h = (...tickers: Ticker[]): PushMessage => ({
  func: FUNC.data24h,
  topic: TOPIC.data24h,
  data: tickers,
});
const btcAt = (price: string) => tickerOf('btcusdt', { last_price: price });

beforeEach(() => {
  storage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** How many times a store changed in a scope. */
function changesOf(scope: Scope, store: typeof $tickers): { readonly count: number } {
  const seen = { count: 0 };
  createWatch({
    unit: store,
    scope,
    fn: () => {
      seen.count += 1;
    },
  });
  return seen;
}

describe('live tickers, once per frame', () => {
  it('apply the latest push of a frame when the frame comes, and only that one', async () => {
    const frames = manualFrames();
    const scope = fork({ values: [[$frameScheduler, frames.scheduler]] });
    const changes = changesOf(scope, $tickers);

    for (const price of ['100.00', '101.00', '102.00']) {
      await allSettled(pushReceived, { scope, params: data24h(btcAt(price)) });
    }
    // nothing is shown before the frame, and one frame is asked for, not three
    expect(scope.getState($tickers)).toStrictEqual({});
    expect(frames.waiting()).toBe(1);

    frames.draw();
    await allSettled(scope);
    expect(scope.getState($tickers)['btcusdt']?.last_price).toBe('102.00');
    expect(changes.count).toBe(1);

    // a frame with no push in it changes nothing; the next push asks for the next frame
    frames.draw();
    await allSettled(scope);
    expect(changes.count).toBe(1);
    await allSettled(pushReceived, { scope, params: data24h(btcAt('103.00')) });
    expect(frames.waiting()).toBe(1);
    frames.draw();
    await allSettled(scope);
    expect(scope.getState($tickers)['btcusdt']?.last_price).toBe('103.00');
    expect(changes.count).toBe(2);
  });

  it('leave other pushes alone', async () => {
    const frames = manualFrames();
    const scope = fork({ values: [[$frameScheduler, frames.scheduler]] });
    await allSettled(pushReceived, {
      scope,
      params: {
        func: FUNC.kline,
        topic: 'Kline.btcusdt.1m',
        data: {
          symbol_id: 'btcusdt',
          period: '1m',
          candle: { time: 0, open: '1', high: '1', low: '1', close: '1', volume: '1' },
        },
      },
    });
    frames.draw();
    await allSettled(scope);
    expect(frames.waiting()).toBe(0);
    expect(scope.getState($data24h)).toBeNull();
  });
});

describe('the 24h market data kept on the device', () => {
  /** what local storage holds: the last prices written, or null when nothing was */
  const kept = () => {
    const text = storage.get(storageKey('data24h'));
    return text === undefined
      ? null
      : (JSON.parse(text) as { last_price: string }[]).map((item) => item.last_price);
  };
  const setup = () => {
    const scope = fork({ values: [[$frameScheduler, everyPushAFrame]] });
    const push = (price: string) =>
      allSettled(pushReceived, { scope, params: data24h(btcAt(price)) });
    const wait = async (ms: number) => {
      vi.advanceTimersByTime(ms);
      await allSettled(scope);
    };
    return { scope, push, wait };
  };

  it('is written at most once per interval, with the latest push', async () => {
    const { push, wait } = setup();
    await push('100.00');
    await wait(1_000);
    await push('101.00');
    await push('102.00');
    expect(kept()).toBeNull();

    await wait(DATA24H_SAVE_INTERVAL_MS - 1_000);
    expect(kept()).toEqual(['102.00']);

    await push('103.00');
    await wait(DATA24H_SAVE_INTERVAL_MS - 1);
    expect(kept()).toEqual(['102.00']);
    await wait(1);
    expect(kept()).toEqual(['103.00']);

    // nothing new came: nothing more is written
    storage.clear();
    await wait(DATA24H_SAVE_INTERVAL_MS * 2);
    expect(kept()).toBeNull();
  });

  it('is written at once when the page is hidden, and not again for that push', async () => {
    const { scope, push, wait } = setup();
    await allSettled(pageHidden, { scope });
    expect(kept()).toBeNull();

    await push('100.00');
    await allSettled(pageHidden, { scope });
    expect(kept()).toEqual(['100.00']);

    storage.clear();
    await allSettled(pageHidden, { scope });
    await wait(DATA24H_SAVE_INTERVAL_MS * 2);
    expect(kept()).toBeNull();

    // the next push waits its interval again
    await push('101.00');
    await wait(DATA24H_SAVE_INTERVAL_MS);
    expect(kept()).toEqual(['101.00']);
  });

  it('takes in a push still waiting for its frame when the page is hidden', async () => {
    const frames = manualFrames();
    const scope = fork({ values: [[$frameScheduler, frames.scheduler]] });
    await allSettled(pushReceived, { scope, params: data24h(btcAt('100.00')) });
    frames.draw();
    await allSettled(scope);
    await allSettled(pageHidden, { scope });
    expect(kept()).toEqual(['100.00']);

    // a hidden page draws no frames
    await allSettled(pushReceived, { scope, params: data24h(btcAt('101.00')) });
    await allSettled(pageHidden, { scope });
    expect(kept()).toEqual(['101.00']);
    expect(scope.getState($tickers)['btcusdt']?.last_price).toBe('101.00');
  });

  it('is there when the app starts again', async () => {
    const first = setup();
    await first.push('100.00');
    await allSettled(pageHidden, { scope: first.scope });

    const second = setup();
    await allSettled(appStarted, { scope: second.scope });
    expect(second.scope.getState($data24h)).toEqual([btcAt('100.00')]);
    expect(second.scope.getState($tickers)['btcusdt']?.last_price).toBe('100.00');
  });
});

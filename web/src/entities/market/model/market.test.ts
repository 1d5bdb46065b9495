import { $apiClient } from '#shared/api';
import { fakeClient, failWith } from '#shared/api/testing';
import { $frameScheduler, appStarted } from '#shared/lib';
import { everyPushAFrame } from '#shared/lib/testing';
import { $topics, pushReceived } from '#shared/socket';
import { userInfoUpdated } from '#shared/session';
import { storageKey } from '#shared/storage';
import {
  endpoints,
  EXAMPLE_USER,
  FUNC,
  TOPIC,
  type PushMessage,
  type SymbolInfo,
  type Ticker,
} from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { symbolOf, tickerOf } from '../testing/index.ts';
import { $favourites, favouriteToggled } from './favourites.ts';
import { $selectedSymbol, symbolSelected } from './selection.ts';
import { $symbols, $symbolsById, $symbolsStatus, symbolsRequested } from './symbols.ts';
import { $tickers, MarketFeedGate } from './tickers.ts';

// A local storage for this file, in place before the models persist into it.
const storage = await vi.hoisted(async () => {
  const { installMemoryStorage } = await import('#shared/storage/testing');
  return installMemoryStorage();
});

/** A user of this device, by id. */
const userOf = (userId: string) => ({ ...EXAMPLE_USER, user_id: userId });

const AAPL = symbolOf('aapl', { category: 'stock', name: 'Apple Inc.' });
const BTC = symbolOf('btcusdt', { display: 'BTC/USDT', name: 'Bitcoin' });
const ETH = symbolOf('ethusdt', { display: 'ETH/USDT', name: 'Ethereum' });
const LIST: readonly SymbolInfo[] = [AAPL, BTC, ETH];

const listed = (list: readonly SymbolInfo[] = LIST) => ({
  [endpoints.index.getSymbolList.path]: () => ({ list }),
});

function setup(replies: Parameters<typeof fakeClient>[0] = listed()) {
  const api = fakeClient(replies);
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$frameScheduler, everyPushAFrame],
    ],
  });
  return { scope, api };
}

const push = (tickers: readonly Ticker[]): PushMessage => ({
  func: FUNC.data24h,
  topic: TOPIC.data24h,
  data: [...tickers],
});

beforeEach(() => {
  storage.clear();
});

describe('the symbol list', () => {
  it('loads once however many screens ask for it', async () => {
    const { scope, api } = setup();
    expect(scope.getState($symbolsStatus)).toBe('idle');

    await Promise.all([
      allSettled(symbolsRequested, { scope }),
      allSettled(symbolsRequested, { scope }),
    ]);
    await allSettled(symbolsRequested, { scope });

    expect(api.callsTo(endpoints.index.getSymbolList)).toHaveLength(1);
    expect(scope.getState($symbolsStatus)).toBe('ready');
    expect(scope.getState($symbols)).toStrictEqual(LIST);
    expect(scope.getState($symbolsById)['btcusdt']).toStrictEqual(BTC);
  });

  it('asks again after a failure, and only then', async () => {
    let fail = true;
    const { scope, api } = setup({
      [endpoints.index.getSymbolList.path]: () =>
        fail ? failWith(404, 'Not found')() : { list: [...LIST] },
    });

    await allSettled(symbolsRequested, { scope });
    expect(scope.getState($symbolsStatus)).toBe('failed');
    expect(scope.getState($symbols)).toStrictEqual([]);

    fail = false;
    await allSettled(symbolsRequested, { scope });
    await allSettled(symbolsRequested, { scope });

    expect(scope.getState($symbolsStatus)).toBe('ready');
    expect(scope.getState($symbols)).toHaveLength(3);
    expect(api.callsTo(endpoints.index.getSymbolList)).toHaveLength(2);
  });
});

describe('the live tickers', () => {
  it('follow the latest Data24h push, by symbol id', async () => {
    const { scope } = setup();
    expect(scope.getState($tickers)).toStrictEqual({});

    await allSettled(pushReceived, {
      scope,
      params: push([tickerOf('btcusdt', { last_price: '97000.00' }), tickerOf('aapl')]),
    });
    expect(scope.getState($tickers)['btcusdt']?.last_price).toBe('97000.00');

    await allSettled(pushReceived, {
      scope,
      params: push([tickerOf('btcusdt', { last_price: '97012.50', change_rate: '-0.42' })]),
    });
    const tickers = scope.getState($tickers);
    expect(tickers['btcusdt']?.last_price).toBe('97012.50');
    expect(tickers['btcusdt']?.change_rate).toBe('-0.42');
    expect(Object.keys(tickers)).toStrictEqual(['btcusdt']);
  });

  it('are subscribed while a screen showing prices is open, once however many are', async () => {
    const { scope } = setup();

    await allSettled(MarketFeedGate.open, { scope, params: {} });
    await allSettled(MarketFeedGate.open, { scope, params: {} });
    expect(scope.getState($topics)).toStrictEqual({ Data24h: 2 });

    await allSettled(MarketFeedGate.close, { scope, params: {} });
    expect(scope.getState($topics)).toStrictEqual({ Data24h: 1 });
    await allSettled(MarketFeedGate.close, { scope, params: {} });
    expect(scope.getState($topics)).toStrictEqual({});
  });
});

describe('the selected symbol', () => {
  it('is the first crypto symbol until the user picks one', async () => {
    const { scope } = setup();
    expect(scope.getState($selectedSymbol)).toBeNull();

    await allSettled(symbolsRequested, { scope });

    expect(scope.getState($selectedSymbol)).toStrictEqual({
      id: 'btcusdt',
      display: 'BTC/USDT',
      icon: BTC.icon,
      name: 'Bitcoin',
    });
  });

  it('keeps what the user picked (display, icon, name, id) across a reload', async () => {
    const first = setup();
    await allSettled(symbolsRequested, { scope: first.scope });
    await allSettled(symbolSelected, { scope: first.scope, params: ETH });

    expect(first.scope.getState($selectedSymbol)?.id).toBe('ethusdt');
    expect(JSON.parse(storage.get(storageKey('selectedSymbol')) ?? 'null')).toStrictEqual({
      id: 'ethusdt',
      display: 'ETH/USDT',
      icon: ETH.icon,
      name: 'Ethereum',
    });

    // the app starts again: the choice is there before the list arrives
    const second = setup();
    await allSettled(appStarted, { scope: second.scope });
    expect(second.scope.getState($selectedSymbol)?.display).toBe('ETH/USDT');
  });

  it('falls back to the default when the stored symbol is no longer listed', async () => {
    storage.set(
      storageKey('selectedSymbol'),
      JSON.stringify({ id: 'gone', display: 'GONE', icon: '', name: 'Delisted' }),
    );
    const { scope } = setup();
    await allSettled(appStarted, { scope });
    expect(scope.getState($selectedSymbol)?.id).toBe('gone');

    await allSettled(symbolsRequested, { scope });

    expect(scope.getState($selectedSymbol)?.id).toBe('btcusdt');
  });

  it('ignores a stored value that does not fit', async () => {
    storage.set(storageKey('selectedSymbol'), JSON.stringify({ id: 42 }));
    const { scope } = setup();
    await allSettled(appStarted, { scope });
    await allSettled(symbolsRequested, { scope });

    expect(scope.getState($selectedSymbol)?.id).toBe('btcusdt');
  });
});

describe('the favourites', () => {
  it('toggle in and out, in the order they were added, and survive a reload', async () => {
    const first = setup();
    await allSettled(favouriteToggled, { scope: first.scope, params: 'ethusdt' });
    await allSettled(favouriteToggled, { scope: first.scope, params: 'aapl' });
    await allSettled(favouriteToggled, { scope: first.scope, params: 'btcusdt' });
    await allSettled(favouriteToggled, { scope: first.scope, params: 'aapl' });

    expect(first.scope.getState($favourites)).toStrictEqual(['ethusdt', 'btcusdt']);

    const second = setup();
    await allSettled(appStarted, { scope: second.scope });
    expect(second.scope.getState($favourites)).toStrictEqual(['ethusdt', 'btcusdt']);
  });

  it("are each user's own on a shared device", async () => {
    const { scope } = setup();
    await allSettled(userInfoUpdated, { scope, params: userOf('1001') });
    await allSettled(favouriteToggled, { scope, params: 'aapl' });

    await allSettled(userInfoUpdated, { scope, params: userOf('1002') });
    expect(scope.getState($favourites)).toStrictEqual([]);
    await allSettled(favouriteToggled, { scope, params: 'btcusdt' });

    const later = setup();
    await allSettled(appStarted, { scope: later.scope });
    await allSettled(userInfoUpdated, { scope: later.scope, params: userOf('1001') });
    expect(later.scope.getState($favourites)).toStrictEqual(['aapl']);
    await allSettled(userInfoUpdated, { scope: later.scope, params: userOf('1002') });
    expect(later.scope.getState($favourites)).toStrictEqual(['btcusdt']);
  });
});

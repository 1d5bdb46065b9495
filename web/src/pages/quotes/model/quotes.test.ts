import { $favourites, $selectedSymbol, favouriteToggled } from '#entities/market';
import { symbolOf, tickerOf } from '#entities/market/testing';
import { $apiClient } from '#shared/api';
import { failWith, fakeClient } from '#shared/api/testing';
import { $frameScheduler } from '#shared/lib';
import { everyPushAFrame } from '#shared/lib/testing';
import { pushReceived } from '#shared/socket';
import { PATHS } from '#shared/routing';
import { recordNavigations } from '#shared/routing/testing';
import { endpoints, FUNC, TOPIC, type Ticker } from '@bourse/protocol';
import { allSettled, fork, type Scope } from 'effector';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $query,
  $rowIds,
  $searchError,
  $sort,
  $tab,
  $view,
  QuotesGate,
  queryChanged,
  retryClicked,
  rowOpened,
  searchCleared,
  searchSubmitted,
  sortToggled,
  tabChosen,
  type QuotesGateProps,
} from './quotes.ts';

const storage = await vi.hoisted(async () => {
  const { installMemoryStorage } = await import('#shared/storage/testing');
  return installMemoryStorage();
});

const AAPL = symbolOf('aapl', {
  symbol: 'AAPL',
  display: 'AAPL',
  name: 'Apple Inc.',
  category: 'stock',
});
const TSLA = symbolOf('tsla', {
  symbol: 'TSLA',
  display: 'TSLA',
  name: 'Tesla, Inc.',
  category: 'stock',
});
const GOLD = symbolOf('xauusd', {
  symbol: 'XAU/USD',
  display: 'XAU/USD',
  name: 'Gold / US Dollar',
  category: 'metal',
});
const BTC = symbolOf('btcusdt', { symbol: 'BTC/USDT', display: 'BTC/USDT', name: 'Bitcoin' });
const ETH = symbolOf('ethusdt', { symbol: 'ETH/USDT', display: 'ETH/USDT', name: 'Ethereum' });
const SOL = symbolOf('solusdt', { symbol: 'SOL/USDT', display: 'SOL/USDT', name: 'Solana' });
const LIST = [AAPL, TSLA, GOLD, BTC, ETH, SOL];

function setup(reply: () => unknown = () => ({ list: LIST })) {
  const api = fakeClient({ [endpoints.index.getSymbolList.path]: reply });
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$frameScheduler, everyPushAFrame],
    ],
  });
  return { scope, api, ...recordNavigations(scope) };
}

async function open(scope: Scope, props: QuotesGateProps = { tab: null }) {
  await allSettled(QuotesGate.open, { scope, params: props });
}

async function tick(scope: Scope, tickers: readonly Ticker[]) {
  await allSettled(pushReceived, {
    scope,
    params: { func: FUNC.data24h, topic: TOPIC.data24h, data: [...tickers] },
  });
}

const CRYPTO_TICKERS = [
  tickerOf('btcusdt', { last_price: '97000.00', change_rate: '1.20', volume: '18000' }),
  tickerOf('ethusdt', { last_price: '3400.00', change_rate: '-2.50', volume: '250000' }),
  tickerOf('solusdt', { last_price: '180.00', change_rate: '0.40', volume: '900000' }),
];

beforeEach(() => {
  storage.clear();
});

describe('the Market screen', () => {
  it('loads the symbols and lists the crypto tab when the URL names none', async () => {
    const { scope } = setup();
    expect(scope.getState($view)).toBe('loading');

    await open(scope);

    expect(scope.getState($tab)).toBe('crypto');
    expect(scope.getState($view)).toBe('list');
    expect(scope.getState($rowIds)).toStrictEqual(['btcusdt', 'ethusdt', 'solusdt']);
  });

  it('shows the tab the URL names, and changes the URL in place when a tab is chosen', async () => {
    const { scope, navigations } = setup();
    await open(scope, { tab: 'stock' });
    expect(scope.getState($rowIds)).toStrictEqual(['aapl', 'tsla']);

    await allSettled(tabChosen, { scope, params: 'metal' });
    expect(navigations).toStrictEqual([{ to: `${PATHS.quotes}?tab=metal`, replace: true }]);

    await open(scope, { tab: 'metal' });
    expect(scope.getState($rowIds)).toStrictEqual(['xauusd']);

    // an unknown tab in the URL falls back to the default one
    await open(scope, { tab: 'bonds' });
    expect(scope.getState($tab)).toBe('crypto');
  });

  it('says it could not load, and tries again on retry', async () => {
    let fail = true;
    const { scope } = setup(() => (fail ? failWith(404, 'Not found')() : { list: LIST }));
    await open(scope);
    expect(scope.getState($view)).toBe('error');

    fail = false;
    await allSettled(retryClicked, { scope });

    expect(scope.getState($view)).toBe('list');
  });
});

describe('searching', () => {
  it('filters as the user types, by ticker or name, in any case', async () => {
    const { scope } = setup();
    await open(scope);

    await allSettled(queryChanged, { scope, params: 'btc' });
    expect(scope.getState($rowIds)).toStrictEqual(['btcusdt']);

    await allSettled(queryChanged, { scope, params: 'ETHER' });
    expect(scope.getState($rowIds)).toStrictEqual(['ethusdt']);

    await allSettled(queryChanged, { scope, params: 'sol usdt' });
    expect(scope.getState($rowIds)).toStrictEqual(['solusdt']);
  });

  it('searches every market, the selected tab first, and says "no match" only when none has it', async () => {
    const { scope } = setup();
    await open(scope, { tab: 'crypto' });

    await allSettled(queryChanged, { scope, params: 'aapl' });
    expect(scope.getState($rowIds)).toStrictEqual(['aapl']);
    expect(scope.getState($view)).toBe('list');

    // "us" is in gold's name and in every crypto pair: the tab's own matches come first
    await allSettled(queryChanged, { scope, params: 'us' });
    expect(scope.getState($rowIds)).toStrictEqual(['btcusdt', 'ethusdt', 'solusdt', 'xauusd']);

    await open(scope, { tab: 'favourites' });
    await allSettled(queryChanged, { scope, params: 'tsla' });
    expect(scope.getState($rowIds)).toStrictEqual(['tsla']);
  });

  it('says there is no match, and clearing brings the list back', async () => {
    const { scope } = setup();
    await open(scope);

    await allSettled(queryChanged, { scope, params: 'zzz' });
    expect(scope.getState($view)).toBe('noMatch');

    await allSettled(searchCleared, { scope });
    expect(scope.getState($query)).toBe('');
    expect(scope.getState($rowIds)).toHaveLength(3);
  });

  it('requires content: an empty submit says so, and typing takes the message away', async () => {
    const { scope } = setup();
    await open(scope);

    await allSettled(queryChanged, { scope, params: '   ' });
    await allSettled(searchSubmitted, { scope });
    expect(scope.getState($searchError)).toBe('market.search.required');
    expect(scope.getState($rowIds)).toHaveLength(3);

    await allSettled(queryChanged, { scope, params: 'b' });
    expect(scope.getState($searchError)).toBeNull();

    await allSettled(searchSubmitted, { scope });
    expect(scope.getState($searchError)).toBeNull();
  });
});

describe('sorting', () => {
  it('cycles a column through ascending, descending and the server order', async () => {
    const { scope } = setup();
    await open(scope);
    await tick(scope, CRYPTO_TICKERS);

    await allSettled(sortToggled, { scope, params: 'change' });
    expect(scope.getState($sort)).toStrictEqual({ key: 'change', order: 'ascending' });
    expect(scope.getState($rowIds)).toStrictEqual(['ethusdt', 'solusdt', 'btcusdt']);

    await allSettled(sortToggled, { scope, params: 'change' });
    expect(scope.getState($rowIds)).toStrictEqual(['btcusdt', 'solusdt', 'ethusdt']);

    await allSettled(sortToggled, { scope, params: 'change' });
    expect(scope.getState($sort)).toBeNull();
    expect(scope.getState($rowIds)).toStrictEqual(['btcusdt', 'ethusdt', 'solusdt']);
  });

  it('sorts by name, price and volume, comparing decimals exactly', async () => {
    const { scope } = setup();
    await open(scope);
    await tick(scope, CRYPTO_TICKERS);

    await allSettled(sortToggled, { scope, params: 'price' });
    expect(scope.getState($rowIds)).toStrictEqual(['solusdt', 'ethusdt', 'btcusdt']);

    await allSettled(sortToggled, { scope, params: 'volume' });
    expect(scope.getState($rowIds)).toStrictEqual(['btcusdt', 'ethusdt', 'solusdt']);
    await allSettled(sortToggled, { scope, params: 'volume' });
    expect(scope.getState($rowIds)).toStrictEqual(['solusdt', 'ethusdt', 'btcusdt']);

    await allSettled(sortToggled, { scope, params: 'name' });
    expect(scope.getState($rowIds)).toStrictEqual(['btcusdt', 'ethusdt', 'solusdt']);
    await allSettled(sortToggled, { scope, params: 'name' });
    expect(scope.getState($rowIds)).toStrictEqual(['solusdt', 'ethusdt', 'btcusdt']);
  });

  it('re-orders as prices move, and puts symbols without a price last', async () => {
    const { scope } = setup();
    await open(scope);
    await tick(scope, CRYPTO_TICKERS.slice(0, 2));
    await allSettled(sortToggled, { scope, params: 'change' });
    await allSettled(sortToggled, { scope, params: 'change' });
    expect(scope.getState($rowIds)).toStrictEqual(['btcusdt', 'ethusdt', 'solusdt']);

    await tick(scope, [
      tickerOf('btcusdt', { change_rate: '0.10' }),
      tickerOf('ethusdt', { change_rate: '0.11' }),
    ]);

    expect(scope.getState($rowIds)).toStrictEqual(['ethusdt', 'btcusdt', 'solusdt']);
  });
});

describe('favourites and rows', () => {
  it('lists the favourites in the order they were added, or says there are none', async () => {
    const { scope } = setup();
    await open(scope, { tab: 'favourites' });
    expect(scope.getState($view)).toBe('noFavourites');

    await allSettled(favouriteToggled, { scope, params: 'tsla' });
    await allSettled(favouriteToggled, { scope, params: 'btcusdt' });

    expect(scope.getState($view)).toBe('list');
    expect(scope.getState($rowIds)).toStrictEqual(['tsla', 'btcusdt']);
    expect(scope.getState($favourites)).toStrictEqual(['tsla', 'btcusdt']);
  });

  it('opens the chart of a tapped row and makes it the selected symbol', async () => {
    const { scope, navigations } = setup();
    await open(scope);

    await allSettled(rowOpened, { scope, params: ETH });

    expect(scope.getState($selectedSymbol)?.id).toBe('ethusdt');
    expect(navigations).toStrictEqual([{ to: `${PATHS.kline}?symbol=ethusdt` }]);
  });
});

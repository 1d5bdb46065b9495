import { $data24h } from '#entities/market';
import { $apiClient } from '#shared/api';
import { fakeClient, failWith, type Reply } from '#shared/api/testing';
import { languageChanged } from '#shared/i18n';
import {
  CODES,
  endpoints,
  type Candle,
  type IpoOffering,
  type IpoStatus,
  type SymbolInfo,
  type Ticker,
} from '@bourse/protocol';
import { allSettled, fork, type Scope } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $banners,
  $bannersView,
  $noticesView,
  $tickerNotices,
  bannersRetryClicked,
} from './content.ts';
import {
  $category,
  $featured,
  $featuredView,
  $sparklines,
  $sparklinesFailed,
  categoryChosen,
  featuredRetryClicked,
  SPARKLINE_CANDLES,
  SPARKLINE_PERIOD,
} from './featured.ts';
import { HomeGate } from './gate.ts';
import {
  $ipoHasMore,
  $ipoOfferings,
  $ipoTab,
  $ipoView,
  IPO_PREVIEW,
  ipoRetryClicked,
  ipoTabChosen,
} from './ipo.ts';
import { $topMovers } from './movers.ts';

const HOUR = 3_600_000;
const NOW = 1_763_900_000_000;

const symbol = (id: string, category: SymbolInfo['category']): SymbolInfo => ({
  id,
  symbol: `S${id}`,
  display: `S${id}`,
  name: `Symbol ${id}`,
  icon: '',
  category,
  price_precision: 2,
  qty_step: '0.01',
  time_zone: 'UTC',
});

/** Eight stocks (ids 1–8), two crypto (21, 22), one metal (31), no forex. */
const SYMBOLS: SymbolInfo[] = [
  ...Array.from({ length: 8 }, (_, i) => symbol(String(i + 1), 'stock')),
  symbol('21', 'crypto'),
  symbol('22', 'crypto'),
  symbol('31', 'metal'),
];

const ticker = (id: string, lastPrice: string, changeRate: string): Ticker => ({
  symbol_id: id,
  symbol: `S${id}`,
  last_price: lastPrice,
  open: '100',
  high: '120',
  low: '80',
  change: '0',
  change_rate: changeRate,
  volume: '1',
  amount: '100',
  bid: lastPrice,
  ask: lastPrice,
  status: 'open',
  time: NOW + 10 * 60_000,
});

/** A day of hourly candles closing at 100, 101, …; the last one opened at NOW. */
const candles = (count: number): Candle[] =>
  Array.from({ length: count }, (_, i) => ({
    time: NOW - (count - 1 - i) * HOUR,
    open: '100',
    high: '130',
    low: '90',
    close: String(100 + i),
    volume: '1',
  }));

const offering = (id: string, status: IpoStatus): IpoOffering => ({
  id,
  symbol: `IPO${id}`,
  name: `Company ${id}`,
  icon: '',
  exchange: 'NASDAQ',
  issue_price: '20.00',
  currency: 'USD',
  shares_offered: '1000000',
  min_shares: '100',
  raise_amount: '20000000.00',
  subscription_start: NOW - 10 * HOUR,
  subscription_end: NOW + 10 * HOUR,
  allotment_time: NOW + 20 * HOUR,
  listing_time: NOW + 30 * HOUR,
  status,
  subscription_multiple: null,
  listing_price: null,
  listing_change_rate: null,
  summary: 'A company.',
  description: 'A company that does things.',
});

/** How many offerings each status has on the fake server. */
const IPO_COUNTS: Record<IpoStatus, number> = {
  subscribing: 5,
  submitted: 2,
  pending_listing: 0,
  listed: 3,
};

const ipoList: Reply = (body) => {
  const { status, limit } = body as { status: IpoStatus; limit: number };
  const all = Array.from({ length: IPO_COUNTS[status] }, (_, i) =>
    offering(`${status}-${i}`, status),
  );
  return { list: all.slice(0, limit), total: all.length, page: 1, limit };
};

const REPLIES: Record<string, Reply> = {
  [endpoints.index.bannerList.path]: () => ({
    list: [{ id: '1', title: 'Trade crypto 24/7', image: '/b.svg', link: '/pages/quotes/quotes' }],
  }),
  [endpoints.index.noticeList.path]: () => ({
    list: [{ id: '7', title: 'Maintenance', summary: '', pinned: true, created_at: NOW }],
    total: 1,
    page: 1,
    limit: 5,
  }),
  [endpoints.index.getSymbolList.path]: () => ({ list: SYMBOLS }),
  [endpoints.market.getLogData.path]: (body) => {
    const { symbol_id: id, period } = body as { symbol_id: string; period: string };
    return { symbol_id: id, period, list: candles(SPARKLINE_CANDLES) };
  },
  [endpoints.market.getIpoList.path]: ipoList,
};

function homeScope(overrides: Partial<Record<string, Reply>> = {}, tickers: Ticker[] = []) {
  const server = fakeClient({ ...REPLIES, ...overrides });
  const scope = fork({
    values: [
      [$apiClient, server.client],
      [$data24h, tickers],
    ],
  });
  const candleAsks = () =>
    server
      .callsTo(endpoints.market.getLogData)
      .map((call) => (call.body as { symbol_id: string }).symbol_id);
  return { server, scope, candleAsks };
}

const open = (scope: Scope) => allSettled(HomeGate.open, { scope, params: {} });
const close = (scope: Scope) => allSettled(HomeGate.close, { scope, params: {} });

describe('the home screen', () => {
  it('opens with banners, the latest announcements, and the first six stocks', async () => {
    const { scope } = homeScope();
    expect(scope.getState($bannersView)).toBe('loading');
    expect(scope.getState($featuredView)).toBe('loading');

    await open(scope);

    expect(scope.getState($bannersView)).toBe('ready');
    expect(scope.getState($banners)?.map((b) => b.title)).toStrictEqual(['Trade crypto 24/7']);
    expect(scope.getState($noticesView)).toBe('ready');
    expect(scope.getState($tickerNotices)?.map((n) => n.id)).toStrictEqual(['7']);
    expect(scope.getState($category)).toBe('stock');
    expect(scope.getState($featuredView)).toBe('ready');
    expect(scope.getState($featured).map((s) => s.id)).toStrictEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
  });

  it('switches the featured list by category and shows an empty category as empty', async () => {
    const { scope } = homeScope();
    await open(scope);

    await allSettled(categoryChosen, { scope, params: 'crypto' });
    expect(scope.getState($featured).map((s) => s.id)).toStrictEqual(['21', '22']);

    await allSettled(categoryChosen, { scope, params: 'forex' });
    expect(scope.getState($featured)).toStrictEqual([]);
    expect(scope.getState($featuredView)).toBe('empty');
  });

  it('loads a day of hourly candles once per visit for the symbols in view only', async () => {
    const { scope, server, candleAsks } = homeScope();
    await open(scope);

    expect(candleAsks()).toStrictEqual(['1', '2', '3', '4', '5', '6']);
    const first = server.callsTo(endpoints.market.getLogData)[0]?.body;
    expect(first).toMatchObject({ period: SPARKLINE_PERIOD, limit: SPARKLINE_CANDLES });

    await allSettled(categoryChosen, { scope, params: 'crypto' });
    await allSettled(categoryChosen, { scope, params: 'stock' });
    await allSettled(categoryChosen, { scope, params: 'crypto' });
    expect(candleAsks()).toStrictEqual(['1', '2', '3', '4', '5', '6', '21', '22']);

    // the next visit asks again, for the category in view
    await close(scope);
    await open(scope);
    expect(candleAsks().slice(8)).toStrictEqual(['21', '22']);
  });

  it('draws each sparkline through the candles to the live price', async () => {
    const { scope } = homeScope({}, [ticker('1', '140.5', '2.00')]);
    await open(scope);

    const line = scope.getState($sparklines)['1'];
    expect(line).toHaveLength(SPARKLINE_CANDLES);
    expect(line?.[0]).toBe('100');
    // the last candle is still forming: it ends at the live price
    expect(line?.at(-1)).toBe('140.5');
    // a symbol without a ticker yet shows its candles as they are
    expect(scope.getState($sparklines)['2']?.at(-1)).toBe(String(100 + SPARKLINE_CANDLES - 1));
  });

  it('leaves a sparkline out when its candles fail, the rest of the list standing', async () => {
    const { scope } = homeScope({
      [endpoints.market.getLogData.path]: (body) => {
        const { symbol_id: id, period } = body as { symbol_id: string; period: string };
        if (id === '3') return failWith(CODES.failed, 'no candles')();
        return { symbol_id: id, period, list: candles(4) };
      },
    });
    await open(scope);

    expect(scope.getState($sparklinesFailed).has('3')).toBe(true);
    expect(scope.getState($sparklines)['3']).toBeUndefined();
    expect(scope.getState($sparklines)['4']).toHaveLength(4);
    expect(scope.getState($featuredView)).toBe('ready');
  });

  it('ranks the top movers live across every category', async () => {
    const { scope } = homeScope({}, [
      ticker('1', '10', '9.5'),
      ticker('21', '10', '10.25'),
      ticker('31', '10', '-1'),
      ticker('5', '10', '3'),
    ]);
    await open(scope);
    expect(scope.getState($topMovers).map((m) => m.symbol.id)).toStrictEqual(['21', '1', '5']);

    await allSettled($data24h, {
      scope,
      params: [ticker('1', '10', '9.5'), ticker('31', '10', '12.4'), ticker('21', '10', '1')],
    });
    expect(scope.getState($topMovers).map((m) => m.symbol.id)).toStrictEqual(['31', '1', '21']);
  });

  it('keeps every other section when one fails, and retries that one alone', async () => {
    let bannersUp = false;
    const { scope, server } = homeScope({
      [endpoints.index.bannerList.path]: () => {
        if (!bannersUp) return failWith(CODES.failed, 'down')();
        return { list: [] };
      },
    });
    await open(scope);

    expect(scope.getState($bannersView)).toBe('error');
    expect(scope.getState($featuredView)).toBe('ready');
    expect(scope.getState($noticesView)).toBe('ready');
    expect(scope.getState($ipoView)).toBe('ready');

    bannersUp = true;
    await allSettled(bannersRetryClicked, { scope });
    expect(scope.getState($bannersView)).toBe('empty');
    expect(server.callsTo(endpoints.index.bannerList)).toHaveLength(2);
  });

  it('shows the symbol list failure in the featured section and retries it', async () => {
    let listUp = false;
    const { scope } = homeScope({
      [endpoints.index.getSymbolList.path]: () => {
        if (!listUp) return failWith(CODES.failed, 'down')();
        return { list: SYMBOLS };
      },
    });
    await open(scope);
    expect(scope.getState($featuredView)).toBe('error');

    listUp = true;
    await allSettled(featuredRetryClicked, { scope });
    expect(scope.getState($featuredView)).toBe('ready');
    expect(scope.getState($featured)).toHaveLength(6);
  });
});

describe('the IPO section', () => {
  it('shows the first offerings of the tab in view and whether there are more', async () => {
    const { scope, server } = homeScope();
    await open(scope);

    expect(scope.getState($ipoTab)).toBe('subscribing');
    expect(scope.getState($ipoView)).toBe('ready');
    expect(scope.getState($ipoOfferings)).toHaveLength(IPO_PREVIEW);
    expect(scope.getState($ipoHasMore)).toBe(true);
    expect(server.callsTo(endpoints.market.getIpoList)[0]?.body).toMatchObject({
      status: 'subscribing',
      page: 1,
      limit: IPO_PREVIEW,
    });

    await allSettled(ipoTabChosen, { scope, params: 'submitted' });
    expect(scope.getState($ipoOfferings).map((o) => o.status)).toStrictEqual([
      'submitted',
      'submitted',
    ]);
    expect(scope.getState($ipoHasMore)).toBe(false);

    await allSettled(ipoTabChosen, { scope, params: 'pending_listing' });
    expect(scope.getState($ipoView)).toBe('empty');
  });

  it('asks for each tab once per visit', async () => {
    const { scope, server } = homeScope();
    const statuses = () =>
      server
        .callsTo(endpoints.market.getIpoList)
        .map((call) => (call.body as { status: IpoStatus }).status);
    await open(scope);
    await allSettled(ipoTabChosen, { scope, params: 'listed' });
    await allSettled(ipoTabChosen, { scope, params: 'subscribing' });
    await allSettled(ipoTabChosen, { scope, params: 'listed' });
    expect(statuses()).toStrictEqual(['subscribing', 'listed']);

    await close(scope);
    await open(scope);
    expect(statuses()).toStrictEqual(['subscribing', 'listed', 'listed']);
  });

  it('shows an error for the tab that failed and loads it again on retry', async () => {
    let up = false;
    const { scope } = homeScope({
      [endpoints.market.getIpoList.path]: (body) => {
        if (!up) return failWith(CODES.failed, 'down')();
        return ipoList(body);
      },
    });
    await open(scope);
    expect(scope.getState($ipoView)).toBe('error');

    up = true;
    await allSettled(ipoRetryClicked, { scope });
    expect(scope.getState($ipoView)).toBe('ready');
    expect(scope.getState($ipoOfferings)).toHaveLength(IPO_PREVIEW);
  });
});

describe('another language', () => {
  it('asks an open screen for its banners, announcements and offerings again', async () => {
    const { scope, server } = homeScope();
    await open(scope);
    await allSettled(languageChanged, { scope, params: 'de' });

    for (const endpoint of [
      endpoints.index.bannerList,
      endpoints.index.noticeList,
      endpoints.market.getIpoList,
    ]) {
      expect(server.callsTo(endpoint), endpoint.path).toHaveLength(2);
    }
    expect(scope.getState($bannersView)).toBe('ready');
    expect(scope.getState($ipoView)).toBe('ready');
  });
});

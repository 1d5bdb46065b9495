import { $apiClient, ApiError } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { languageChanged } from '#shared/i18n';
import { endpoints, type IpoOffering, type IpoStatus } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { createIpoListModel } from './offerings.ts';

const { getIpoList } = endpoints.market;

const offering = (n: number, status: IpoStatus): IpoOffering => ({
  id: String(n),
  symbol: `IPO${String(n)}`,
  name: `Company ${String(n)}`,
  icon: '',
  exchange: 'NASDAQ',
  issue_price: '20.00',
  currency: 'USD',
  shares_offered: '1000000',
  min_shares: '100',
  raise_amount: '20000000.00',
  subscription_start: 1_763_600_000_000,
  subscription_end: 1_763_700_000_000,
  allotment_time: 1_763_800_000_000,
  listing_time: 1_763_900_000_000,
  status,
  subscription_multiple: status === 'subscribing' ? null : '3.20',
  listing_price: status === 'listed' ? '22.00' : null,
  listing_change_rate: status === 'listed' ? '10.00' : null,
  summary: `About ${String(n)}`,
  description: `All about ${String(n)}`,
});

/** A server of `total` offerings in the stage asked for, paged as asked. */
function ipoServer(total: number, options: { failing?: () => boolean } = {}) {
  return fakeClient({
    [getIpoList.path]: (body) => {
      if (options.failing?.()) throw new ApiError({ kind: 'transport', msg: 'fetch failed' });
      const {
        status = 'subscribing',
        page,
        limit,
      } = body as {
        status?: IpoStatus;
        page: number;
        limit: number;
      };
      const all = Array.from({ length: total }, (_, i) => offering(i + 1, status));
      return { list: all.slice((page - 1) * limit, page * limit), total, page, limit };
    },
  });
}

describe('a list of IPO offerings in one stage', () => {
  it('loads the first page of its stage when it first shows, and pages on', async () => {
    const model = createIpoListModel({ status: 'submitted', pageSize: 5 });
    const server = ipoServer(12);
    const scope = fork({ values: [[$apiClient, server.client]] });

    expect(scope.getState(model.$view)).toBe('loading');
    await allSettled(model.Gate.open, { scope, params: {} });
    expect(server.callsTo(getIpoList)).toEqual([
      { path: getIpoList.path, body: { status: 'submitted', page: 1, limit: 5 } },
    ]);
    expect(scope.getState(model.$view)).toBe('list');
    expect(scope.getState(model.$offerings).map((o) => o.status)).toEqual(
      Array(5).fill('submitted'),
    );
    expect(scope.getState(model.$hasMore)).toBe(true);

    await allSettled(model.loadNextPageFx, { scope });
    await allSettled(model.loadNextPageFx, { scope });
    expect(scope.getState(model.$offerings)).toHaveLength(12);
    expect(scope.getState(model.$hasMore)).toBe(false);
  });

  it('keeps what it shows when it opens again, and a refresh starts over', async () => {
    const model = createIpoListModel({ status: 'listed', pageSize: 5 });
    const server = ipoServer(12);
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(model.Gate.open, { scope, params: {} });
    await allSettled(model.loadNextPageFx, { scope });
    await allSettled(model.Gate.close, { scope, params: {} });

    await allSettled(model.Gate.open, { scope, params: {} });
    expect(server.callsTo(getIpoList)).toHaveLength(2);
    expect(scope.getState(model.$offerings)).toHaveLength(10);

    await allSettled(model.refreshFx, { scope });
    expect(scope.getState(model.$offerings)).toHaveLength(5);
  });

  it('a preview of N shows at most N offerings', async () => {
    const preview = createIpoListModel({ status: 'subscribing', pageSize: 3 });
    const scope = fork({ values: [[$apiClient, ipoServer(8).client]] });
    await allSettled(preview.Gate.open, { scope, params: {} });
    expect(scope.getState(preview.$offerings)).toHaveLength(3);
    expect(scope.getState(preview.$total)).toBe(8);
  });

  it('loads the list again in another language while it shows', async () => {
    const model = createIpoListModel({ status: 'subscribing', pageSize: 20 });
    const server = ipoServer(3);
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(model.Gate.open, { scope, params: {} });

    await allSettled(languageChanged, { scope, params: 'de' });
    expect(server.callsTo(getIpoList)).toHaveLength(2);
    expect(scope.getState(model.$view)).toBe('list');
  });
});

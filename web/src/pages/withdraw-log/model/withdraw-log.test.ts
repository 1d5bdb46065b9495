import { EXAMPLE_WITHDRAWAL, endpoints } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { pushReceived } from '#shared/socket';
import { fakeClient } from '#shared/api/testing';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { withdrawals } from './withdraw-log.ts';

describe('the withdrawal records', () => {
  it('page through cashlog, next pages appended', async () => {
    const records = Array.from({ length: 25 }, (_, i) => ({
      ...EXAMPLE_WITHDRAWAL,
      id: String(i + 1),
    }));
    const api = fakeClient({
      [endpoints.account.cashlog.path]: (body) => {
        const { page, limit } = body as { page: number; limit: number };
        return { list: records.slice((page - 1) * limit, page * limit), total: 25, page, limit };
      },
    });
    const scope = fork({ values: [[$apiClient, api.client]] });

    await allSettled(withdrawals.Gate.open, { scope, params: {} });
    expect(scope.getState(withdrawals.$hasMore)).toBe(true);
    await allSettled(withdrawals.loadNextPageFx, { scope });

    expect(scope.getState(withdrawals.$items)).toHaveLength(25);
    expect(scope.getState(withdrawals.$hasMore)).toBe(false);
  });

  it('show the error state when cashlog fails', async () => {
    const scope = fork({ values: [[$apiClient, fakeClient({}).client]] });
    await allSettled(withdrawals.Gate.open, { scope, params: {} });
    expect(scope.getState(withdrawals.$view)).toBe('error');
  });
});

describe('a decided withdrawal (the Funds push)', () => {
  it('loads the open list again, and leaves a closed one alone', async () => {
    const api = fakeClient({
      [endpoints.account.cashlog.path]: () => ({
        list: [EXAMPLE_WITHDRAWAL],
        total: 1,
        page: 1,
        limit: 20,
      }),
    });
    const scope = fork({ values: [[$apiClient, api.client]] });
    const push = {
      func: 'Funds',
      topic: 'Funds',
      data: { kind: 'withdrawal', record: { ...EXAMPLE_WITHDRAWAL, status: 'rejected' } },
    } as const;

    await allSettled(pushReceived, { scope, params: push });
    expect(api.callsTo(endpoints.account.cashlog)).toHaveLength(0);

    await allSettled(withdrawals.Gate.open, { scope, params: {} });
    await allSettled(pushReceived, { scope, params: push });
    expect(api.callsTo(endpoints.account.cashlog)).toHaveLength(2);
  });
});

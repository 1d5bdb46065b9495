import { EXAMPLE_WITHDRAWAL, endpoints } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
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

import { endpoints } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { transfers } from './transfer-log.ts';

const FLOW = {
  id: '60001',
  account: 'fund',
  kind: 'transfer_out',
  amount: '-1000.00',
  balance_after: '5200.00',
  currency: 'USDT',
  peer_account: 'contract',
  ref_id: 'TF1',
  remark: '',
  created_at: 1_763_899_100_000,
  account_mode: 'real',
} as const;

describe('the transfer records', () => {
  it('ask account/list for the transfers out, one row per transfer', async () => {
    const api = fakeClient({
      [endpoints.account.list.path]: () => ({ list: [FLOW], total: 1, page: 1, limit: 20 }),
    });
    const scope = fork({ values: [[$apiClient, api.client]] });

    await allSettled(transfers.Gate.open, { scope, params: {} });

    expect(api.callsTo(endpoints.account.list)).toStrictEqual([
      { path: endpoints.account.list.path, body: { page: 1, limit: 20, kinds: ['transfer_out'] } },
    ]);
    expect(scope.getState(transfers.$view)).toBe('list');
  });

  it('show the error state when the call fails', async () => {
    const api = fakeClient({});
    const scope = fork({ values: [[$apiClient, api.client]] });

    await allSettled(transfers.Gate.open, { scope, params: {} });

    expect(scope.getState(transfers.$view)).toBe('error');
  });
});

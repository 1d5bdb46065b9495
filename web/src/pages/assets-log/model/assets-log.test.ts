import { endpoints } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { accountPicked, flows, kindPicked } from './assets-log.ts';

const flow = (id: string, account: string) => ({
  id,
  account,
  kind: 'deposit',
  amount: '100.00',
  balance_after: '100.00',
  currency: 'USDT',
  peer_account: null,
  ref_id: '3001',
  remark: '',
  created_at: 1_763_899_100_000,
  account_mode: 'real',
});

describe('the fund records', () => {
  it('load the first page again, filtered, when the account or the kind changes', async () => {
    const api = fakeClient({
      [endpoints.account.list.path]: (body) => {
        const { account } = body as { account?: string };
        return { list: [flow(account ?? 'all', account ?? 'fund')], total: 1, page: 1, limit: 20 };
      },
    });
    const scope = fork({ values: [[$apiClient, api.client]] });

    await allSettled(flows.Gate.open, { scope, params: {} });
    await allSettled(accountPicked, { scope, params: 'contract' });
    await allSettled(kindPicked, { scope, params: 'deposit' });

    expect(api.callsTo(endpoints.account.list).map((call) => call.body)).toStrictEqual([
      { page: 1, limit: 20, kinds: [] },
      { page: 1, limit: 20, kinds: [], account: 'contract' },
      { page: 1, limit: 20, kinds: ['deposit'], account: 'contract' },
    ]);
    expect(scope.getState(flows.$items).map((item) => item.id)).toStrictEqual(['contract']);
  });

  it('does not call while the screen is closed', async () => {
    const api = fakeClient({});
    const scope = fork({ values: [[$apiClient, api.client]] });

    await allSettled(accountPicked, { scope, params: 'option' });

    expect(api.calls).toHaveLength(0);
  });
});

import { EXAMPLE_DEPOSIT, endpoints } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { showToastFx } from '#shared/ui/toast';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  cancelAsked,
  cancelConfirmed,
  cancelDismissed,
  demoTopUps,
  deposits,
} from './recharge-log.ts';

function setup(cancelReply: () => unknown) {
  let status = 'reviewing';
  const api = fakeClient({
    [endpoints.account.rechlog.path]: () => ({
      list: [{ ...EXAMPLE_DEPOSIT, status }],
      total: 1,
      page: 1,
      limit: 20,
    }),
    [endpoints.account.cancelRech.path]: () => {
      const reply = cancelReply();
      status = 'cancelled';
      return reply;
    },
  });
  const toasts: string[] = [];
  const scope = fork({
    values: [[$apiClient, api.client]],
    handlers: [[showToastFx, (text: string) => void toasts.push(text)]],
  });
  return { scope, api, toasts };
}

describe('the deposit records', () => {
  it('cancel a deposit under review only once confirmed, then show it cancelled', async () => {
    const { scope, api, toasts } = setup(() => ({
      ...EXAMPLE_DEPOSIT,
      status: 'cancelled',
      reviewed_at: 1,
    }));
    await allSettled(deposits.Gate.open, { scope, params: {} });

    await allSettled(cancelAsked, { scope, params: '3001' });
    await allSettled(cancelDismissed, { scope });
    expect(api.callsTo(endpoints.account.cancelRech)).toHaveLength(0);

    await allSettled(cancelAsked, { scope, params: '3001' });
    await allSettled(cancelConfirmed, { scope });

    expect(api.callsTo(endpoints.account.cancelRech)[0]?.body).toMatchObject({ id: '3001' });
    expect(toasts).toStrictEqual(['funds.deposit.cancelled']);
    expect(scope.getState(deposits.$items)[0]?.status).toBe('cancelled');
  });

  it('retry a cancel whose reply was lost with the same request id', async () => {
    let lose = true;
    const { scope, api } = setup(() => {
      if (lose) throw new Error('connection lost');
      return { ...EXAMPLE_DEPOSIT, status: 'cancelled', reviewed_at: 1 };
    });
    await allSettled(deposits.Gate.open, { scope, params: {} });

    await allSettled(cancelAsked, { scope, params: '3001' });
    await allSettled(cancelConfirmed, { scope });
    lose = false;
    await allSettled(cancelAsked, { scope, params: '3001' });
    await allSettled(cancelConfirmed, { scope });

    const ids = api
      .callsTo(endpoints.account.cancelRech)
      .map((call) => (call.body as { request_id: string }).request_id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });
});

describe('the deposit records on the demo account', () => {
  it('are the demo fund’s play money top-ups, from the fund flows', async () => {
    const api = fakeClient({
      [endpoints.account.list.path]: () => ({ list: [], total: 0, page: 1, limit: 20 }),
    });
    const scope = fork({ values: [[$apiClient, api.client]] });
    await allSettled(demoTopUps.Gate.open, { scope, params: {} });
    expect(api.callsTo(endpoints.account.list)[0]?.body).toMatchObject({
      account: 'fund',
      kinds: ['demo_topup'],
    });
    expect(api.callsTo(endpoints.account.rechlog)).toHaveLength(0);
  });
});

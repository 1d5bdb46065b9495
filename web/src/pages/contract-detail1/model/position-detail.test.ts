import { endpoints } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $position, $status, PositionDetailGate } from './position-detail.ts';

const orderList = endpoints.contract.orderList;

describe("a position's detail", () => {
  it('sums up the position of the address from its orders', async () => {
    const api = fakeClient({ [orderList.path]: () => orderList.example.response });
    const scope = fork({ values: [[$apiClient, api.client]] });
    await allSettled(PositionDetailGate.open, { scope, params: { id: '5001' } });
    expect(scope.getState($status)).toBe('ready');
    expect(scope.getState($position)).toMatchObject({
      entryPrice: '97000',
      exitPrice: '97250.5',
      realizedPnl: '25.05',
      fees: '7.78',
      closed: true,
      source: 'user',
    });
  });

  it('says which accounts it was traded on, as its orders say (not the switch)', async () => {
    const demo = {
      ...orderList.example.response,
      list: orderList.example.response.list.map((order) => ({
        ...order,
        account_mode: 'demo' as const,
      })),
    };
    const api = fakeClient({ [orderList.path]: () => demo });
    const scope = fork({ values: [[$apiClient, api.client]] });
    await allSettled(PositionDetailGate.open, { scope, params: { id: '5001' } });
    expect(scope.getState($position)?.accountMode).toBe('demo');
  });

  it('is not found when no order is its', async () => {
    const api = fakeClient({ [orderList.path]: () => orderList.example.response });
    const scope = fork({ values: [[$apiClient, api.client]] });
    await allSettled(PositionDetailGate.open, { scope, params: { id: '6000' } });
    expect(scope.getState($status)).toBe('notFound');
  });
});

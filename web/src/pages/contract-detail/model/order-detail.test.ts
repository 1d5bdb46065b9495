import { endpoints } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $order, $status, OrderDetailGate } from './order-detail.ts';

const orderList = endpoints.contract.orderList;
const reply = orderList.example.response;

describe("an order's detail", () => {
  it('shows the order of the address from the history', async () => {
    const api = fakeClient({ [orderList.path]: () => reply });
    const scope = fork({ values: [[$apiClient, api.client]] });
    await allSettled(OrderDetailGate.open, { scope, params: { id: '9002' } });
    expect(scope.getState($status)).toBe('ready');
    expect(scope.getState($order)).toMatchObject({
      order_no: 'CT20251123120001',
      realized_pnl: '25.05',
    });
  });

  it('is not found for an id the history lacks, and without a call for no id', async () => {
    const api = fakeClient({ [orderList.path]: () => reply });
    const scope = fork({ values: [[$apiClient, api.client]] });
    await allSettled(OrderDetailGate.open, { scope, params: { id: null } });
    expect(scope.getState($status)).toBe('notFound');
    expect(api.callsTo(orderList)).toHaveLength(0);
    await allSettled(OrderDetailGate.close, { scope, params: { id: null } });
    await allSettled(OrderDetailGate.open, { scope, params: { id: '77' } });
    expect(scope.getState($status)).toBe('notFound');
  });

  it('shows the error state when the history cannot be read', async () => {
    const scope = fork({ values: [[$apiClient, fakeClient({}).client]] });
    await allSettled(OrderDetailGate.open, { scope, params: { id: '9002' } });
    expect(scope.getState($status)).toBe('error');
  });
});

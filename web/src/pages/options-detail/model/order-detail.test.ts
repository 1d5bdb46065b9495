import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { $userInfo } from '#shared/session';
import { pushReceived } from '#shared/socket';
import { EXAMPLE_OPTION_ORDER, EXAMPLE_USER, endpoints, type OptionOrder } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $cancelOpen,
  $order,
  $status,
  cancelAsked,
  cancelConfirmed,
  OptionDetailGate,
} from './order-detail.ts';

const { orderList, getSecondList, orderCancel } = endpoints.options;

function setup(orders: { current: OptionOrder }) {
  const api = fakeClient({
    [orderList.path]: (body) => {
      const list =
        (body as { order_id?: string }).order_id === orders.current.id ? [orders.current] : [];
      return { list, total: list.length, page: 1, limit: 1 };
    },
    [getSecondList.path]: () => getSecondList.example.response,
    [orderCancel.path]: () => {
      orders.current = { ...orders.current, status: 'cancelled', payout: orders.current.amount };
      return orders.current;
    },
  });
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$userInfo, { ...EXAMPLE_USER, account_mode: 'real' }],
    ],
  });
  return { scope, api };
}

describe("an option order's detail", () => {
  it('reads the order of the address, and measures the server clock while it runs', async () => {
    const orders = { current: EXAMPLE_OPTION_ORDER as OptionOrder };
    const { scope, api } = setup(orders);
    await allSettled(OptionDetailGate.open, { scope, params: { id: '7001' } });
    expect(scope.getState($status)).toBe('ready');
    expect(scope.getState($order)?.order_no).toBe('OP20251123120001');
    expect(api.callsTo(orderList)[0]?.body).toEqual({ order_id: '7001', page: 1, limit: 1 });
    expect(api.callsTo(getSecondList)).toHaveLength(1);
  });

  it('reads it again when its push says it settled, and shows the result', async () => {
    const orders = { current: EXAMPLE_OPTION_ORDER as OptionOrder };
    const { scope } = setup(orders);
    await allSettled(OptionDetailGate.open, { scope, params: { id: '7001' } });
    orders.current = {
      ...EXAMPLE_OPTION_ORDER,
      status: 'settled',
      result: 'win',
      close_price: '97250.50',
      payout: '185.00',
    };
    await allSettled(pushReceived, {
      scope,
      params: { func: 'Option', topic: 'Option', data: orders.current },
    });
    expect(scope.getState($order)).toMatchObject({ result: 'win', payout: '185.00' });
  });

  it('cancels an order still waiting for its start once asked, with one request id, and shows it', async () => {
    const waiting: OptionOrder = {
      ...(EXAMPLE_OPTION_ORDER as OptionOrder),
      status: 'ordering',
      open_price: null,
      opened_at: null,
      settle_at: null,
      start_at: 1_763_903_600_000,
    };
    const orders = { current: waiting };
    const { scope, api } = setup(orders);
    await allSettled(OptionDetailGate.open, { scope, params: { id: '7001' } });
    await allSettled(cancelAsked, { scope });
    expect(scope.getState($cancelOpen)).toBe(true);
    expect(api.callsTo(orderCancel)).toHaveLength(0);
    await allSettled(cancelConfirmed, { scope });
    await allSettled(cancelConfirmed, { scope });
    const calls = api
      .callsTo(orderCancel)
      .map((call) => call.body as { order_id: string; request_id: string });
    expect(calls.map((body) => body.order_id)).toEqual(['7001', '7001'].slice(0, calls.length));
    expect(new Set(calls.map((body) => body.request_id)).size).toBe(1);
    expect(scope.getState($cancelOpen)).toBe(false);
    expect(scope.getState($order)).toMatchObject({ status: 'cancelled', payout: '100.00' });
  });

  it('is not found for an id the server does not know', async () => {
    const { scope } = setup({ current: EXAMPLE_OPTION_ORDER });
    await allSettled(OptionDetailGate.open, { scope, params: { id: '9' } });
    expect(scope.getState($status)).toBe('notFound');
  });
});

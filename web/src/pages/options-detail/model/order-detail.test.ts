import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { $userInfo } from '#shared/session';
import { pushReceived } from '#shared/socket';
import { EXAMPLE_OPTION_ORDER, EXAMPLE_USER, endpoints, type OptionOrder } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $order, $status, OptionDetailGate } from './order-detail.ts';

const { orderList, getSecondList } = endpoints.options;

function setup(orders: { current: OptionOrder }) {
  const api = fakeClient({
    [orderList.path]: (body) => {
      const list =
        (body as { order_id?: string }).order_id === orders.current.id ? [orders.current] : [];
      return { list, total: list.length, page: 1, limit: 1 };
    },
    [getSecondList.path]: () => getSecondList.example.response,
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

  it('is not found for an id the server does not know', async () => {
    const { scope } = setup({ current: EXAMPLE_OPTION_ORDER });
    await allSettled(OptionDetailGate.open, { scope, params: { id: '9' } });
    expect(scope.getState($status)).toBe('notFound');
  });
});

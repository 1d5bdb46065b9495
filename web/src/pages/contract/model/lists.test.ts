import { $openOrders, contractListsRequested } from '#entities/contract';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { $userInfo } from '#shared/session';
import { showToastFx } from '#shared/ui/toast';
import {
  EXAMPLE_CONTRACT_ORDER,
  EXAMPLE_USER,
  endpoints,
  type ContractOrder,
} from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { cancelClicked } from './lists.ts';

const pending = (id: string): ContractOrder => ({
  ...EXAMPLE_CONTRACT_ORDER,
  id,
  status: 'pending',
  filled_quantity: '0',
  avg_price: null,
  position_id: null,
});

function setup() {
  const api = fakeClient({
    [endpoints.contract.storeList.path]: () => ({ list: [] }),
    [endpoints.contract.orderList.path]: () => ({
      list: [pending('1'), pending('2')],
      total: 2,
      page: 1,
      limit: 50,
    }),
    [endpoints.contract.cancelOrder.path]: (body) => ({
      ...pending((body as { order_id: string }).order_id),
      status: 'cancelled',
    }),
  });
  const toasts: string[] = [];
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$userInfo, EXAMPLE_USER],
    ],
    handlers: [[showToastFx, (text: string) => void toasts.push(text)]],
  });
  const cancels = () =>
    api
      .callsTo(endpoints.contract.cancelOrder)
      .map((call) => call.body as { order_id: string; request_id: string });
  return { scope, cancels, toasts };
}

describe('cancelling an open order', () => {
  it('cancels once on a double tap, takes it off the list, and says so', async () => {
    const { scope, cancels, toasts } = setup();
    await allSettled(contractListsRequested, { scope });

    await Promise.all([
      allSettled(cancelClicked, { scope, params: '1' }),
      allSettled(cancelClicked, { scope, params: '1' }),
    ]);

    expect(cancels().map((body) => body.order_id)).toStrictEqual(['1']);
    expect(scope.getState($openOrders)?.map((order) => order.id)).toStrictEqual(['2']);
    expect(toasts).toStrictEqual(['contract.orders.cancelled']);
  });

  it('cancels another order as another intent, with a request id of its own', async () => {
    const { scope, cancels } = setup();
    await allSettled(contractListsRequested, { scope });

    await allSettled(cancelClicked, { scope, params: '1' });
    await allSettled(cancelClicked, { scope, params: '2' });

    const [first, second] = cancels();
    expect(second?.order_id).toBe('2');
    expect(second?.request_id).not.toBe(first?.request_id);
    expect(scope.getState($openOrders)).toStrictEqual([]);
  });
});

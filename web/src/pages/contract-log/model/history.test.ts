import { endpoints, type ContractOrder } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { orderHistory, positionHistory, symbolFilterChanged } from './history.ts';

const orderList = endpoints.contract.orderList;
const [CLOSE, OPEN] = orderList.example.response.list as unknown as [ContractOrder, ContractOrder];

/** Pages of 20: the first two hold opening orders only, the third a close. */
function server() {
  const orders: ContractOrder[] = [
    ...Array.from({ length: 40 }, (_, i) => ({ ...OPEN, id: String(1000 - i) })),
    CLOSE,
    ...Array.from({ length: 5 }, (_, i) => ({ ...OPEN, id: String(500 - i) })),
  ];
  const api = fakeClient({
    [orderList.path]: (body) => {
      const { page, limit } = body as { page: number; limit: number };
      return {
        list: orders.slice((page - 1) * limit, page * limit),
        total: orders.length,
        page,
        limit,
      };
    },
  });
  return { api, scope: fork({ values: [[$apiClient, api.client]] }) };
}

describe('the contract history', () => {
  it('lists every order of the history, a page of 20 at a time', async () => {
    const { api, scope } = server();
    await allSettled(orderHistory.Gate.open, { scope, params: {} });
    expect(scope.getState(orderHistory.$items)).toHaveLength(20);
    expect(scope.getState(orderHistory.$hasMore)).toBe(true);
    expect(api.callsTo(orderList)).toMatchObject([
      { body: { group: 'history', page: 1, limit: 20 } },
    ]);
  });

  it('shows the closes as the positions, reading on past pages that hold none', async () => {
    const { api, scope } = server();
    await allSettled(positionHistory.Gate.open, { scope, params: {} });
    expect(scope.getState(positionHistory.$items).map((order) => order.id)).toStrictEqual([
      CLOSE.id,
    ]);
    expect(scope.getState(positionHistory.$view)).toBe('list');
    expect(api.callsTo(orderList)).toHaveLength(3);
  });

  it('asks again for the chosen symbol only', async () => {
    const { api, scope } = server();
    await allSettled(orderHistory.Gate.open, { scope, params: {} });
    await allSettled(symbolFilterChanged, { scope, params: '1' });
    expect(api.callsTo(orderList).at(-1)).toMatchObject({
      body: { group: 'history', page: 1, symbol_id: '1' },
    });
  });
});

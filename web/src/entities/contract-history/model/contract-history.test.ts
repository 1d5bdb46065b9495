import { endpoints, type ContractOrder } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { summarisePosition } from '../lib/summary.ts';
import { findOrderFx, findPositionFx } from './lookup.ts';

const orderList = endpoints.contract.orderList;
const [CLOSE, OPEN] = orderList.example.response.list as unknown as [ContractOrder, ContractOrder];

/** A history of `count` orders, newest first, ids count…1, plus the given ones on top. */
function history(extra: readonly ContractOrder[], count: number): ContractOrder[] {
  const filler = Array.from({ length: count }, (_, i) => ({
    ...OPEN,
    id: String(100_000 + count - i),
    position_id: String(200_000 + count - i),
    status: 'cancelled' as const,
    filled_quantity: '0',
  }));
  return [...extra, ...filler];
}

function server(orders: readonly ContractOrder[]) {
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

describe('a position in the history', () => {
  it('sums the example: opened at 97 000, closed at 97 250.50, 25.05 realised, both fees', () => {
    const summary = summarisePosition('5001', [CLOSE, OPEN]);
    expect(summary).toMatchObject({
      symbol: 'BTC/USDT',
      direction: 'long',
      quantity: '0.1',
      closedQuantity: '0.1',
      entryPrice: '97000',
      exitPrice: '97250.5',
      realizedPnl: '25.05',
      // 1.94 to open, 5.84 to close
      fees: '7.78',
      closed: true,
      closedAt: CLOSE.updated_at,
      source: 'user',
    });
  });

  it('averages two partial closes by quantity, and is open while no opening order is Closed', () => {
    const first = {
      ...CLOSE,
      id: 'c1',
      quantity: '0.04',
      filled_quantity: '0.04',
      avg_price: '98000',
      realized_pnl: '40',
      fee: '1',
    };
    const second = {
      ...CLOSE,
      id: 'c2',
      quantity: '0.02',
      filled_quantity: '0.02',
      avg_price: '99500',
      realized_pnl: '50',
      fee: '1',
      source: 'take_profit' as const,
      updated_at: CLOSE.updated_at + 1,
    };
    const summary = summarisePosition('5001', [second, first, { ...OPEN, status: 'filled' }]);
    // (0.04 × 98 000 + 0.02 × 99 500) ÷ 0.06 = 98 500
    expect(summary).toMatchObject({
      exitPrice: '98500',
      closedQuantity: '0.06',
      realizedPnl: '90',
      closed: false,
      closedAt: null,
      source: 'take_profit',
    });
  });

  it('was opened when its first opening order filled, not when that order was placed', () => {
    // the example's limit order: placed at …700 000, filled (and the position opened) at …760 000
    expect(OPEN.updated_at).toBeGreaterThan(OPEN.created_at);
    expect(summarisePosition('5001', [CLOSE, OPEN])?.openedAt).toBe(
      endpoints.contract.storeList.example.response.list[0]?.opened_at,
    );
    // added to later by a market order: still the first fill
    const added = {
      ...OPEN,
      id: '9003',
      type: 'market' as const,
      created_at: OPEN.updated_at + 60_000,
      updated_at: OPEN.updated_at + 60_000,
    };
    expect(summarisePosition('5001', [CLOSE, added, OPEN])?.openedAt).toBe(OPEN.updated_at);
  });

  it('is null when no order of the history is its', () => {
    expect(summarisePosition('42', [CLOSE, OPEN])).toBeNull();
  });

  it('is found past the first page of the history', async () => {
    const { api, scope } = server(history([], 150).concat([CLOSE, OPEN]));
    const found = await allSettled(findPositionFx, { scope, params: '5001' });
    expect(found.status).toBe('done');
    expect(found.value).toMatchObject({ realizedPnl: '25.05', closed: true });
    expect(api.callsTo(orderList)).toHaveLength(2);
  });
});

describe('an order in the history', () => {
  it('is read page by page until found, and no further', async () => {
    const { api, scope } = server(history([], 120).concat([OPEN]).concat(history([], 200)));
    const found = await allSettled(findOrderFx, { scope, params: OPEN.id });
    expect(found.value).toMatchObject({ id: OPEN.id, status: 'closed' });
    expect(api.callsTo(orderList)).toMatchObject([
      { body: { group: 'history', page: 1, limit: 100 } },
      { body: { group: 'history', page: 2, limit: 100 } },
    ]);
  });

  it('is null once the history ends without it', async () => {
    const { api, scope } = server(history([], 30));
    const found = await allSettled(findOrderFx, { scope, params: '7' });
    expect(found.value).toBeNull();
    expect(api.callsTo(orderList)).toHaveLength(1);
  });
});

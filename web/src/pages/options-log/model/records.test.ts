import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { $userInfo } from '#shared/session';
import { pushReceived } from '#shared/socket';
import { EXAMPLE_OPTION_ORDER, EXAMPLE_USER, endpoints } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { records, symbolFilterChanged, tabOf } from './records.ts';

const { orderList } = endpoints.options;

describe('the options records', () => {
  it('reads each tab by its state, and by symbol once one is picked', async () => {
    const api = fakeClient({
      [orderList.path]: () => ({ list: [EXAMPLE_OPTION_ORDER], total: 1, page: 1, limit: 20 }),
      [endpoints.index.getSymbolList.path]: () => ({ list: [] }),
    });
    const scope = fork({
      values: [
        [$apiClient, api.client],
        [$userInfo, { ...EXAMPLE_USER, account_mode: 'real' }],
      ],
    });
    await allSettled(records.settled.Gate.open, { scope, params: {} });
    await allSettled(symbolFilterChanged, { scope, params: '2' });
    // an order moved between tabs: the open list starts again
    await allSettled(pushReceived, {
      scope,
      params: { func: 'Option', topic: 'Option', data: EXAMPLE_OPTION_ORDER },
    });
    expect(api.callsTo(orderList).map((call) => call.body)).toEqual([
      { status: 'settled', page: 1, limit: 20 },
      { status: 'settled', page: 1, limit: 20, symbol_id: '2' },
      { status: 'settled', page: 1, limit: 20, symbol_id: '2' },
    ]);
    expect(scope.getState(records.settled.$items)).toHaveLength(1);
  });

  it('opens on Trading unless the address names another tab', () => {
    expect(tabOf(null)).toBe('trading');
    expect(tabOf('settled')).toBe('settled');
    expect(tabOf('nonsense')).toBe('trading');
  });
});

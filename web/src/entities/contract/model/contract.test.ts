import {
  EXAMPLE_BALANCES,
  EXAMPLE_CONTRACT_ORDER,
  EXAMPLE_POSITION,
  EXAMPLE_USER,
  endpoints,
  type ContractOrder,
  type Position,
  type PushMessage,
} from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { $userInfo } from '#shared/session';
import { pushReceived } from '#shared/socket';
import { allSettled, fork, scopeBind } from 'effector';
import { describe, expect, it } from 'vitest';
import { liveFiguresOf } from '../lib/figures.ts';
import {
  $contractAvailable,
  $contractInfo,
  $openOrders,
  $positions,
  contractInfoRequested,
  contractListsRequested,
  ordersChanged,
  positionChanged,
  positionClosed,
} from './contract.ts';

const POSITION: Position = { ...EXAMPLE_POSITION };
const PENDING: ContractOrder = {
  ...EXAMPLE_CONTRACT_ORDER,
  id: '9001',
  status: 'pending',
  filled_quantity: '0',
  avg_price: null,
  position_id: null,
};
const INFO = endpoints.contract.getContractInfo.example.response;

function setup({
  positions = [POSITION],
  orders = [PENDING],
  mode = 'real',
}: {
  positions?: Position[];
  orders?: ContractOrder[];
  mode?: 'real' | 'demo';
} = {}) {
  const api = fakeClient({
    [endpoints.contract.storeList.path]: () => ({ list: positions }),
    [endpoints.contract.orderList.path]: () => ({
      list: orders,
      total: orders.length,
      page: 1,
      limit: 50,
    }),
    [endpoints.contract.getContractInfo.path]: () => INFO,
  });
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$userInfo, { ...EXAMPLE_USER, account_mode: mode }],
    ],
  });
  return { scope, api };
}

const push = (message: PushMessage) => message;

describe('the contract entity', () => {
  it('loads the positions and the open orders of the current mode', async () => {
    const { scope, api } = setup();
    await allSettled(contractListsRequested, { scope });

    expect(scope.getState($positions)?.map((one) => one.id)).toStrictEqual(['5001']);
    expect(scope.getState($openOrders)?.map((one) => one.id)).toStrictEqual(['9001']);
    expect(api.callsTo(endpoints.contract.orderList)[0]?.body).toMatchObject({ group: 'open' });
  });

  it('follows Position pushes: a changed one in place, a new one first, a closed one gone', async () => {
    const { scope } = setup();
    await allSettled(contractListsRequested, { scope });

    await allSettled(pushReceived, {
      scope,
      params: push({ func: 'Position', topic: 'Position', data: { ...POSITION, margin: '600' } }),
    });
    await allSettled(pushReceived, {
      scope,
      params: push({ func: 'Position', topic: 'Position', data: { ...POSITION, id: '5002' } }),
    });
    expect(scope.getState($positions)?.map((one) => [one.id, one.margin])).toStrictEqual([
      ['5002', '535.00'],
      ['5001', '600'],
    ]);

    await allSettled(pushReceived, {
      scope,
      params: push({ func: 'Position', topic: 'Position', data: { id: '5001', closed: true } }),
    });
    expect(scope.getState($positions)?.map((one) => one.id)).toStrictEqual(['5002']);
  });

  it('keeps what a push changed while a load was on its way: the older answer does not bring it back', async () => {
    let answer = (): void => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const api = fakeClient({
      // the load is answered with the list as it was when it started, after the pushes came
      [endpoints.contract.storeList.path]: async () => {
        await answered;
        return { list: [POSITION, { ...POSITION, id: '5002' }] };
      },
      [endpoints.contract.orderList.path]: async () => {
        await answered;
        return { list: [PENDING], total: 1, page: 1, limit: 50 };
      },
    });
    const scope = fork({
      values: [
        [$apiClient, api.client],
        [$userInfo, { ...EXAMPLE_USER, account_mode: 'real' }],
      ],
    });
    const loaded = allSettled(contractListsRequested, { scope });
    // pushes arrive while the loads wait (allSettled would wait for the loads too)
    const pushNow = scopeBind(pushReceived, { scope });
    pushNow(push({ func: 'Position', topic: 'Position', data: { ...POSITION, margin: '600' } }));
    pushNow(push({ func: 'Position', topic: 'Position', data: { id: '5002', closed: true } }));
    pushNow(push({ func: 'Order', topic: 'Order', data: { ...PENDING, status: 'cancelled' } }));
    answer();
    await loaded;
    expect(scope.getState($positions)?.map((one) => [one.id, one.margin])).toStrictEqual([
      ['5001', '600'],
    ]);
    expect(scope.getState($openOrders)).toStrictEqual([]);
  });

  it("leaves out another mode's pushes", async () => {
    const { scope } = setup({ mode: 'demo', positions: [], orders: [] });
    await allSettled(contractListsRequested, { scope });

    await allSettled(pushReceived, {
      scope,
      params: push({ func: 'Position', topic: 'Position', data: POSITION }),
    });
    await allSettled(pushReceived, {
      scope,
      params: push({ func: 'Order', topic: 'Order', data: PENDING }),
    });

    expect(scope.getState($positions)).toStrictEqual([]);
    expect(scope.getState($openOrders)).toStrictEqual([]);
  });

  it('keeps an order while it is open and drops it once it fills or is cancelled', async () => {
    const { scope } = setup({ orders: [] });
    await allSettled(contractListsRequested, { scope });

    await allSettled(pushReceived, {
      scope,
      params: push({ func: 'Order', topic: 'Order', data: PENDING }),
    });
    await allSettled(pushReceived, {
      scope,
      params: push({
        func: 'Order',
        topic: 'Order',
        data: { ...PENDING, status: 'partially_filled', filled_quantity: '0.05' },
      }),
    });
    expect(scope.getState($openOrders)?.map((one) => one.filled_quantity)).toStrictEqual(['0.05']);

    await allSettled(pushReceived, {
      scope,
      params: push({ func: 'Order', topic: 'Order', data: { ...PENDING, status: 'cancelled' } }),
    });
    expect(scope.getState($openOrders)).toStrictEqual([]);
  });

  it("takes the position dialogs' replies, and loads again when orders changed", async () => {
    const { scope, api } = setup();
    await allSettled(contractListsRequested, { scope });

    await allSettled(positionChanged, { scope, params: { ...POSITION, take_profit: '99500.00' } });
    expect(scope.getState($positions)?.[0]?.take_profit).toBe('99500.00');

    await allSettled(positionClosed, { scope, params: '5001' });
    expect(scope.getState($positions)).toStrictEqual([]);

    await allSettled(ordersChanged, { scope });
    expect(api.callsTo(endpoints.contract.orderList)).toHaveLength(2);
    expect(api.callsTo(endpoints.contract.storeList)).toHaveLength(2);
  });

  it("keeps the contract account's available balance from the info and the Balance push", async () => {
    const { scope } = setup();
    await allSettled(contractInfoRequested, { scope, params: '1' });
    expect(scope.getState($contractAvailable)).toBe('12450.30');

    const pushed = {
      ...EXAMPLE_BALANCES,
      list: EXAMPLE_BALANCES.list.map((one) =>
        one.account === 'contract' ? { ...one, available: '11000.00' } : one,
      ),
    };
    await allSettled(pushReceived, {
      scope,
      params: push({ func: 'Balance', topic: 'Balance', data: pushed }),
    } as never);
    expect(scope.getState($contractAvailable)).toBe('11000.00');
    expect(scope.getState($contractInfo)['1']?.available).toBe('11000.00');
  });

  it('forgets the positions of a mode the user left', async () => {
    const { scope } = setup();
    await allSettled(contractListsRequested, { scope });
    await allSettled($userInfo, { scope, params: { ...EXAMPLE_USER, account_mode: 'demo' } });

    expect(scope.getState($positions)).toBeNull();
    expect(scope.getState($openOrders)).toBeNull();
  });
});

describe('a position at the live mark (FORMULAS.md)', () => {
  it("works the protocol's example position to the cent", () => {
    expect(liveFiguresOf(POSITION, '97250.50', '0.005')).toStrictEqual({
      mark: '97250.50',
      unrealizedPnl: '25.05',
      profitRate: '5.16',
      marginRatio: '8.68',
      liquidationPrice: '92135',
    });
  });

  it('moves with the mark: long 1 at 20 000, 50x, reaches its liquidation price at 19 700', () => {
    const long: Position = {
      ...POSITION,
      quantity: '1',
      entry_price: '20000',
      leverage: 50,
      margin: '400',
    };
    expect(liveFiguresOf(long, '19700', '0.005')).toMatchObject({
      unrealizedPnl: '-300.00',
      profitRate: '-75.00',
      marginRatio: '98.50',
      liquidationPrice: '19700',
    });
    const short: Position = { ...long, direction: 'short' };
    expect(liveFiguresOf(short, '19700', '0.005')).toMatchObject({
      unrealizedPnl: '300.00',
      liquidationPrice: '20300',
    });
  });

  it("uses the server's ratio and liquidation price until the symbol's rate is known", () => {
    expect(liveFiguresOf(POSITION, '98000', null)).toMatchObject({
      unrealizedPnl: '100.00',
      profitRate: '20.62',
      marginRatio: '8.68',
      liquidationPrice: '92135.00',
    });
  });
});

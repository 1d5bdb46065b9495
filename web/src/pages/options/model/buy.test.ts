import { $balances } from '#entities/balance';
import { $deviceClock, $serverOffset } from '#entities/option';
import { $data24h } from '#entities/market';
import { symbolOf, tickerOf } from '#entities/market/testing';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { $intentClock, DOUBLE_TAP_MS } from '#shared/api/intent';
import { $userInfo } from '#shared/session';
import { $online, pageVisible, pushReceived } from '#shared/socket';
import { showToastFx } from '#shared/ui/toast';
import { optionPayout } from '@bourse/formulas/options';
import {
  EXAMPLE_BALANCES,
  EXAMPLE_OPTION_ORDER,
  EXAMPLE_USER,
  endpoints,
  type IdentityStatus,
  type OptionOrder,
} from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $amount,
  $attemptErrors,
  $confirming,
  $duration,
  $payout,
  $verifyPrompt,
  amountChanged,
  buyClicked,
  confirmClicked,
  durationPicked,
  quickPicked,
} from './buy.ts';
import { $durations, $running, $trend, OptionsGate } from './page.ts';

const TICKER = tickerOf('1', { last_price: '97180.00', time: 1_763_899_990_000 });
const TABLE = endpoints.options.getSecondList.example.response;
const OPTION_AVAILABLE = '1900.00';

const trading = (id: string, overrides: Partial<OptionOrder> = {}): OptionOrder => ({
  ...EXAMPLE_OPTION_ORDER,
  id,
  ...overrides,
});

function setup({
  identity = 'verified',
  running = [],
  online = true,
}: { identity?: IdentityStatus; running?: readonly OptionOrder[]; online?: boolean } = {}) {
  let now = 1_763_900_000_000;
  /** this device's clock: the server's (TABLE.server_time) unless a test moves it */
  const device = { now: TABLE.server_time };
  const api = fakeClient({
    [endpoints.options.getSecondList.path]: () => TABLE,
    [endpoints.options.orderList.path]: (body) => {
      const { status } = body as { status?: string };
      const list = running.filter((order) => order.status === status);
      return { list, total: list.length, page: 1, limit: 100 };
    },
    [endpoints.options.addOrder.path]: (body) => ({
      ...EXAMPLE_OPTION_ORDER,
      id: '9001',
      direction: (body as { direction: 'up' | 'down' }).direction,
      amount: (body as { amount: string }).amount,
    }),
    [endpoints.market.getLogData.path]: () => ({
      symbol_id: '1',
      period: '1m',
      list: [
        {
          time: 1_763_899_860_000,
          open: '97100',
          high: '97200',
          low: '97000',
          close: '97150.00',
          volume: '1',
          amount: '97150',
        },
      ],
    }),
    [endpoints.index.getSymbolList.path]: () => ({ list: [symbolOf('1')] }),
  });
  const toasts: string[] = [];
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$userInfo, { ...EXAMPLE_USER, identity_status: identity, account_mode: 'real' }],
      [$data24h, [TICKER]],
      [$balances, EXAMPLE_BALANCES],
      [$online, online],
      [$intentClock, () => now],
      [$deviceClock, () => device.now],
    ],
    handlers: [[showToastFx, (text: string) => void toasts.push(text)]],
  });
  const orders = () =>
    api.callsTo(endpoints.options.addOrder).map((call) => call.body as Record<string, unknown>);
  const pass = (ms: number) => {
    now += ms;
  };
  return { scope, api, orders, toasts, pass, device };
}

async function opened(options?: Parameters<typeof setup>[0]) {
  const context = setup(options);
  await allSettled(OptionsGate.open, { scope: context.scope, params: { symbolId: '1' } });
  return context;
}

describe('the options page', () => {
  it("reads the symbol's durations from the server and starts on the first open one", async () => {
    const { scope } = await opened();
    expect(scope.getState($durations)?.map((one) => one.id)).toEqual(['1', '2']);
    expect(scope.getState($duration)?.id).toBe('1');
    await allSettled(durationPicked, { scope, params: '2' });
    expect(scope.getState($duration)?.payout_rate).toBe('85');
  });

  it("measures the server's clock again when the page shows again", async () => {
    const { scope, api, device } = await opened();
    expect(scope.getState($serverOffset)).toBe(0);
    // the phone slept, and its clock drifted 4 s behind meanwhile
    device.now = TABLE.server_time - 4_000;
    await allSettled(pageVisible, { scope });
    expect(api.callsTo(endpoints.options.getSecondList)).toHaveLength(2);
    expect(scope.getState($serverOffset)).toBe(4_000);
  });

  it('starts the line from the one-minute closes, then adds each tick', async () => {
    const { scope } = await opened();
    expect(scope.getState($trend)).toEqual([
      { time: 1_763_899_920_000, price: '97150.00' },
      { time: 1_763_899_990_000, price: '97180.00' },
    ]);
  });

  it('shows what a win pays back, by the shared formula', async () => {
    const { scope } = await opened();
    await allSettled(amountChanged, { scope, params: '100' });
    expect(scope.getState($payout)).toBe(optionPayout('100', '80').toFixed(2));
    expect(scope.getState($payout)).toBe('180.00');
    await allSettled(quickPicked, { scope, params: 'max' });
    // the balance (1 900) is under the duration's bound (5 000)
    expect(scope.getState($amount)).toBe(OPTION_AVAILABLE);
  });
});

describe('buying', () => {
  it('confirms first, then sends the price seen, once for a double tap', async () => {
    const { scope, orders, toasts } = await opened();
    await allSettled(amountChanged, { scope, params: '100' });
    await allSettled(buyClicked, { scope, params: 'up' });
    expect(scope.getState($confirming)).toBe('up');
    expect(orders()).toHaveLength(0);

    await Promise.all([
      allSettled(confirmClicked, { scope }),
      allSettled(confirmClicked, { scope }),
    ]);
    expect(orders()).toEqual([
      {
        symbol_id: '1',
        duration_id: '1',
        direction: 'up',
        amount: '100',
        quote_price: '97180.00',
        request_id: expect.any(String) as string,
      },
    ]);
    expect(scope.getState($confirming)).toBeNull();
    expect(scope.getState($running)?.map((order) => order.id)).toEqual(['9001']);
    expect(toasts).toEqual(['options.buy.placed']);
  });

  it('gives the other direction its own request id', async () => {
    const { scope, orders, pass } = await opened();
    await allSettled(amountChanged, { scope, params: '100' });
    await allSettled(buyClicked, { scope, params: 'up' });
    await allSettled(confirmClicked, { scope });
    await allSettled(buyClicked, { scope, params: 'down' });
    await allSettled(confirmClicked, { scope });
    pass(DOUBLE_TAP_MS);
    await allSettled(buyClicked, { scope, params: 'down' });
    await allSettled(confirmClicked, { scope });
    const ids = orders().map((order) => order.request_id);
    expect(new Set(ids).size).toBe(3);
  });

  it("refuses a stake out of the duration's bounds or over the balance", async () => {
    const { scope, orders } = await opened();
    for (const [amount, key] of [
      ['5', 'funds.errors.belowMin'],
      ['6000', 'funds.errors.aboveMax'],
      ['2000', 'funds.errors.insufficient'],
      ['10.005', 'options.errors.decimals'],
      ['', 'validation.required'],
    ] as const) {
      await allSettled(amountChanged, { scope, params: amount });
      await allSettled(buyClicked, { scope, params: 'up' });
      expect(scope.getState($attemptErrors)).toEqual({ amount: { key } });
      expect(scope.getState($confirming)).toBeNull();
    }
    expect(orders()).toHaveLength(0);
  });

  it('closes the sheet onto the amount when the balance moved before the confirmation', async () => {
    const { scope, orders } = await opened();
    await allSettled(amountChanged, { scope, params: '1000' });
    await allSettled(buyClicked, { scope, params: 'up' });
    expect(scope.getState($confirming)).toBe('up');
    await allSettled($balances, {
      scope,
      params: {
        ...EXAMPLE_BALANCES,
        list: EXAMPLE_BALANCES.list.map((one) =>
          one.account === 'option' ? { ...one, available: '500.00' } : one,
        ),
      },
    });
    await allSettled(confirmClicked, { scope });
    expect(orders()).toHaveLength(0);
    expect(scope.getState($confirming)).toBeNull();
    expect(scope.getState($attemptErrors)).toEqual({
      amount: { key: 'funds.errors.insufficient' },
    });
  });

  it('asks an unverified real user to verify first', async () => {
    const { scope } = await opened({ identity: 'unverified' });
    await allSettled(amountChanged, { scope, params: '100' });
    await allSettled(buyClicked, { scope, params: 'up' });
    expect(scope.getState($verifyPrompt)).toBe(true);
    expect(scope.getState($confirming)).toBeNull();
  });

  it('does nothing while offline', async () => {
    const { scope } = await opened({ online: false });
    await allSettled(amountChanged, { scope, params: '100' });
    await allSettled(buyClicked, { scope, params: 'up' });
    expect(scope.getState($confirming)).toBeNull();
  });
});

describe('the running orders', () => {
  it('lists trading and ordering orders, and drops one when its push says it settled', async () => {
    const soon = trading('1', { settle_at: 1_763_900_010_000 });
    const later = trading('2', { settle_at: 1_763_900_090_000 });
    const waiting = trading('3', {
      status: 'ordering',
      open_price: null,
      opened_at: null,
      settle_at: null,
    });
    const { scope, toasts } = await opened({ running: [later, soon, waiting] });
    expect(scope.getState($running)?.map((order) => order.id)).toEqual(['1', '2', '3']);

    await allSettled(pushReceived, {
      scope,
      params: {
        func: 'Option',
        topic: 'Option',
        data: { ...soon, status: 'settled', result: 'win', payout: '185.00' },
      },
    });
    expect(scope.getState($running)?.map((order) => order.id)).toEqual(['2', '3']);
    expect(toasts).toHaveLength(1);

    // another mode's order is other accounts
    await allSettled(pushReceived, {
      scope,
      params: {
        func: 'Option',
        topic: 'Option',
        data: { ...later, status: 'settled', result: 'lose', account_mode: 'demo' },
      },
    });
    expect(scope.getState($running)?.map((order) => order.id)).toEqual(['2', '3']);
  });
});

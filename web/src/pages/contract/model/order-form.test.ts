import { $data24h, $selectedSymbol } from '#entities/market';
import { symbolOf, tickerOf } from '#entities/market/testing';
import { $apiClient } from '#shared/api';
import { $language } from '#shared/i18n';
import { failWith, fakeClient } from '#shared/api/testing';
import { $userInfo } from '#shared/session';
import { showToastFx } from '#shared/ui/toast';
import {
  EXAMPLE_CONTRACT_ORDER,
  EXAMPLE_POSITION,
  EXAMPLE_USER,
  endpoints,
  type ContractOrder,
  type IdentityStatus,
  type Position,
} from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $confirming,
  $errors,
  $leverage,
  $leverageId,
  $leverageInUse,
  $maxQuantity,
  $price,
  $quantity,
  $quote,
  $stopLoss,
  $stopLossOn,
  $takeProfit,
  $takeProfitOn,
  $typedFigures,
  $verifyPrompt,
  confirmClicked,
  leveragePicked,
  orderTypeChanged,
  percentPicked,
  priceChanged,
  quantityChanged,
  sideChanged,
  stopLossChanged,
  stopLossToggled,
  submitClicked,
  takeProfitChanged,
  takeProfitToggled,
} from './order-form.ts';
import { ContractGate } from './page.ts';

const INFO = { ...endpoints.contract.getContractInfo.example.response, available: '1000.00' };
// BTC at 20 000 on both sides of the book, as in FORMULAS.md's worked example
const TICKER = tickerOf('1', { last_price: '20000.00', ask: '20000.00', bid: '20000.00' });

function setup({
  identity = 'verified',
  mode = 'real',
  addOrder = () => ({ ...EXAMPLE_CONTRACT_ORDER, status: 'filled' }),
  positions = [],
  openOrders = [],
  language = 'en',
}: {
  identity?: IdentityStatus;
  mode?: 'real' | 'demo';
  addOrder?: (body: unknown) => unknown;
  positions?: readonly Position[];
  openOrders?: readonly ContractOrder[];
  language?: 'en' | 'de' | 'fr';
} = {}) {
  const api = fakeClient({
    [endpoints.contract.getContractInfo.path]: () => INFO,
    [endpoints.contract.storeList.path]: () => ({ list: positions }),
    [endpoints.contract.orderList.path]: () => ({
      list: openOrders,
      total: openOrders.length,
      page: 1,
      limit: 50,
    }),
    [endpoints.market.getLogData.path]: () => ({ symbol_id: '1', period: '15m', list: [] }),
    [endpoints.index.getSymbolList.path]: () => ({
      list: [symbolOf('0'), symbolOf('1', { qty_step: '0.001' })],
    }),
    [endpoints.contract.addOrder.path]: addOrder,
  });
  const toasts: string[] = [];
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$userInfo, { ...EXAMPLE_USER, identity_status: identity, account_mode: mode }],
      [$data24h, [TICKER]],
      [$language, language],
    ],
    handlers: [[showToastFx, (text: string) => void toasts.push(text)]],
  });
  const orders = () => api.callsTo(endpoints.contract.addOrder).map((call) => call.body);
  return { scope, api, orders, toasts };
}

async function opened(options?: Parameters<typeof setup>[0]) {
  const context = setup(options);
  await allSettled(ContractGate.open, { scope: context.scope, params: { symbolId: '1' } });
  // 50x: the worked example's leverage
  await allSettled(leveragePicked, { scope: context.scope, params: '4' });
  return context;
}

describe("the order form in the reader's number style", () => {
  it('reads a German decimal comma everywhere and sends plain decimals', async () => {
    const { scope, orders } = await opened({ language: 'de' });
    await allSettled(orderTypeChanged, { scope, params: 'limit' });
    // the limit price starts from the market price, written as a German reader types it
    expect(scope.getState($price)).toBe('20000,00');
    await allSettled(quantityChanged, { scope, params: '0,05' });
    await allSettled(takeProfitToggled, { scope, params: true });
    await allSettled(takeProfitChanged, { scope, params: '21.000,5' });
    await allSettled(stopLossToggled, { scope, params: true });
    await allSettled(stopLossChanged, { scope, params: '19900,25' });

    // the preview reads the same figures: FORMULAS.md's worked example
    expect(scope.getState($quote)?.liquidation).toBe('19700');
    expect(scope.getState($typedFigures)).toStrictEqual({
      quantity: '0.05',
      takeProfit: '21000.5',
      stopLoss: '19900.25',
    });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($errors)).toStrictEqual({});
    await allSettled(confirmClicked, { scope });

    expect(orders()).toMatchObject([
      {
        type: 'limit',
        price: '20000.00',
        quantity: '0.05',
        take_profit: '21000.5',
        stop_loss: '19900.25',
      },
    ]);
  });

  it('explains a point typed in German next to each field, keeps it and sends nothing', async () => {
    const { scope, orders } = await opened({ language: 'de' });
    await allSettled(orderTypeChanged, { scope, params: 'limit' });
    await allSettled(priceChanged, { scope, params: '20000.5' });
    await allSettled(quantityChanged, { scope, params: '0.05' });
    await allSettled(takeProfitToggled, { scope, params: true });
    await allSettled(takeProfitChanged, { scope, params: '21000.5' });

    await allSettled(submitClicked, { scope });
    await allSettled(confirmClicked, { scope });

    expect(scope.getState($errors)).toStrictEqual({
      price: { key: 'numberInput.otherMark' },
      quantity: { key: 'numberInput.otherMark' },
      takeProfit: { key: 'numberInput.otherMark' },
    });
    expect(scope.getState($quantity)).toBe('0.05');
    expect(scope.getState($quote)).toBeNull();
    expect(scope.getState($confirming)).toBe(false);
    expect(orders()).toHaveLength(0);
  });

  it('fills a share of the largest quantity as a French reader types it', async () => {
    const { scope, orders } = await opened({ language: 'fr' });

    await allSettled(percentPicked, { scope, params: 50 });
    expect(scope.getState($quantity)).toBe('1,213');
    await allSettled(submitClicked, { scope });
    await allSettled(confirmClicked, { scope });

    expect(orders()).toMatchObject([{ quantity: '1.213' }]);
  });
});

describe('the order form', () => {
  it('shows the margin, fee and liquidation price of the worked example before sending', async () => {
    const { scope, orders } = await opened();
    await allSettled(quantityChanged, { scope, params: '0.05' });

    // 0.05 BTC at 20 000, 50x: margin 20, taker fee 0.05 × 20 000 × 0.0006 = 0.60, and the
    // liquidation price of FORMULAS.md's example: 20 000 − (20 − 5) ÷ 0.05 = 19 700
    expect(scope.getState($quote)).toStrictEqual({
      margin: '20.00',
      fee: '0.60',
      total: '20.60',
      liquidation: '19700',
    });
    expect(orders()).toHaveLength(0);
  });

  it('sets the quantity by a share of what the balance opens, down to the step', async () => {
    const { scope } = await opened();
    // 1 000 ÷ (20 000 ÷ 50 + 20 000 × 0.0006) = 2.427…, down to the 0.001 step
    expect(scope.getState($maxQuantity)).toBe('2.427');
    await allSettled(percentPicked, { scope, params: 50 });
    expect(scope.getState($quantity)).toBe('1.213');
  });

  it('keeps the chosen leverage on the device, as SPEC.md keeps the leverage id', async () => {
    const { scope } = await opened();
    await allSettled(leveragePicked, { scope, params: '2' });
    expect(scope.getState($leverageId)).toBe('2');
    expect(scope.getState($maxQuantity)).toBe('0.497');
  });

  it('puts a translated reason next to a bad field, keeps what was typed and sends nothing', async () => {
    const { scope, orders } = await opened();
    await allSettled(quantityChanged, { scope, params: '3' });
    await allSettled(takeProfitToggled, { scope, params: true });
    await allSettled(takeProfitChanged, { scope, params: '19000' });
    await allSettled(submitClicked, { scope });

    expect(scope.getState($errors)).toStrictEqual({
      quantity: { key: 'contract.errors.insufficient' },
      takeProfit: { key: 'contract.errors.takeProfitSide' },
    });
    expect(scope.getState($quantity)).toBe('3');
    expect(scope.getState($confirming)).toBe(false);
    expect(orders()).toHaveLength(0);

    // a short takes its profit below the price
    await allSettled(sideChanged, { scope, params: 'sell' });
    await allSettled(quantityChanged, { scope, params: '0.1' });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($errors)).toStrictEqual({});
  });

  it('places one order on a double tap, and retries a lost one with the same request id', async () => {
    let fail = true;
    const { scope, orders, toasts } = await opened({
      addOrder: () => {
        if (fail) return failWith(409, 'try again')();
        return { ...EXAMPLE_CONTRACT_ORDER, status: 'filled' };
      },
    });
    await allSettled(quantityChanged, { scope, params: '0.05' });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($confirming)).toBe(true);

    await Promise.all([
      allSettled(confirmClicked, { scope }),
      allSettled(confirmClicked, { scope }),
    ]);
    expect(orders()).toHaveLength(1);
    expect(scope.getState($quantity)).toBe('0.05');

    fail = false;
    await allSettled(submitClicked, { scope });
    await allSettled(confirmClicked, { scope });
    const sent = orders() as { request_id: string; quantity: string; side: string }[];
    expect(sent).toHaveLength(2);
    expect(sent[1]?.request_id).toBe(sent[0]?.request_id);
    expect(sent[1]).toMatchObject({
      quantity: '0.05',
      side: 'buy',
      type: 'market',
      leverage_id: '4',
    });
    expect(toasts).toContain('contract.order.placed');
    expect(scope.getState($quantity)).toBe('');

    // the next order is a new intent
    await allSettled(quantityChanged, { scope, params: '0.05' });
    await allSettled(submitClicked, { scope });
    await allSettled(confirmClicked, { scope });
    expect((orders()[2] as { request_id: string }).request_id).not.toBe(sent[0]?.request_id);
  });

  it('asks an unverified user to verify before a real trade, and not before a demo one', async () => {
    const real = await opened({ identity: 'unverified' });
    await allSettled(quantityChanged, { scope: real.scope, params: '0.05' });
    await allSettled(submitClicked, { scope: real.scope });
    expect(real.scope.getState($verifyPrompt)).toBe(true);
    expect(real.scope.getState($confirming)).toBe(false);
    expect(real.orders()).toHaveLength(0);

    const demo = await opened({ identity: 'unverified', mode: 'demo' });
    await allSettled(quantityChanged, { scope: demo.scope, params: '0.05' });
    await allSettled(submitClicked, { scope: demo.scope });
    expect(demo.scope.getState($verifyPrompt)).toBe(false);
    await allSettled(confirmClicked, { scope: demo.scope });
    expect(demo.orders()).toHaveLength(1);
  });

  it('keeps the symbol it trades as the selected symbol (SPEC.md §3)', async () => {
    const { scope } = await opened();
    // the list's first symbol would be the default; the page's address named the second
    expect(scope.getState($selectedSymbol)?.id).toBe('1');
  });

  it('says a quantity of zero must be above zero, not that it is no number', async () => {
    const { scope } = await opened();
    await allSettled(quantityChanged, { scope, params: '0' });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($errors)).toStrictEqual({
      quantity: { key: 'contract.errors.quantityPositive' },
    });
    await allSettled(quantityChanged, { scope, params: 'abc' });
    expect(scope.getState($errors)).toStrictEqual({
      quantity: { key: 'contract.errors.quantityInvalid' },
    });
  });

  it('lifts a refusal shown next to a field when a value it depends on moves (the price, the leverage)', async () => {
    // BTC still at the price before the control API moved it: at 95 000 and 50×, a long's
    // liquidation price is far above a stop loss at 19 800
    const { scope } = await opened();
    await allSettled($data24h, {
      scope,
      params: [tickerOf('1', { last_price: '95000.00', ask: '95000.00', bid: '95000.00' })],
    });
    await allSettled(quantityChanged, { scope, params: '0.01' });
    await allSettled(stopLossToggled, { scope, params: true });
    await allSettled(stopLossChanged, { scope, params: '19800' });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($errors)).toStrictEqual({
      stopLoss: { key: 'contract.errors.stopLossNearLiquidation' },
    });
    expect(scope.getState($confirming)).toBe(false);

    // the price arrives: 20 000, where at 50× the liquidation price is 19 610.8, under the stop
    await allSettled($data24h, { scope, params: [TICKER] });
    expect(scope.getState($errors)).toStrictEqual({});
    // at 100× it is 19 900: the stop loss is too close again, without another tap
    await allSettled(leveragePicked, { scope, params: '5' });
    expect(scope.getState($errors)).toStrictEqual({
      stopLoss: { key: 'contract.errors.stopLossNearLiquidation' },
    });
    // at 20× it is 19 100.19 (the page)
    await allSettled(leveragePicked, { scope, params: '3' });
    expect(scope.getState($errors)).toStrictEqual({});
    await allSettled(submitClicked, { scope });
    expect(scope.getState($confirming)).toBe(true);

    // and a refusal comes back with the value that causes it, without another tap
    await allSettled(quantityChanged, { scope, params: '9' });
    expect(scope.getState($errors)).toStrictEqual({
      quantity: { key: 'contract.errors.insufficient' },
    });
  });

  it('shows no check before the first attempt to send, and none after an order is placed', async () => {
    const { scope } = await opened();
    await allSettled(quantityChanged, { scope, params: '9' });
    expect(scope.getState($errors)).toStrictEqual({});
    await allSettled(quantityChanged, { scope, params: '0.05' });
    await allSettled(submitClicked, { scope });
    await allSettled(confirmClicked, { scope });
    // the emptied quantity is not "required" yet: nothing has been sent since
    expect(scope.getState($quantity)).toBe('');
    expect(scope.getState($errors)).toStrictEqual({});
  });

  it('clears the take profit and stop loss with the quantity once the order is placed', async () => {
    const { scope, orders } = await opened();
    await allSettled(quantityChanged, { scope, params: '0.05' });
    await allSettled(takeProfitToggled, { scope, params: true });
    await allSettled(takeProfitChanged, { scope, params: '21000' });
    await allSettled(stopLossToggled, { scope, params: true });
    await allSettled(stopLossChanged, { scope, params: '19900' });
    await allSettled(submitClicked, { scope });
    await allSettled(confirmClicked, { scope });

    expect(orders()[0]).toMatchObject({ take_profit: '21000', stop_loss: '19900' });
    expect(scope.getState($quantity)).toBe('');
    expect(scope.getState($takeProfitOn)).toBe(false);
    expect(scope.getState($takeProfit)).toBe('');
    expect(scope.getState($stopLossOn)).toBe(false);
    expect(scope.getState($stopLoss)).toBe('');
  });

  it('uses the leverage an open position of the symbol and side holds, before anything is sent', async () => {
    // a 20× long on BTC (symbol 1) is held; 50× is the leverage kept on the device
    const { scope, orders } = await opened({
      positions: [{ ...EXAMPLE_POSITION, symbol_id: '1', direction: 'long', leverage: 20 }],
    });
    expect(scope.getState($leverageInUse)).toBe(20);
    expect(scope.getState($leverage)).toStrictEqual({ id: '3', value: 20 });
    // the kept choice stays for when nothing holds the leverage
    expect(scope.getState($leverageId)).toBe('4');

    await allSettled(quantityChanged, { scope, params: '0.05' });
    await allSettled(submitClicked, { scope });
    await allSettled(confirmClicked, { scope });
    expect(orders()[0]).toMatchObject({ leverage_id: '3' });

    // a short is another position: free to use the kept 50×
    await allSettled(sideChanged, { scope, params: 'sell' });
    expect(scope.getState($leverageInUse)).toBeNull();
    expect(scope.getState($leverage)).toStrictEqual({ id: '4', value: 50 });
  });

  it('uses the leverage a resting opening order of the symbol and side holds', async () => {
    const resting: ContractOrder = {
      ...EXAMPLE_CONTRACT_ORDER,
      symbol_id: '1',
      side: 'sell',
      action: 'open_short',
      leverage: 10,
      status: 'pending',
      reduce_only: false,
    };
    const { scope } = await opened({ openOrders: [resting] });
    expect(scope.getState($leverageInUse)).toBeNull();
    await allSettled(sideChanged, { scope, params: 'sell' });
    expect(scope.getState($leverageInUse)).toBe(10);
    expect(scope.getState($leverage)).toStrictEqual({ id: '2', value: 10 });
  });
});

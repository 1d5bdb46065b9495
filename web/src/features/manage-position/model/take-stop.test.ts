import { endpoints } from '@bourse/protocol';
import { failWith } from '#shared/api/testing';
import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { CONTRACT_INFO, heldReply, POSITION, setup, tick } from '../testing/index.ts';
import {
  $errors,
  $stopLoss,
  $stopLossLimit,
  $stopLossPnl,
  $takeProfit,
  $takeProfitPnl,
  stopLossChanged,
  submitClicked,
  takeProfitChanged,
  takeStopSheet,
} from './take-stop.ts';

const addTakeStop = endpoints.contract.addTakeStop;

// FORMULAS.md's example: long 1 BTC at 20 000, 50×, liquidated at 19 700, mark 20 000.
const LONG = {
  ...POSITION,
  quantity: '1',
  closable_quantity: '1',
  entry_price: '20000',
  mark_price: '20000',
  liquidation_price: '19700',
  margin: '400',
  leverage: 50,
  take_profit: '',
  stop_loss: '',
};
const SHORT = { ...LONG, direction: 'short' as const, liquidation_price: '20300' };

async function enter(scope: ReturnType<typeof setup>['scope'], tp: string, sl: string) {
  await allSettled(takeProfitChanged, { scope, params: tp });
  await allSettled(stopLossChanged, { scope, params: sl });
  await allSettled(submitClicked, { scope });
}

describe('the TP/SL dialog', () => {
  it('opens on what the position has', async () => {
    const { scope } = setup();
    await allSettled(takeStopSheet.opened, { scope, params: POSITION });
    expect([scope.getState($takeProfit), scope.getState($stopLoss)]).toStrictEqual([
      '99000.00',
      '95500.00',
    ]);
  });

  it("refuses, before sending, a long's take profit below the mark and stop loss above it", async () => {
    const { scope, api } = setup();
    await allSettled(takeStopSheet.opened, { scope, params: LONG });

    await enter(scope, '19900', '20100');

    expect(scope.getState($errors)).toStrictEqual({
      takeProfit: { key: 'positionActions.takeStop.errors.takeProfitLong' },
      stopLoss: { key: 'positionActions.takeStop.errors.stopLossLong' },
    });
    expect(api.callsTo(addTakeStop)).toHaveLength(0);
    expect(scope.getState($takeProfit)).toBe('19900');
  });

  it('mirrors the sides for a short', async () => {
    const { scope, api } = setup();
    await allSettled(takeStopSheet.opened, { scope, params: SHORT });

    await enter(scope, '20100', '19900');

    expect(scope.getState($errors)).toStrictEqual({
      takeProfit: { key: 'positionActions.takeStop.errors.takeProfitShort' },
      stopLoss: { key: 'positionActions.takeStop.errors.stopLossShort' },
    });
    expect(api.callsTo(addTakeStop)).toHaveLength(0);
  });

  it('keeps a stop loss 0.5 % of the liquidation price away from it: 19 798.49 refused, 19 798.50 sent', async () => {
    const { scope, api } = setup({
      [addTakeStop.path]: () => ({ ...LONG, stop_loss: '19798.50' }),
    });
    await allSettled(takeStopSheet.opened, { scope, params: LONG });
    expect(scope.getState($stopLossLimit)).toBe('19798.5');

    await enter(scope, '', '19798.49');
    expect(scope.getState($errors)).toStrictEqual({
      stopLoss: { key: 'positionActions.takeStop.errors.stopLossNearLiquidation' },
    });
    expect(api.callsTo(addTakeStop)).toHaveLength(0);

    await enter(scope, '', '19798.50');
    expect(api.callsTo(addTakeStop)).toMatchObject([
      { body: { position_id: '5001', take_profit: '', stop_loss: '19798.50' } },
    ]);
  });

  it("takes the distance from the symbol's terms", async () => {
    const { scope, api } = setup({
      [endpoints.contract.getContractInfo.path]: () => ({
        ...CONTRACT_INFO,
        stop_loss_min_distance_rate: '0.01',
      }),
    });
    await allSettled(takeStopSheet.opened, { scope, params: LONG });
    // 19 700 × 1.01 = 19 897
    await enter(scope, '', '19896');
    expect(scope.getState($errors).stopLoss).toStrictEqual({
      key: 'positionActions.takeStop.errors.stopLossNearLiquidation',
    });
    expect(api.callsTo(addTakeStop)).toHaveLength(0);
  });

  it('refuses what is not a price', async () => {
    const { scope } = setup();
    await allSettled(takeStopSheet.opened, { scope, params: LONG });
    await enter(scope, '2e4', '-1');
    expect(scope.getState($errors)).toStrictEqual({
      takeProfit: { key: 'positionActions.errors.priceInvalid' },
      stopLoss: { key: 'positionActions.errors.priceInvalid' },
    });
  });

  it('shows the PnL the whole position would realise at each price', async () => {
    const { scope } = setup();
    await allSettled(takeStopSheet.opened, { scope, params: LONG });
    await allSettled(takeProfitChanged, { scope, params: '21000' });
    await allSettled(stopLossChanged, { scope, params: '19800' });
    expect(scope.getState($takeProfitPnl)).toBe('1000');
    expect(scope.getState($stopLossPnl)).toBe('-200');
    await allSettled(stopLossChanged, { scope, params: '' });
    expect(scope.getState($stopLossPnl)).toBeNull();
  });

  it('clears both with empty fields, once on a double tap, and tells the position', async () => {
    const held = heldReply(() => ({ ...POSITION, take_profit: '', stop_loss: '' }));
    const { scope, api, changed, toasts } = setup({ [addTakeStop.path]: held.reply });
    await allSettled(takeStopSheet.opened, { scope, params: POSITION });
    await allSettled(takeProfitChanged, { scope, params: '' });
    await allSettled(stopLossChanged, { scope, params: '' });

    const first = allSettled(submitClicked, { scope });
    const second = allSettled(submitClicked, { scope });
    await tick();
    held.release();
    await Promise.all([first, second]);

    expect(api.callsTo(addTakeStop)).toMatchObject([
      { body: { position_id: '5001', take_profit: '', stop_loss: '' } },
    ]);
    expect(changed).toMatchObject([{ id: '5001', take_profit: '', stop_loss: '' }]);
    expect(toasts).toStrictEqual(['positionActions.takeStop.done']);
    expect(scope.getState(takeStopSheet.$position)).toBeNull();
  });

  it('keeps both prices after the server refuses, and retries with the same request id', async () => {
    let refuse = true;
    const { scope, idsSentTo, changed } = setup({
      [addTakeStop.path]: () =>
        refuse ? failWith(500, 'The stop loss is too close to the liquidation price')() : LONG,
    });
    await allSettled(takeStopSheet.opened, { scope, params: LONG });
    await enter(scope, '21000', '19900');
    expect([scope.getState($takeProfit), scope.getState($stopLoss)]).toStrictEqual([
      '21000',
      '19900',
    ]);
    expect(changed).toHaveLength(0);

    refuse = false;
    await allSettled(submitClicked, { scope });
    const [one, two] = idsSentTo(addTakeStop);
    expect(two).toBe(one);
    expect(changed).toHaveLength(1);
  });

  it('puts a refusal naming the stop loss next to it', async () => {
    const { scope } = setup({ [addTakeStop.path]: failWith(400, 'stop_loss: must be a price') });
    await allSettled(takeStopSheet.opened, { scope, params: LONG });
    await enter(scope, '', '19900');
    expect(scope.getState($errors)).toStrictEqual({ stopLoss: { text: 'must be a price' } });
  });
});

describe("the TP/SL dialog in the reader's number style", () => {
  const german = () => setup({ [addTakeStop.path]: () => ({ ...POSITION }) }, { language: 'de' });

  it("opens on the position's prices as a German reader types them", async () => {
    const { scope } = german();
    await allSettled(takeStopSheet.opened, { scope, params: POSITION });
    expect([scope.getState($takeProfit), scope.getState($stopLoss)]).toStrictEqual([
      '99000,00',
      '95500,00',
    ]);
  });

  it('reads German prices and sends them plain', async () => {
    const { scope, api } = german();
    await allSettled(takeStopSheet.opened, { scope, params: POSITION });
    await enter(scope, '99.000,5', '95500,25');

    expect(scope.getState($errors)).toStrictEqual({});
    expect(api.callsTo(addTakeStop)).toMatchObject([
      { body: { take_profit: '99000.5', stop_loss: '95500.25' } },
    ]);
  });

  it('explains a point typed in German next to its field and sends nothing', async () => {
    const { scope, api } = german();
    await allSettled(takeStopSheet.opened, { scope, params: POSITION });
    await enter(scope, '99000.5', '');

    expect(scope.getState($errors)).toStrictEqual({
      takeProfit: { key: 'numberInput.otherMark' },
    });
    expect(scope.getState($takeProfitPnl)).toBeNull();
    expect(api.callsTo(addTakeStop)).toHaveLength(0);
  });
});

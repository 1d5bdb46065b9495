import { endpoints } from '@bourse/protocol';
import { failWith } from '#shared/api/testing';
import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { heldReply, POSITION, setup, tick } from '../testing/index.ts';
import {
  $amount,
  $errors,
  $max,
  $newLiquidationPrice,
  actionChanged,
  amountChanged,
  marginSheet,
  maxClicked,
  submitClicked,
} from './margin.ts';

const depositChange = endpoints.contract.depositChange;

// FORMULAS.md: long 1 BTC at 20 000, 50×, maintenance 0.5 %: margin 400, liquidation 19 700.
const LONG = {
  ...POSITION,
  quantity: '1',
  entry_price: '20000',
  mark_price: '20000',
  margin: '400',
  liquidation_price: '19700',
  max_reduce_margin: '0',
  leverage: 50,
};

describe('the margin dialog', () => {
  it("adds up to the contract account's available, and shows the liquidation price it gives", async () => {
    const { scope } = setup();
    await allSettled(marginSheet.opened, { scope, params: LONG });

    expect(scope.getState($max)).toBe('12450.30');
    await allSettled(amountChanged, { scope, params: '100' });

    // margin 500: 20 000 − (500 − 100) = 19 600
    expect(scope.getState($newLiquidationPrice)).toBe('19600');
  });

  it('takes out at most max_reduce_margin, and shows the liquidation price moving closer', async () => {
    const { scope, api } = setup();
    await allSettled(marginSheet.opened, {
      scope,
      params: { ...LONG, margin: '500', max_reduce_margin: '100' },
    });
    await allSettled(actionChanged, { scope, params: 'reduce' });

    expect(scope.getState($max)).toBe('100');
    await allSettled(maxClicked, { scope });
    expect(scope.getState($amount)).toBe('100');
    // margin 400 again: 19 700
    expect(scope.getState($newLiquidationPrice)).toBe('19700');

    await allSettled(amountChanged, { scope, params: '100.01' });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($errors)).toStrictEqual({
      amount: { key: 'positionActions.margin.errors.overReducible' },
    });
    expect(scope.getState($amount)).toBe('100.01');
    expect(api.callsTo(depositChange)).toHaveLength(0);
  });

  it('refuses more than is available to add', async () => {
    const { scope, api } = setup();
    await allSettled(marginSheet.opened, { scope, params: LONG });
    await allSettled(amountChanged, { scope, params: '12450.31' });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($errors)).toStrictEqual({
      amount: { key: 'positionActions.margin.errors.overAvailable' },
    });
    expect(api.callsTo(depositChange)).toHaveLength(0);
  });

  it("shows the short's liquidation price moving up as margin is taken out", async () => {
    const { scope } = setup();
    const short = { ...LONG, direction: 'short' as const, margin: '500', max_reduce_margin: '100' };
    await allSettled(marginSheet.opened, { scope, params: short });
    await allSettled(actionChanged, { scope, params: 'reduce' });
    await allSettled(amountChanged, { scope, params: '50' });
    // margin 450: 20 000 + (450 − 100) = 20 350
    expect(scope.getState($newLiquidationPrice)).toBe('20350');
  });

  it('moves the margin once on a double tap and tells the position', async () => {
    const held = heldReply(() => ({ ...LONG, margin: '500', liquidation_price: '19600' }));
    const { scope, api, changed, toasts } = setup({ [depositChange.path]: held.reply });
    await allSettled(marginSheet.opened, { scope, params: LONG });
    await allSettled(amountChanged, { scope, params: '100' });

    const first = allSettled(submitClicked, { scope });
    const second = allSettled(submitClicked, { scope });
    await tick();
    held.release();
    await Promise.all([first, second]);

    expect(api.callsTo(depositChange)).toMatchObject([
      { body: { position_id: '5001', action: 'add', amount: '100' } },
    ]);
    expect(changed).toMatchObject([{ margin: '500', liquidation_price: '19600' }]);
    expect(toasts).toStrictEqual(['positionActions.margin.added']);
    expect(scope.getState(marginSheet.$position)).toBeNull();
  });

  it('keeps the amount after a refusal, and retries with the same request id', async () => {
    let refuse = true;
    const { scope, idsSentTo } = setup({
      [depositChange.path]: () =>
        refuse ? failWith(500, 'Not enough available in the contract account')() : LONG,
    });
    await allSettled(marginSheet.opened, { scope, params: LONG });
    await allSettled(amountChanged, { scope, params: '100' });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($amount)).toBe('100');

    refuse = false;
    await allSettled(submitClicked, { scope });
    const [one, two] = idsSentTo(depositChange);
    expect(idsSentTo(depositChange)).toHaveLength(2);
    expect(two).toBe(one);
  });

  it('starts a new intent when the action changes', async () => {
    const { scope, idsSentTo } = setup({ [depositChange.path]: failWith(409, 'busy') });
    await allSettled(marginSheet.opened, { scope, params: { ...LONG, max_reduce_margin: '50' } });
    await allSettled(amountChanged, { scope, params: '10' });
    await allSettled(submitClicked, { scope });
    await allSettled(actionChanged, { scope, params: 'reduce' });
    await allSettled(amountChanged, { scope, params: '10' });
    await allSettled(submitClicked, { scope });
    const [one, two] = idsSentTo(depositChange);
    expect(two).not.toBe(one);
  });
});

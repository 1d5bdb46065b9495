import { endpoints } from '@bourse/protocol';
import { failWith } from '#shared/api/testing';
import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { heldReply, setup, tick } from '../testing/index.ts';
import {
  $autoAdd,
  $autoMarginOn,
  $depositRate,
  $enabled,
  $errors,
  $example,
  $sheetOpen,
  autoAddChanged,
  AutoMarginGate,
  autoMarginOpened,
  depositRateChanged,
  enabledChanged,
  submitClicked,
} from './auto-margin.ts';

const getStrategy = endpoints.contract.getStrategy;
const setStrategy = endpoints.contract.setStrategy;
const OFF = { enabled: false, deposit_rate: '50', auto_add: '25' };

describe('the auto-margin setting', () => {
  it('reads the rule with the entry, and fills the form with it on opening', async () => {
    const { scope } = setup({ [getStrategy.path]: () => OFF });
    await allSettled(AutoMarginGate.open, { scope, params: {} });
    expect(scope.getState($autoMarginOn)).toBe(false);

    await allSettled(autoMarginOpened, { scope });
    expect([
      scope.getState($enabled),
      scope.getState($depositRate),
      scope.getState($autoAdd),
    ]).toStrictEqual([false, '50', '25']);
  });

  it("works FORMULAS.md's example for the rates entered: 50 % and 25 % of 1 000", async () => {
    const { scope } = setup({ [getStrategy.path]: () => OFF });
    await allSettled(autoMarginOpened, { scope });
    expect(scope.getState($example)).toStrictEqual({ margin: '1000', loss: '500', added: '250' });
    await allSettled(autoAddChanged, { scope, params: '' });
    expect(scope.getState($example)).toBeNull();
  });

  it('refuses an empty, zero or over-100 rate without calling, keeping what was typed', async () => {
    const { scope, api } = setup({ [getStrategy.path]: () => OFF });
    await allSettled(autoMarginOpened, { scope });
    await allSettled(depositRateChanged, { scope, params: '100.5' });
    await allSettled(autoAddChanged, { scope, params: '0' });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($errors)).toStrictEqual({
      depositRate: { key: 'positionActions.autoMargin.errors.overHundred' },
      autoAdd: { key: 'positionActions.errors.amountInvalid' },
    });
    expect(scope.getState($depositRate)).toBe('100.5');
    expect(api.callsTo(setStrategy)).toHaveLength(0);
  });

  it('switches it on once on a double tap, and the cell says on', async () => {
    const held = heldReply((body) => {
      const { enabled, deposit_rate, auto_add } = body as typeof OFF;
      return { enabled, deposit_rate, auto_add };
    });
    const { scope, api, toasts } = setup({
      [getStrategy.path]: () => OFF,
      [setStrategy.path]: held.reply,
    });
    await allSettled(autoMarginOpened, { scope });
    await allSettled(enabledChanged, { scope, params: true });
    await allSettled(depositRateChanged, { scope, params: '80' });

    const first = allSettled(submitClicked, { scope });
    const second = allSettled(submitClicked, { scope });
    await tick();
    held.release();
    await Promise.all([first, second]);

    expect(api.callsTo(setStrategy)).toMatchObject([
      { body: { enabled: true, deposit_rate: '80', auto_add: '25' } },
    ]);
    expect(scope.getState($autoMarginOn)).toBe(true);
    expect(scope.getState($sheetOpen)).toBe(false);
    expect(toasts).toStrictEqual(['positionActions.autoMargin.saved']);
  });

  it('keeps the form after a refusal and retries with the same request id', async () => {
    let refuse = true;
    const { scope, idsSentTo } = setup({
      [getStrategy.path]: () => OFF,
      [setStrategy.path]: () =>
        refuse ? failWith(400, 'auto_add: must be at most 100')() : { ...OFF, enabled: true },
    });
    await allSettled(autoMarginOpened, { scope });
    await allSettled(enabledChanged, { scope, params: true });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($errors)).toStrictEqual({ autoAdd: { text: 'must be at most 100' } });
    expect(scope.getState($enabled)).toBe(true);
    expect(scope.getState($sheetOpen)).toBe(true);

    refuse = false;
    await allSettled(submitClicked, { scope });
    const [one, two] = idsSentTo(setStrategy);
    expect(two).toBe(one);
    expect(scope.getState($autoMarginOn)).toBe(true);
  });
});

describe("the auto-margin setting in the reader's number style", () => {
  const german = () =>
    setup(
      {
        [getStrategy.path]: () => ({ ...OFF, deposit_rate: '12.5' }),
        [setStrategy.path]: (body) => body,
      },
      { language: 'de' },
    );

  it('shows the rule as a German reader types it, and sends German rates plain', async () => {
    const { scope, api } = german();
    await allSettled(autoMarginOpened, { scope });
    expect(scope.getState($depositRate)).toBe('12,5');
    await allSettled(autoAddChanged, { scope, params: '7,5' });
    expect(scope.getState($example)).toStrictEqual({ margin: '1000', loss: '125', added: '75' });

    await allSettled(submitClicked, { scope });

    expect(api.callsTo(setStrategy)).toMatchObject([
      { body: { deposit_rate: '12.5', auto_add: '7.5' } },
    ]);
  });

  it('explains a point typed in German and sends nothing', async () => {
    const { scope, api } = german();
    await allSettled(autoMarginOpened, { scope });
    await allSettled(depositRateChanged, { scope, params: '12.5' });
    await allSettled(submitClicked, { scope });

    expect(scope.getState($errors)).toStrictEqual({
      depositRate: { key: 'numberInput.otherMark' },
    });
    expect(api.callsTo(setStrategy)).toHaveLength(0);
  });
});

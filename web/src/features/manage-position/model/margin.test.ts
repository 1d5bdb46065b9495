import { D } from '@bourse/formulas';
import { endpoints } from '@bourse/protocol';
import { failWith } from '#shared/api/testing';
import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { heldReply, POSITION, setup, tick } from '../testing/index.ts';
import {
  $amount,
  $errors,
  $limitOffer,
  $max,
  $newLiquidationPrice,
  $overAvailable,
  actionChanged,
  amountChanged,
  limitTaken,
  marginSheet,
  maxClicked,
  submitClicked,
} from './margin.ts';

const depositChange = endpoints.contract.depositChange;
const storeList = endpoints.contract.storeList;

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

describe("the margin dialog in the reader's number style", () => {
  it('reads a German decimal comma, previews it and sends the plain amount', async () => {
    const { scope, api } = setup({ [depositChange.path]: () => LONG }, { language: 'de' });
    await allSettled(marginSheet.opened, { scope, params: LONG });
    await allSettled(amountChanged, { scope, params: '100,5' });
    // margin 500.5: 20 000 − (500.5 − 100) = 19 599.5
    expect(scope.getState($newLiquidationPrice)).toBe('19599.5');

    await allSettled(submitClicked, { scope });

    expect(api.callsTo(depositChange)).toMatchObject([{ body: { amount: '100.5' } }]);
  });

  it('explains a point typed in German, keeps it and sends nothing', async () => {
    const { scope, api } = setup({}, { language: 'de' });
    await allSettled(marginSheet.opened, { scope, params: LONG });
    await allSettled(amountChanged, { scope, params: '100.5' });
    await allSettled(submitClicked, { scope });

    expect(scope.getState($errors)).toStrictEqual({
      amount: { key: 'numberInput.otherMark' },
    });
    expect(scope.getState($amount)).toBe('100.5');
    expect(api.callsTo(depositChange)).toHaveLength(0);
  });

  it('fills Max as a German reader types it', async () => {
    const { scope } = setup({}, { language: 'de' });
    await allSettled(marginSheet.opened, { scope, params: LONG });
    await allSettled(maxClicked, { scope });
    expect(scope.getState($amount)).toBe('12450,30');
  });

  it('previews no liquidation price for a top-up over what is available', async () => {
    const { scope } = setup();
    await allSettled(marginSheet.opened, { scope, params: LONG });
    await allSettled(amountChanged, { scope, params: '12450.31' });
    expect(scope.getState($newLiquidationPrice)).toBeNull();
    expect(scope.getState($overAvailable)).toBe(true);
    await allSettled(amountChanged, { scope, params: '12450.30' });
    expect(scope.getState($newLiquidationPrice)).not.toBeNull();
    expect(scope.getState($overAvailable)).toBe(false);
  });
});

describe('taking out the most margin there is', () => {
  // a losing long: what it may take out moves with the mark
  const LOSING = { ...LONG, margin: '400.5', max_reduce_margin: '0.2803' };

  it('sends Max as the limit the server holds at send time, read just before', async () => {
    const { scope, api } = setup(
      {
        [storeList.path]: () => ({ list: [{ ...LOSING, max_reduce_margin: '0.2791' }] }),
        [depositChange.path]: () => LOSING,
      },
      { language: 'de' },
    );
    await allSettled(marginSheet.opened, { scope, params: LOSING });
    await allSettled(actionChanged, { scope, params: 'reduce' });
    await allSettled(maxClicked, { scope });
    expect(scope.getState($amount)).toBe('0,2803');

    await allSettled(submitClicked, { scope });

    expect(api.callsTo(depositChange)).toMatchObject([
      { body: { action: 'reduce', amount: '0.2791' } },
    ]);
  });

  it('on a refusal over the limit, says so next to the amount and offers the limit to resend', async () => {
    let limit = '0.2803';
    const refusal = 'Sie können höchstens 0,2791 USDT Marge entnehmen';
    const { scope, api } = setup(
      {
        [storeList.path]: () => ({ list: [{ ...LOSING, max_reduce_margin: limit }] }),
        [depositChange.path]: (body) =>
          new D((body as { amount: string }).amount).gt(limit)
            ? failWith(500, refusal)()
            : { ...LOSING, margin: '400.2209' },
      },
      { language: 'de' },
    );
    await allSettled(marginSheet.opened, { scope, params: LOSING });
    await allSettled(actionChanged, { scope, params: 'reduce' });
    await allSettled(amountChanged, { scope, params: '0,2803' });
    // the mark moves against the position before the request reaches the server
    limit = '0.2791';

    await allSettled(submitClicked, { scope });
    expect(scope.getState($errors)).toStrictEqual({ amount: { text: refusal } });
    expect(scope.getState($limitOffer)).toBe('0.2791');

    await allSettled(limitTaken, { scope });
    expect(scope.getState($amount)).toBe('0,2791');
    expect(scope.getState($errors)).toStrictEqual({});
    await allSettled(submitClicked, { scope });

    expect(api.callsTo(depositChange).map((call) => call.body)).toMatchObject([
      { amount: '0.2803' },
      { amount: '0.2791' },
    ]);
    expect(scope.getState(marginSheet.$position)).toBeNull();
  });

  it('sends a refused Max once, and offers the newer limit rather than sending it by itself', async () => {
    let limit = '0.2791';
    const { scope, api } = setup(
      {
        [storeList.path]: () => {
          const read = { ...LOSING, max_reduce_margin: limit };
          // the mark moves against the position again between each read and the send
          limit = new D(limit).minus('0.001').toFixed();
          return { list: [read] };
        },
        [depositChange.path]: failWith(500, 'You can take out at most 0.2781 USDT of margin'),
      },
      { language: 'de' },
    );
    await allSettled(marginSheet.opened, { scope, params: LOSING });
    await allSettled(actionChanged, { scope, params: 'reduce' });
    await allSettled(maxClicked, { scope });
    await allSettled(submitClicked, { scope });

    expect(api.callsTo(depositChange)).toMatchObject([{ body: { amount: '0.2791' } }]);
    expect(scope.getState($limitOffer)).toBe('0.2781');
  });

  it('offers nothing when a refusal was not about the limit', async () => {
    const { scope } = setup(
      {
        [storeList.path]: () => ({ list: [LOSING] }),
        [depositChange.path]: failWith(500, 'Try again later'),
      },
      { language: 'de' },
    );
    await allSettled(marginSheet.opened, { scope, params: LOSING });
    await allSettled(actionChanged, { scope, params: 'reduce' });
    await allSettled(amountChanged, { scope, params: '0,1' });
    await allSettled(submitClicked, { scope });

    expect(scope.getState($limitOffer)).toBeNull();
    expect(scope.getState($errors)).toStrictEqual({});
  });
});

import { endpoints } from '@bourse/protocol';
import { ApiError } from '#shared/api';
import { failWith } from '#shared/api/testing';
import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { heldReply, POSITION, setup, tick } from '../testing/index.ts';
import {
  $errors,
  $estimate,
  $quantity,
  closeSheet,
  quantityChanged,
  shareClicked,
  submitClicked,
} from './close-position.ts';

const partStop = endpoints.contract.partStop;
const EXAMPLE_REPLY = partStop.example.response;

async function openOn(scope: ReturnType<typeof setup>['scope'], position = POSITION) {
  await allSettled(closeSheet.opened, { scope, params: position });
}

describe('closing part of a position', () => {
  it("offers 25, 50, 75 and 100 % of the closable quantity, in the symbol's steps", async () => {
    const { scope } = setup();
    await openOn(scope, { ...POSITION, quantity: '0.15', closable_quantity: '0.105' });

    const picked: string[] = [];
    for (const share of [25, 50, 75, 100] as const) {
      await allSettled(shareClicked, { scope, params: share });
      picked.push(scope.getState($quantity));
    }

    // 0.105 × 25 % = 0.02625, down to the step 0.001; 100 % is the closable quantity itself.
    expect(picked).toStrictEqual(['0.026', '0.052', '0.078', '0.105']);
  });

  it('shows the realised PnL and the fee of closing 0.04 at the mark, as FORMULAS.md works it', async () => {
    const { scope } = setup();
    await openOn(scope);

    await allSettled(quantityChanged, { scope, params: '0.04' });

    // 0.04 × (97 250.50 − 97 000) = 10.02; 0.04 × 97 250.50 × 0.0006 = 2.334012 (2.33 shown)
    expect(scope.getState($estimate)).toStrictEqual({ pnl: '10.02', fee: '2.334012' });
  });

  it('follows the mark while open: a short at a loss shows a negative PnL', async () => {
    const { scope } = setup();
    const short = { ...POSITION, direction: 'short' as const };
    await openOn(scope, short);
    await allSettled(quantityChanged, { scope, params: '0.1' });

    await allSettled(closeSheet.positionUpdated, {
      scope,
      params: { ...short, mark_price: '98000.00' },
    });

    // 0.1 × −1 × (98 000 − 97 000) = −100
    expect(scope.getState($estimate)?.pnl).toBe('-100');
  });

  it('refuses more than the closable quantity without calling, and keeps what was typed', async () => {
    const { scope, api } = setup();
    await openOn(scope, { ...POSITION, closable_quantity: '0.06' });

    await allSettled(quantityChanged, { scope, params: '0.07' });
    await allSettled(submitClicked, { scope });

    expect(scope.getState($errors)).toStrictEqual({
      quantity: { key: 'positionActions.close.errors.overClosable' },
    });
    expect(scope.getState($quantity)).toBe('0.07');
    expect(api.callsTo(partStop)).toHaveLength(0);
  });

  it('refuses an empty quantity, a zero and one between steps', async () => {
    const { scope, api } = setup();
    await openOn(scope);
    const problems = [];
    for (const quantity of ['', '0', '0.0405']) {
      await allSettled(quantityChanged, { scope, params: quantity });
      await allSettled(submitClicked, { scope });
      problems.push(scope.getState($errors).quantity);
    }
    expect(problems).toStrictEqual([
      { key: 'validation.required' },
      { key: 'positionActions.errors.quantityInvalid' },
      { key: 'positionActions.close.errors.step' },
    ]);
    expect(api.callsTo(partStop)).toHaveLength(0);
  });

  it('closes once on a double tap, then tells the positions and orders and shuts the sheet', async () => {
    const held = heldReply(() => EXAMPLE_REPLY);
    const { scope, api, changed, closed, ordersChanged, toasts } = setup({
      [partStop.path]: held.reply,
    });
    await openOn(scope);
    await allSettled(quantityChanged, { scope, params: '0.04' });

    const first = allSettled(submitClicked, { scope });
    const second = allSettled(submitClicked, { scope });
    await tick();
    held.release();
    await Promise.all([first, second]);

    expect(api.callsTo(partStop)).toMatchObject([
      { body: { position_id: '5001', quantity: '0.04' } },
    ]);
    expect(changed.map((position) => position.quantity)).toStrictEqual(['0.06']);
    expect(closed).toStrictEqual([]);
    expect(ordersChanged).toHaveLength(1);
    expect(toasts).toStrictEqual(['positionActions.close.done']);
    expect(scope.getState(closeSheet.$position)).toBeNull();
  });

  it('says the position is gone when the close leaves nothing', async () => {
    const { scope, changed, closed } = setup({
      [partStop.path]: () => ({ ...EXAMPLE_REPLY, position: null }),
    });
    await openOn(scope);

    await allSettled(shareClicked, { scope, params: 100 });
    await allSettled(submitClicked, { scope });

    expect(closed).toStrictEqual(['5001']);
    expect(changed).toStrictEqual([]);
  });

  it('keeps the quantity after a refusal, and retries it with the same request id', async () => {
    let refuse = true;
    const { scope, idsSentTo, changed } = setup({
      [partStop.path]: () =>
        refuse ? failWith(500, 'Quantity exceeds the closable quantity')() : EXAMPLE_REPLY,
    });
    await openOn(scope);
    await allSettled(quantityChanged, { scope, params: '0.04' });

    await allSettled(submitClicked, { scope });
    expect(scope.getState($quantity)).toBe('0.04');
    expect(scope.getState(closeSheet.$position)?.id).toBe('5001');
    expect(changed).toHaveLength(0);

    refuse = false;
    await allSettled(submitClicked, { scope });
    const [one, two] = idsSentTo(partStop);
    expect(two).toBe(one);
    expect(changed).toHaveLength(1);
  });

  it('puts a refusal that names the quantity next to it', async () => {
    const { scope } = setup({
      [partStop.path]: failWith(400, 'quantity: must be at most 0.1'),
    });
    await openOn(scope);
    await allSettled(quantityChanged, { scope, params: '0.04' });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($errors)).toStrictEqual({
      quantity: { text: 'must be at most 0.1' },
    });
  });

  it('sends a changed quantity after a lost reply as a new intent', async () => {
    const held = heldReply(() => EXAMPLE_REPLY);
    const { scope, idsSentTo } = setup({ [partStop.path]: held.reply });
    await openOn(scope);
    await allSettled(quantityChanged, { scope, params: '0.04' });
    const first = allSettled(submitClicked, { scope });
    await tick();
    held.fail(new ApiError({ kind: 'transport', msg: 'connection lost' }));
    await first;

    await allSettled(quantityChanged, { scope, params: '0.05' });
    const second = allSettled(submitClicked, { scope });
    await tick();
    held.release();
    await second;

    const [one, two] = idsSentTo(partStop);
    expect(two).not.toBe(one);
  });
});

describe("closing part of a position in the reader's number style", () => {
  const german = () => setup({ [partStop.path]: () => EXAMPLE_REPLY }, { language: 'de' });

  it('reads a German decimal comma and sends the plain quantity', async () => {
    const { scope, api } = german();
    await openOn(scope);
    await allSettled(quantityChanged, { scope, params: '0,04' });
    expect(scope.getState($estimate)).not.toBeNull();

    await allSettled(submitClicked, { scope });

    expect(api.callsTo(partStop)).toMatchObject([{ body: { quantity: '0.04' } }]);
  });

  it('explains a point typed in German, keeps it and sends nothing', async () => {
    const { scope, api } = german();
    await openOn(scope);
    await allSettled(quantityChanged, { scope, params: '0.04' });
    await allSettled(submitClicked, { scope });

    expect(scope.getState($errors)).toStrictEqual({
      quantity: { key: 'numberInput.otherMark' },
    });
    expect(scope.getState($quantity)).toBe('0.04');
    expect(api.callsTo(partStop)).toHaveLength(0);
  });

  it('fills a share as a German reader types it', async () => {
    const { scope } = german();
    await openOn(scope, { ...POSITION, quantity: '0.15', closable_quantity: '0.105' });
    await allSettled(shareClicked, { scope, params: 50 });
    expect(scope.getState($quantity)).toBe('0,052');
  });
});

import { endpoints } from '@bourse/protocol';
import { failWith } from '#shared/api/testing';
import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { heldReply, setup, tick } from '../testing/index.ts';
import {
  $closeAllAsked,
  closeAllCancelled,
  closeAllClicked,
  closeAllConfirmed,
} from './close-all.ts';

const allStop = endpoints.contract.allStop;
const [CLOSE] = allStop.example.response.list;
const REPLY = {
  list: [
    CLOSE,
    { ...CLOSE, id: '9003', position_id: '5002' },
    { ...CLOSE, id: '9004', position_id: '5002' },
  ],
  realized_pnl: '30',
};

describe('closing all positions', () => {
  it('asks first, and a cancelled question closes nothing', async () => {
    const { scope, api } = setup();
    await allSettled(closeAllClicked, { scope, params: {} });
    expect(scope.getState($closeAllAsked)).toStrictEqual({});
    await allSettled(closeAllCancelled, { scope });
    await allSettled(closeAllConfirmed, { scope });
    expect(api.callsTo(allStop)).toHaveLength(0);
  });

  it("closes the symbol's positions once on a double tap, each closed position told once", async () => {
    const held = heldReply(() => REPLY);
    const { scope, api, closed, ordersChanged, toasts } = setup({ [allStop.path]: held.reply });
    await allSettled(closeAllClicked, { scope, params: { symbolId: '1' } });

    const first = allSettled(closeAllConfirmed, { scope });
    const second = allSettled(closeAllConfirmed, { scope });
    await tick();
    held.release();
    await Promise.all([first, second]);

    expect(api.callsTo(allStop)).toMatchObject([{ body: { symbol_id: '1' } }]);
    expect(closed).toStrictEqual(['5001', '5002']);
    expect(ordersChanged).toHaveLength(1);
    expect(toasts).toStrictEqual(['positionActions.closeAll.done']);
    expect(scope.getState($closeAllAsked)).toBeNull();
  });

  it('sends no symbol to close every position, and says when there was none', async () => {
    const { scope, api, closed, toasts } = setup({
      [allStop.path]: () => ({ list: [], realized_pnl: '0' }),
    });
    await allSettled(closeAllClicked, { scope, params: {} });
    await allSettled(closeAllConfirmed, { scope });
    expect((api.callsTo(allStop)[0]?.body as Record<string, unknown>).symbol_id).toBeUndefined();
    expect(closed).toStrictEqual([]);
    expect(toasts).toStrictEqual(['positionActions.closeAll.none']);
  });

  it('retries a refused close with the same id; asking again is a new intent', async () => {
    let refuse = true;
    const { scope, idsSentTo } = setup({
      [allStop.path]: () => (refuse ? failWith(500, 'Market closed')() : REPLY),
    });
    await allSettled(closeAllClicked, { scope, params: {} });
    await allSettled(closeAllConfirmed, { scope });
    expect(scope.getState($closeAllAsked)).toStrictEqual({});
    await allSettled(closeAllConfirmed, { scope });
    refuse = false;
    await allSettled(closeAllClicked, { scope, params: {} });
    await allSettled(closeAllConfirmed, { scope });

    const [one, two, three] = idsSentTo(allStop);
    expect(two).toBe(one);
    expect(three).not.toBe(two);
  });
});

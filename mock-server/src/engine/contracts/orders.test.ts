/**
 * Placing and cancelling contract orders without HTTP: fills at the book, resting limits, the
 * TP/SL rules, who may trade, a repeated request id, and each refusal with its reason.
 */
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import { BTC, contractWorld, refusal, rid, type ContractWorld } from './testing.ts';

describe('placing and cancelling', () => {
  it('fills a market long at the ask with the taker fee, and pays the inviter their share', async () => {
    const w = await contractWorld();
    w.price('20000');
    const order = w.order(w.cy, { quantity: '0.5', leverage_id: '3' });
    // ask 20 000.20: margin 0.5 × 20 000.20 ÷ 20, fee × 0.0006
    expect(order).toMatchObject({
      status: 'filled',
      avg_price: '20000.20',
      cost: '500.005',
      fee: '6.00006',
      amount: '10000.10',
    });
    expect(w.contract(w.cy).available.toFixed()).toBe('9493.99494');
    expect(w.balance(SYSTEM_ACCOUNTS.fees)).toBe('6.00006');
    // Ann invited Cy: 20 % of the fee, into her real fund account
    expect(w.exchange.ledger.account(w.ann, 'real', 'fund').available.toFixed()).toBe('1.200012');
  });

  it('rests a short by limit, fills it when the bid reaches it, and cancels to release what is frozen', async () => {
    const w = await contractWorld();
    w.price('20000');
    const short = w.order(w.ann, { side: 'sell', type: 'limit', price: '20500', leverage_id: '3' });
    const other = w.order(w.ann, { side: 'sell', type: 'limit', price: '25000', leverage_id: '3' });
    expect(w.contracts.orders(w.ann, { group: 'open', page: 1, limit: 20 }).total).toBe(2);
    w.price('20500.21'); // bid 20 500.00
    expect(w.contracts.positions(w.ann).list[0]).toMatchObject({
      direction: 'short',
      entry_price: '20500.00',
    });
    const cancelled = w.contracts.cancelOrder(w.ann, { order_id: other.id, request_id: rid() });
    expect(cancelled.status).toBe('cancelled');
    // only the short's margin (1 025) is frozen now; its fee (4.10) went to the fee account
    expect(w.contract(w.ann).frozen.toFixed()).toBe('1025');
    expect(
      refusal(() => w.contracts.cancelOrder(w.ann, { order_id: short.id, request_id: rid() })),
    ).toMatchObject({ key: 'order_not_open' });
  });

  it('refuses a take profit or stop loss on the wrong side, or too near liquidation, each with its reason', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { type: 'limit', price: '20000.20' }); // crosses: long 1 at 20 000.20, 50×
    const id = w.contracts.positions(w.ann).list[0]?.id ?? '';
    const set = (take_profit: string, stop_loss: string) =>
      refusal(() =>
        w.contracts.addTakeStop(w.ann, {
          position_id: id,
          take_profit,
          stop_loss,
          request_id: rid(),
        }),
      );
    expect(set('19999', '')).toMatchObject({ key: 'take_profit_side' });
    expect(set('', '20001')).toMatchObject({ key: 'stop_loss_side' });
    // liquidated at 19 700.197: a stop loss from 19 798.698 on
    expect(set('', '19798')).toMatchObject({
      key: 'stop_loss_near_liquidation',
      params: { price: '19798.70' },
    });
    expect(
      w.contracts.addTakeStop(w.ann, {
        position_id: id,
        take_profit: '',
        stop_loss: '19800',
        request_id: rid(),
      }).stop_loss,
    ).toBe('19800');
  });
});

describe('who may trade, and a double tap', () => {
  it('refuses an unverified user on the real account, and lets them trade on demo', async () => {
    const w = await contractWorld();
    w.price('20000');
    expect(refusal(() => w.order(w.bo, { quantity: '0.01' }))).toMatchObject({
      kind: 'refused',
      key: 'contract_identity_required',
    });
    expect(w.exchange.live().contracts.orders).toEqual([]);
    w.exchange.profile.setAccountMode(w.bo, 'demo');
    w.exchange.funds.transfer(w.bo, {
      from: 'fund',
      to: 'contract',
      amount: '1000',
      request_id: rid(),
    });
    expect(w.order(w.bo, { quantity: '0.01' })).toMatchObject({
      status: 'filled',
      account_mode: 'demo',
    });
    expect(w.contracts.positions(w.bo).list[0]).toMatchObject({ account_mode: 'demo' });
  });

  it('places one order for a repeated request id, and replays its answer', async () => {
    const w = await contractWorld();
    w.price('20000');
    const request_id = rid();
    const first = w.order(w.ann, { quantity: '0.1', request_id });
    const again = w.order(w.ann, { quantity: '0.1', request_id });
    expect(again).toEqual(first);
    expect(w.contracts.orderRows(w.ann)).toHaveLength(1);
    expect(w.contracts.positions(w.ann).list[0]?.quantity).toBe('0.1');
    expect(refusal(() => w.order(w.ann, { quantity: '0.2', request_id }))).toMatchObject({
      kind: 'conflict',
    });
  });

  it('refuses quantities off the step or out of bounds, a leverage not offered, and a closed market', async () => {
    const w = await contractWorld();
    w.price('20000');
    expect(refusal(() => w.order(w.ann, { quantity: '0.00005' }))).toMatchObject({
      key: 'quantity_step',
    });
    expect(refusal(() => w.order(w.ann, { quantity: '101' }))).toMatchObject({
      key: 'quantity_above_max',
      params: { max: '100' },
    });
    expect(refusal(() => w.order(w.ann, { leverage_id: '9' }))).toMatchObject({
      key: 'leverage_invalid',
    });
    expect(refusal(() => w.order(w.ann, { quantity: '3', leverage_id: '1' }))).toMatchObject({
      key: 'balance_insufficient',
    });
    expect(w.exchange.live().contracts.orders).toEqual([]);
  });
});

describe('the leverage a user chose (getContractInfo)', () => {
  const chosen = (w: ContractWorld, userId: string) => w.contracts.info(userId, BTC).leverage_id;

  it('is saved by an accepted order, and left as it was by every refused one', async () => {
    const w = await contractWorld();
    w.price('20000');
    expect(chosen(w, w.ann)).toBe('3');
    const refusals = () => {
      const leverages = structuredClone(w.exchange.live().contracts.leverages);
      // each with a leverage other than the saved one, each refused at a different check
      const keys = [
        // 3 × 20 000 ÷ 5 = 12 000 of margin, 10 000 held
        refusal(() => w.order(w.ann, { quantity: '3', leverage_id: '1' })).key,
        refusal(() => w.order(w.ann, { quantity: '0.00005', leverage_id: '5' })).key,
        refusal(() => w.order(w.ann, { leverage_id: '9' })).key,
        refusal(() => w.order(w.ann, { quantity: '0.1', take_profit: '19000', leverage_id: '4' }))
          .key,
        // at 100× the long is liquidated near 19 900: a stop loss at 19 950 is too near
        refusal(() => w.order(w.ann, { quantity: '0.1', stop_loss: '19950', leverage_id: '5' }))
          .key,
      ];
      expect(w.exchange.live().contracts.leverages).toEqual(leverages);
      return keys;
    };
    expect(refusals()).toEqual([
      'balance_insufficient',
      'quantity_step',
      'leverage_invalid',
      'take_profit_side',
      'stop_loss_near_liquidation',
    ]);
    expect(chosen(w, w.ann)).toBe('3');

    // an accepted order saves its leverage; one refused for another leverage leaves it
    w.order(w.ann, { quantity: '0.1', leverage_id: '2' });
    expect(chosen(w, w.ann)).toBe('2');
    expect(refusal(() => w.order(w.ann, { quantity: '0.1', leverage_id: '4' })).key).toBe(
      'leverage_mismatch',
    );
    refusals();
    expect(chosen(w, w.ann)).toBe('2');
  });

  it('is not saved for a user who may not trade', async () => {
    const w = await contractWorld();
    w.price('20000');
    expect(refusal(() => w.order(w.bo, { quantity: '0.1', leverage_id: '5' })).key).toBe(
      'contract_identity_required',
    );
    expect(chosen(w, w.bo)).toBe('3');
  });
});

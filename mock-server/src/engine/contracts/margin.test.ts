/**
 * A position's margin without HTTP: added and taken out (up to the maximum), and auto-margin.
 */
import { describe, expect, it } from 'vitest';
import { contractWorld, refusal, rid } from './testing.ts';

describe('margin in and out', () => {
  it('moves the liquidation price with added or reduced margin, and reduces only up to the maximum', async () => {
    const w = await contractWorld();
    w.price('20100');
    w.order(w.ann, { type: 'limit', price: '20000' });
    w.price('19999.80');
    const id = w.contracts.positions(w.ann).list[0]?.id ?? '';
    w.price('20000');
    const added = w.contracts.depositChange(w.ann, {
      position_id: id,
      action: 'add',
      amount: '100',
      request_id: rid(),
    });
    expect(added).toMatchObject({
      margin: '500.00',
      liquidation_price: '19600.00',
      max_reduce_margin: '100.00',
    });
    expect(w.contract(w.ann).available.toFixed()).toBe('9496');
    const tooMuch = refusal(() =>
      w.contracts.depositChange(w.ann, {
        position_id: id,
        action: 'reduce',
        amount: '100.01',
        request_id: rid(),
      }),
    );
    expect(tooMuch).toMatchObject({ key: 'margin_reduce_exceeds', params: { max: '100.00' } });
    const reduced = w.contracts.depositChange(w.ann, {
      position_id: id,
      action: 'reduce',
      amount: '100',
      request_id: rid(),
    });
    expect(reduced).toMatchObject({
      margin: '400.00',
      liquidation_price: '19700.00',
      max_reduce_margin: '0.00',
    });
    expect(w.contract(w.ann).available.toFixed()).toBe('9596');
  });

  it('adds auto-margin when the loss reaches the rule, only with the whole amount available', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.contracts.setStrategy(w.ann, {
      enabled: true,
      deposit_rate: '50',
      auto_add: '25',
      request_id: rid(),
    });
    w.order(w.ann, { type: 'limit', price: '19000', leverage_id: '4' });
    w.price('18999.80'); // long 1 at 19 000, 50×: margin 380
    w.price('18811'); // loss 189: under half the margin
    expect(w.contracts.positions(w.ann).list[0]?.margin).toBe('380.00');
    w.price('18810'); // loss 190: half of 380, so 25 % of 380 (95) is added
    expect(w.contracts.positions(w.ann).list[0]?.margin).toBe('475.00');
    w.price('18800'); // loss 200: under half of 475, nothing more
    expect(w.contracts.positions(w.ann).list[0]?.margin).toBe('475.00');
    expect(w.contract(w.ann).available.toFixed()).toBe('9521.2');
  });
});

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

describe('the auto-margin rule', () => {
  /** ann long 1 BTC at 19 000, 50×: margin 380 */
  async function longAt19000(rule?: { deposit_rate: string; auto_add: string }) {
    const w = await contractWorld();
    w.price('20000');
    if (rule) w.contracts.setStrategy(w.ann, { enabled: true, ...rule, request_id: rid() });
    w.order(w.ann, { type: 'limit', price: '19000', leverage_id: '4' });
    w.price('18999.80');
    const margin = () => w.contracts.positions(w.ann).list[0]?.margin;
    expect(margin()).toBe('380.00');
    return { w, margin };
  }

  it("is the platform's default, off, until set, and kept per account mode", async () => {
    const w = await contractWorld();
    expect(w.contracts.strategy(w.ann)).toEqual({
      enabled: false,
      deposit_rate: '50',
      auto_add: '25',
    });
    const set = { enabled: true, deposit_rate: '30', auto_add: '10' };
    expect(w.contracts.setStrategy(w.ann, { ...set, request_id: rid() })).toEqual(set);
    expect(w.contracts.strategy(w.ann)).toEqual(set);
    w.exchange.users.get(w.ann).account_mode = 'demo';
    expect(w.contracts.strategy(w.ann)).toEqual({
      enabled: false,
      deposit_rate: '50',
      auto_add: '25',
    });
  });

  it('set while a position is open, moves that position to the new rule', async () => {
    const { w, margin } = await longAt19000();
    w.price('18810'); // loss 190: half the margin, but no rule yet
    expect(margin()).toBe('380.00');
    w.price('18900');
    w.contracts.setStrategy(w.ann, {
      enabled: true,
      deposit_rate: '50',
      auto_add: '25',
      request_id: rid(),
    });
    w.price('18810');
    expect(margin()).toBe('475.00');
  });

  it('does nothing once turned off', async () => {
    const { w, margin } = await longAt19000({ deposit_rate: '50', auto_add: '25' });
    w.contracts.setStrategy(w.ann, {
      enabled: false,
      deposit_rate: '50',
      auto_add: '25',
      request_id: rid(),
    });
    w.price('18810');
    w.price('18750'); // still above the liquidation price, 18 715
    expect(margin()).toBe('380.00');
  });

  it('tops up once per loss: not again while the loss is no deeper than at the last top-up', async () => {
    const { w, margin } = await longAt19000({ deposit_rate: '1', auto_add: '25' });
    w.price('18900'); // loss 100, far past 1 % of 380: 95 added
    expect(margin()).toBe('475.00');
    w.price('18950'); // loss 50: past 1 % of 475, but shallower than the last top-up's
    w.price('18900'); // loss 100 again: no deeper
    expect(margin()).toBe('475.00');
    w.price('18880'); // loss 120: deeper, so another 95
    expect(margin()).toBe('570.00');
  });

  it('adds nothing when the rule adds nothing, or when the whole amount is not available', async () => {
    const none = await longAt19000({ deposit_rate: '50', auto_add: '0' });
    none.w.price('18810');
    none.w.price('18750'); // still above the liquidation price, 18 715
    expect(none.margin()).toBe('380.00');

    const short = await longAt19000({ deposit_rate: '50', auto_add: '25' });
    const { w } = short;
    // all but 94.99999999 of the available balance moved out: the 95 top-up does not fit
    const available = w.contract(w.ann).available.minus('94.99999999').toFixed();
    w.exchange.funds.transfer(w.ann, {
      from: 'contract',
      to: 'fund',
      amount: available,
      request_id: rid(),
    });
    const before = w.exchange.snapshot();
    w.price('18810');
    expect(short.margin()).toBe('380.00');
    expect(w.exchange.snapshot().ledger).toEqual(before.ledger);
  });
});

describe('margin moves', () => {
  it('are refused to a trader whose identity is no longer verified, and change nothing', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '0.1', leverage_id: '3' });
    const id = w.contracts.positions(w.ann).list[0]?.id ?? '';
    w.exchange.users.get(w.ann).identity_status = 'unverified';
    const before = w.exchange.snapshot();
    expect(
      refusal(() =>
        w.contracts.depositChange(w.ann, {
          position_id: id,
          action: 'add',
          amount: '10',
          request_id: rid(),
        }),
      ),
    ).toMatchObject({ kind: 'refused', key: 'contract_identity_required' });
    expect(w.exchange.snapshot()).toEqual(before);
  });

  it('refuses taking out more than the maximum as a refusal, and keeps each call under its name', async () => {
    const w = await contractWorld();
    w.price('20000');
    w.order(w.ann, { quantity: '0.1', leverage_id: '3' });
    const id = w.contracts.positions(w.ann).list[0]?.id ?? '';
    expect(
      refusal(() =>
        w.contracts.depositChange(w.ann, {
          position_id: id,
          action: 'reduce',
          amount: '1',
          request_id: rid(),
        }),
      ),
    ).toMatchObject({ kind: 'refused', key: 'margin_reduce_exceeds', params: { max: '0.00' } });
    const request_id = rid();
    w.contracts.depositChange(w.ann, { position_id: id, action: 'add', amount: '1', request_id });
    w.contracts.setStrategy(w.ann, {
      enabled: true,
      deposit_rate: '50',
      auto_add: '25',
      request_id: `${request_id}-s`,
    });
    const kept = w.exchange.snapshot().requests;
    expect([
      kept[`${w.ann}:${request_id}`]?.operation,
      kept[`${w.ann}:${request_id}-s`]?.operation,
    ]).toEqual(['contract.depositChange', 'contract.setStrategy']);
  });
});

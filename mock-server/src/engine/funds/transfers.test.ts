/** Transfers and the demo top-up without HTTP: one ledger transaction each, once per request id. */
import { PLATFORM_CONFIG } from '@bourse/fixtures';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { refusalOf, START } from '../testing.ts';
import { fundsWorld } from './testing.ts';

describe('a transfer', () => {
  it('moves money between the current mode’s accounts, once per request id', async () => {
    const { world, funds, ann } = await fundsWorld();
    const body = {
      from: 'fund',
      to: 'contract',
      amount: '250',
      request_id: 'transfer-0001',
    } as const;
    const moved = funds.transfer(ann, body);
    expect(moved.transfer_id).toMatch(/^TF20261123093000\d+$/);
    expect([moved.from.available, moved.to.available]).toEqual(['750.00', '250.00']);
    const transactions = world.ledger.transactions().length;
    expect(funds.transfer(ann, body)).toEqual(moved);
    expect(world.ledger.transactions()).toHaveLength(transactions);
    expect(refusalOf(() => funds.transfer(ann, { ...body, amount: '1' }))).toMatchObject({
      kind: 'conflict',
    });
    world.ledger.check();
  });

  it('refused for want of money moves nothing and takes no number', async () => {
    const { world, funds, ann } = await fundsWorld();
    const next = world.state.next_funds_id;
    const body = {
      from: 'fund',
      to: 'option',
      amount: '1000.01',
      request_id: 'transfer-0002',
    } as const;
    expect(refusalOf(() => funds.transfer(ann, body))).toMatchObject({
      key: 'balance_insufficient',
    });
    expect(world.state.next_funds_id).toBe(next);
    expect(funds.transfer(ann, { ...body, amount: '1000' }).transfer_id).toBe(
      `TF${new Date(START).toISOString().replace(/\D/g, '').slice(0, 14)}${String(next)}`,
    );
  });
});

describe('the demo top-up', () => {
  it('is refused on the real account and moves nothing; the same intent succeeds on demo, once', async () => {
    const { world, funds, ann } = await fundsWorld();
    const body = { amount: '500', request_id: 'topup-intent-000001' };
    const before = world.ledger.transactions().length;
    expect(refusalOf(() => funds.demoTopUp(ann, body))).toMatchObject({
      kind: 'refused',
      key: 'demo_top_up_real',
    });
    expect(world.ledger.transactions()).toHaveLength(before);

    world.users.get(ann).account_mode = 'demo';
    const topped = funds.demoTopUp(ann, body);
    expect(topped.balance.available).toBe('10500.00');
    // a retry arriving after a switch back to real replays the top-up, and moves nothing more
    world.users.get(ann).account_mode = 'real';
    expect(funds.demoTopUp(ann, body)).toEqual(topped);
    expect(world.ledger.account(ann, 'demo', 'fund').available.toFixed()).toBe('10500');
    expect(world.ledger.account(ann, 'real', 'fund').available.toFixed()).toBe('1000');
  });

  it('holds the limits of the platform config, and a refused amount moves nothing', async () => {
    const { world, funds, ann } = await fundsWorld();
    world.users.get(ann).account_mode = 'demo';
    const before = structuredClone(world.state);
    expect(
      refusalOf(() =>
        funds.demoTopUp(ann, {
          amount: new Decimal(PLATFORM_CONFIG.demo_top_up_min).minus('0.01').toFixed(),
          request_id: 'topup-below-min-001',
        }),
      ),
    ).toMatchObject({ key: 'amount_below_min', params: { min: PLATFORM_CONFIG.demo_top_up_min } });
    expect(
      refusalOf(() =>
        funds.demoTopUp(ann, {
          amount: new Decimal(PLATFORM_CONFIG.demo_top_up_max).plus('0.01').toFixed(),
          request_id: 'topup-above-max-001',
        }),
      ),
    ).toMatchObject({ key: 'amount_above_max', params: { max: PLATFORM_CONFIG.demo_top_up_max } });
    expect(world.state).toEqual(before);
    expect(
      funds.demoTopUp(ann, {
        amount: PLATFORM_CONFIG.demo_top_up_max,
        request_id: 'topup-at-max-00001',
      }).balance.available,
    ).toBe(new Decimal('10000').plus(PLATFORM_CONFIG.demo_top_up_max).toFixed(2));
  });
});

describe('transfer and top-up numbers', () => {
  it("take a number each, in turn, and keep each call's request ids to itself", async () => {
    const { world, funds, ann } = await fundsWorld();
    const next = world.state.next_funds_id;
    const id = 'numbered-intent-001';
    const first = funds.transfer(ann, {
      from: 'fund',
      to: 'contract',
      amount: '1',
      request_id: id,
    });
    expect(first.transfer_id).toBe(`TF20261123093000${String(next)}`);
    world.users.get(ann).account_mode = 'demo';
    // the same request id on another call is another call's: a reuse, refused
    expect(refusalOf(() => funds.demoTopUp(ann, { amount: '1', request_id: id }))).toMatchObject({
      kind: 'conflict',
    });
    funds.demoTopUp(ann, { amount: '100', request_id: 'numbered-intent-002' });
    expect(world.ledger.transactions().at(-1)).toMatchObject({
      kind: 'demo_topup',
      ref_id: `DM${String(next + 1)}`,
    });
    // each kept under its own call's name, as the state (and its export) shows
    expect(
      [id, 'numbered-intent-002'].map((key) => world.state.requests[`${ann}:${key}`]?.operation),
    ).toEqual(['transfer', 'addRechMock']);
    const third = funds.transfer(ann, {
      from: 'fund',
      to: 'option',
      amount: '1',
      request_id: 'numbered-intent-003',
    });
    expect(third.transfer_id).toBe(`TF20261123093000${String(next + 2)}`);
    // a demo transfer moves the demo accounts: the mode it was made in
    expect(third.to.available).toBe('1.00');
    expect(world.ledger.account(ann, 'demo', 'option').available.toFixed()).toBe('1');
  });
});

/**
 * Withdrawals without HTTP: frozen until the review, decided by hand or automatically on the
 * engine's time (whichever first, once), then paid out by hand or automatically.
 */
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { PASSWORD, refusalOf, rejectionOf, START } from '../testing.ts';
import { fundsOn, fundsWorld, WALLET } from './testing.ts';

const REVIEW = 60_000;

async function withdrawalWorld(autoReviewMs: number | null = null) {
  const setup = await fundsWorld({ autoReviewMs });
  const withdraw = (userId: string, request_id = 'withdraw-intent-0001', amount = '100') => {
    if (!setup.world.state.users[userId]?.wallet) {
      setup.payouts.bindWallet(userId, { network: 'TRC20', address: WALLET });
    }
    return setup.funds.addWithdrawal(userId, {
      request_id,
      method: 'usdt',
      amount,
      password: PASSWORD,
    });
  };
  const fund = (userId: string) => setup.world.ledger.account(userId, 'real', 'fund');
  const status = (userId: string) => setup.funds.withdrawals(userId, { page: 1, limit: 1 }).list[0];
  return { ...setup, withdraw, fund, status };
}

describe('a withdrawal', () => {
  it('freezes the amount until the review, with the fee and the destination', async () => {
    const { funds, ann, withdraw, fund } = await withdrawalWorld();
    const made = await withdraw(ann);
    expect(made).toMatchObject({
      status: 'reviewing',
      amount: '100.00',
      fee: '1.00',
      received_amount: '99.00',
      destination: WALLET,
      network: 'TRC20',
      created_at: START,
    });
    expect([fund(ann).available.toFixed(), fund(ann).frozen.toFixed()]).toEqual(['900', '100']);
    expect(funds.cashInfo(ann)).toMatchObject({ available: '900.00', min_amount: '20' });
    // the same intent again replays it and freezes nothing more
    expect(await withdraw(ann)).toEqual(made);
    expect(fund(ann).frozen.toFixed()).toBe('100');
  });

  it('is refused with a wrong password, without a target, or unverified, and freezes nothing', async () => {
    const { world, funds, ann, bo, withdraw, fund } = await withdrawalWorld();
    const body = { request_id: 'withdraw-refused-01', method: 'bank' as const, amount: '100' };
    expect(
      await rejectionOf(() => funds.addWithdrawal(ann, { ...body, password: 'wrong' })),
    ).toMatchObject({ field: 'password', key: 'withdraw_password_wrong' });
    expect(
      await rejectionOf(() => funds.addWithdrawal(ann, { ...body, password: PASSWORD })),
    ).toMatchObject({ key: 'withdraw_target_missing' });
    const carl = await world.newUser('carl@example.com');
    expect(
      await rejectionOf(() =>
        funds.addWithdrawal(carl.user_id, { ...body, method: 'usdt', password: PASSWORD }),
      ),
    ).toMatchObject({ key: 'identity_required' });
    expect(await rejectionOf(() => withdraw(bo, 'withdraw-refused-02', '5'))).toMatchObject({
      key: 'amount_below_min',
    });
    expect(fund(ann).frozen.isZero() && fund(bo).frozen.isZero()).toBe(true);
  });

  it('is refused to a virtual bank bound before it was known as one, and freezes nothing', async () => {
    const { world, funds, ann, fund } = await withdrawalWorld();
    const user = world.state.users[ann];
    if (!user) throw new Error('no ann');
    // bound when the refusal was a list of eight substrings, which WeBank passed
    user.bank = {
      id: ann,
      bank_name: 'WeBank',
      account_no: '6230580000123456',
      holder_name: user.identity?.name ?? user.nickname,
      branch: '',
      swift_code: '',
      created_at: START,
    };
    const body = { request_id: 'withdraw-virtual-01', method: 'bank' as const, amount: '100' };
    expect(
      await rejectionOf(() => funds.addWithdrawal(ann, { ...body, password: PASSWORD })),
    ).toMatchObject({ kind: 'refused', key: 'bank_virtual' });
    expect(fund(ann).frozen.isZero()).toBe(true);
    expect(world.state.withdrawals).toEqual([]);
  });

  it('is refused from a demo session, and the whole state is as it was', async () => {
    const { world, funds, ann, withdraw, fund } = await withdrawalWorld();
    await withdraw(ann, 'withdraw-real-00001');
    const user = world.state.users[ann];
    if (!user) throw new Error('no user');
    user.account_mode = 'demo';
    const before = structuredClone(world.state);
    expect(await rejectionOf(() => withdraw(ann, 'withdraw-demo-00001'))).toMatchObject({
      kind: 'refused',
      key: 'withdraw_demo',
    });
    expect(world.state).toEqual(before);
    expect(funds.withdrawals(ann, { page: 1, limit: 10 }).total).toBe(1);
    expect([fund(ann).available.toFixed(), fund(ann).frozen.toFixed()]).toEqual(['900', '100']);
    // the refusal is not kept: back on real, the same intent goes through
    user.account_mode = 'real';
    expect((await withdraw(ann, 'withdraw-demo-00001')).status).toBe('reviewing');
  });

  it('becomes paid by hand once approved, with the time, a push, and no money moved', async () => {
    const { world, funds, ann, withdraw, pushes } = await withdrawalWorld();
    const made = await withdraw(ann);
    expect(refusalOf(() => funds.payWithdrawal(made.id))).toMatchObject({
      key: 'withdrawal_not_payable',
    });
    funds.decideWithdrawal(made.id, true);
    const transactions = world.ledger.transactions().length;
    world.pass(5000);
    const paid = funds.payWithdrawal(made.id);
    expect(paid).toMatchObject({ status: 'paid', paid_at: START + 5000 });
    expect(world.ledger.transactions()).toHaveLength(transactions);
    expect(pushes().at(-1)).toEqual({ kind: 'withdrawal', record: paid });
    expect(funds.withdrawals(ann, { page: 1, limit: 5 }).list[0]?.status).toBe('paid');
    expect(refusalOf(() => funds.payWithdrawal(made.id))).toBeInstanceOf(EngineError);
    expect(refusalOf(() => funds.payWithdrawal('999'))).toMatchObject({ kind: 'not_found' });
  });

  it('is approved, then paid, each at its due moment; a rejection is released and never paid', async () => {
    const { world, funds, ann, bo, withdraw, fund, status } = await withdrawalWorld(REVIEW);
    await withdraw(ann);
    const rejected = await withdraw(bo);
    funds.decideWithdrawal(rejected.id, false, 'No');
    world.pass(REVIEW - 1);
    expect(status(ann)?.status).toBe('reviewing');
    world.pass(1);
    expect(status(ann)).toMatchObject({
      status: 'approved',
      reviewed_at: START + REVIEW,
      paid_at: null,
    });
    expect(fund(ann).frozen.isZero()).toBe(true);
    world.pass(REVIEW);
    expect(status(ann)).toMatchObject({ status: 'paid', paid_at: START + 2 * REVIEW });
    expect(status(bo)).toMatchObject({ status: 'rejected', reject_reason: 'No', paid_at: null });
    expect(fund(bo).available.toFixed()).toBe('1000');
    world.ledger.check();
  });

  it('decided by hand before its automatic review is not decided again; its payout still comes', async () => {
    const { world, funds, ann, bo, withdraw, fund, status, pushes } = await withdrawalWorld(REVIEW);
    const approved = await withdraw(ann);
    const rejected = await withdraw(bo);
    world.pass(REVIEW / 2);
    funds.decideWithdrawal(approved.id, true);
    funds.decideWithdrawal(rejected.id, false, 'No');
    world.pass(REVIEW / 2);
    // the automatic review's moment passed: nothing decided twice, no money moved twice
    expect(status(ann)).toMatchObject({ status: 'approved', reviewed_at: START + REVIEW / 2 });
    expect(status(bo)?.status).toBe('rejected');
    expect(pushes()).toHaveLength(2);
    expect(fund(bo).available.toFixed()).toBe('1000');
    // the payout of a manual approval waits the review delay from the approval
    world.pass(REVIEW / 2);
    expect(status(ann)).toMatchObject({ status: 'paid', paid_at: START + (3 * REVIEW) / 2 });
    world.ledger.check();
  });

  it('paid by hand before its automatic payout is not paid again', async () => {
    const { world, funds, ann, withdraw, status, pushes } = await withdrawalWorld(REVIEW);
    const made = await withdraw(ann);
    world.pass(REVIEW);
    world.pass(1000);
    funds.payWithdrawal(made.id);
    world.pass(REVIEW * 3);
    expect(status(ann)).toMatchObject({ status: 'paid', paid_at: START + REVIEW + 1000 });
    expect(pushes().map((push) => push.record.status)).toEqual(['approved', 'paid']);
  });

  it('decided elsewhere while its review was still on the clock: the review looks and does nothing', async () => {
    const { world, ann, withdraw, status } = await withdrawalWorld(REVIEW);
    const made = await withdraw(ann);
    // another Funds on the very same state (not a copy) decides it: this world's time still
    // holds the review, which must read the row again and find it decided
    const other = fundsOn({ state: world.state, at: world.now(), autoReviewMs: REVIEW });
    other.funds.decideWithdrawal(made.id, false, 'Decided elsewhere');
    expect(world.time.scheduler.has(`funds:withdrawal-review:${made.id}`)).toBe(true);
    world.pass(REVIEW * 2);
    expect(status(ann)).toMatchObject({ status: 'rejected', reject_reason: 'Decided elsewhere' });
  });
});

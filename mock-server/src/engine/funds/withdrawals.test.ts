/**
 * Withdrawals without HTTP: frozen until the review, decided by hand or automatically on the
 * engine's time (whichever first, once), then paid out by hand or automatically.
 */
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import type { UserRecord } from '../state.ts';
import { PASSWORD, refusalOf, rejectionOf, START } from '../testing.ts';
import { fundsOn, fundsWorld, WALLET } from './testing.ts';

const REVIEW = 60_000;

/**
 * WeBank written on a user's record as it was bound when the refusal was a list of eight
 * substrings, which it passed (binding one today is refused, so the test writes it).
 */
const bindVirtualBank = (user: UserRecord) => {
  user.bank = {
    id: user.user_id,
    bank_name: 'WeBank',
    account_no: '6230580000123456',
    holder_name: user.identity?.name ?? user.nickname,
    branch: '',
    swift_code: '',
    created_at: START,
  };
};

/** a real bank account in the user's verified name */
const germanBank = (user: UserRecord) => ({
  bank_name: 'Deutsche Bank',
  account_no: 'DE89370400440532013000',
  holder_name: user.identity?.name ?? user.nickname,
  branch: '',
  swift_code: 'DEUTDEFF',
});

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
    bindVirtualBank(user);
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

  it("records a bank withdrawal in the user's currency at its rate, to the bound account", async () => {
    const { world, payouts, funds, ann, fund } = await withdrawalWorld();
    const user = world.state.users[ann];
    if (!user) throw new Error('no ann');
    user.currency = 'EUR';
    payouts.bindBank(ann, germanBank(user));
    world.advance(2000);
    const made = await funds.addWithdrawal(ann, {
      request_id: 'withdraw-bank-eur-01',
      method: 'bank',
      amount: '123.45',
      password: PASSWORD,
    });
    expect(made).toEqual({
      id: made.id,
      order_no: `WD20261123093002${made.id}`,
      method: 'bank',
      network: null,
      amount: '123.45',
      fee: '1.2345',
      received_amount: '122.2155',
      currency: 'EUR',
      rate: '0.8606',
      // 122.2155 × 0.8606, exact
      equivalent: '105.1786593',
      // the account number masked, as every record shows it
      destination: 'Deutsche Bank ****3000',
      status: 'reviewing',
      reject_reason: '',
      created_at: START + 2000,
      reviewed_at: null,
      paid_at: null,
      account_mode: 'real',
    });
    expect(fund(ann).frozen.toFixed()).toBe('123.45');
  });

  it('pays a USDT withdrawal to the wallet on its own network, whatever bank is bound', async () => {
    const { world, payouts, funds, ann } = await withdrawalWorld();
    const user = world.state.users[ann];
    if (!user) throw new Error('no ann');
    // a virtual bank bound long ago stops bank withdrawals, not USDT ones
    bindVirtualBank(user);
    const address = `0x${'ab'.repeat(20)}`;
    payouts.bindWallet(ann, { network: 'ERC20', address });
    const made = await funds.addWithdrawal(ann, {
      request_id: 'withdraw-erc20-0001',
      method: 'usdt',
      amount: '20',
      password: PASSWORD,
    });
    expect(made).toMatchObject({
      network: 'ERC20',
      destination: address,
      currency: 'USDT',
      rate: '1',
      fee: '0.20',
      received_amount: '19.80',
      equivalent: '19.80',
    });
  });

  it('takes amounts from the least to the most, to the last decimal', async () => {
    const { world, withdraw, ann, bo } = await withdrawalWorld();
    const before = structuredClone(world.state);
    expect(
      await rejectionOf(() => withdraw(ann, 'withdraw-bounds-001', '19.99999999')),
    ).toMatchObject({ kind: 'refused', key: 'amount_below_min', params: { min: '20' } });
    // bo's wallet was bound by the first call only: the refusal kept nothing else
    expect(
      await rejectionOf(() => withdraw(bo, 'withdraw-bounds-002', '50000.00000001')),
    ).toMatchObject({ key: 'amount_above_max', params: { max: '50000' } });
    const users = (state: typeof before) => Object.keys(state.users);
    expect(users(world.state)).toEqual(users(before));
    expect(world.state.withdrawals).toEqual([]);
    expect(world.state.ledger).toEqual(before.ledger);
    expect((await withdraw(ann, 'withdraw-bounds-003', '20')).amount).toBe('20.00');
  });

  it('is decided once: a second decision is refused and changes nothing; an unknown id is not found', async () => {
    const { world, funds, ann, withdraw, fund, pushes } = await withdrawalWorld();
    const made = await withdraw(ann);
    const rejected = funds.decideWithdrawal(made.id, false, 'Name does not match');
    expect(rejected).toMatchObject({ status: 'rejected', reject_reason: 'Name does not match' });
    expect([fund(ann).available.toFixed(), fund(ann).frozen.toFixed()]).toEqual(['1000', '0']);
    // released within the fund account: its total never moved, so no line in the fund flows
    expect(world.ledger.flows(ann).map((flow) => flow.refId)).not.toContain(made.order_no);
    expect(world.ledger.transactions().at(-1)).toMatchObject({
      kind: 'withdraw_refund',
      ref_id: made.order_no,
    });
    const before = structuredClone(world.state);
    expect(refusalOf(() => funds.decideWithdrawal(made.id, true))).toMatchObject({
      kind: 'refused',
      key: 'withdrawal_decided',
    });
    expect(refusalOf(() => funds.decideWithdrawal('999', true))).toMatchObject({
      kind: 'not_found',
    });
    expect(world.state).toEqual(before);
    expect(pushes()).toEqual([{ kind: 'withdrawal', record: rejected }]);
    const second = await withdraw(ann, 'withdraw-second-001');
    expect(funds.decideWithdrawal(second.id, true, 'ignored').reject_reason).toBe('');
    // approved: the fee to the fee account, the rest out, nothing left frozen
    expect(fund(ann).frozen.toFixed()).toBe('0');
    expect(
      world.ledger
        .flows(ann)
        .slice(-2)
        .map((flow) => [flow.kind, flow.amount.toFixed()]),
    ).toEqual([
      ['withdraw', '-99'],
      ['withdraw_fee', '-1'],
    ]);
  });

  it('put off while its review or payout was on the clock: each looks again and waits', async () => {
    const { world, funds, ann, withdraw, status } = await withdrawalWorld(REVIEW);
    const made = await withdraw(ann);
    const row = () => {
      const found = world.state.withdrawals.find((item) => item.id === made.id);
      if (!found) throw new Error('no row');
      return found;
    };
    row().auto_review_at = START + REVIEW * 5;
    world.pass(REVIEW * 2);
    expect(status(ann)?.status).toBe('reviewing');
    row().auto_review_at = null;
    world.pass(REVIEW * 10);
    expect(status(ann)?.status).toBe('reviewing');
    funds.decideWithdrawal(made.id, true);
    row().auto_review_at = world.now() + REVIEW * 5;
    world.pass(REVIEW * 2);
    expect(status(ann)?.status).toBe('approved');
    // the payout that fell due looked, found it put off, and left it for the back office
    world.pass(REVIEW * 4);
    expect(status(ann)?.status).toBe('approved');
    expect(funds.payWithdrawal(made.id).status).toBe('paid');
  });

  it('keeps its bookkeeping straight: names, keys, what is left on the clock, what is saved', async () => {
    const { world, payouts, funds, ann, withdraw } = await withdrawalWorld(REVIEW);
    // a wallet and a bank both bound: a bank withdrawal has no network
    const user = world.state.users[ann];
    if (!user) throw new Error('no ann');
    payouts.bindWallet(ann, { network: 'TRC20', address: WALLET });
    payouts.bindBank(ann, germanBank(user));
    const info = funds.cashInfo(ann);
    expect(info.currencies.map((currency) => currency.code)).toEqual(['USD', 'EUR', 'GBP', 'JPY']);
    const bank = await funds.addWithdrawal(ann, {
      request_id: 'withdraw-books-0001',
      method: 'bank',
      amount: '50',
      password: PASSWORD,
    });
    expect(bank.network).toBeNull();
    expect(world.state.requests[`${ann}:withdraw-books-0001`]?.operation).toBe('addCash');
    // the freeze is booked as a withdrawal
    expect(world.ledger.transactions().at(-1)).toMatchObject({
      kind: 'withdraw',
      ref_id: bank.order_no,
    });
    // decided by hand: its review leaves the clock and its payout takes its place
    funds.decideWithdrawal(bank.id, true);
    expect(world.time.scheduler.has(`funds:withdrawal-review:${bank.id}`)).toBe(false);
    expect(world.time.scheduler.has(`funds:withdrawal-payout:${bank.id}`)).toBe(true);
    const changes = world.changes;
    funds.payWithdrawal(bank.id);
    expect(world.changes).toBe(changes + 1);
    expect(world.time.scheduler.size).toBe(0);
    expect(refusalOf(() => funds.payWithdrawal(bank.id))).toMatchObject({
      kind: 'refused',
      key: 'withdrawal_not_payable',
    });
    expect(refusalOf(() => funds.decideWithdrawal('999', true))).toMatchObject({
      kind: 'not_found',
      key: 'not_found',
    });
    // two withdrawals on the clock at once: each paid at its own moment
    const first = await withdraw(ann, 'withdraw-books-0002');
    world.advance(1000);
    const second = await withdraw(ann, 'withdraw-books-0003');
    world.pass(REVIEW * 2 - 1000);
    const statuses = () =>
      funds
        .withdrawals(ann, { page: 1, limit: 5 })
        .list.filter((row) => row.id === first.id || row.id === second.id)
        .map((row) => row.status);
    expect(statuses()).toEqual(['approved', 'paid']);
    world.pass(1000);
    expect(statuses()).toEqual(['paid', 'paid']);
  });

  it('with reviews by hand, puts nothing on the clock', async () => {
    const { world, ann, withdraw } = await withdrawalWorld(null);
    await withdraw(ann);
    expect(world.time.scheduler.size).toBe(0);
  });

  it('decided behind its back with its time still set: the review and the payout find it and leave it', async () => {
    const { world, ann, withdraw, status } = await withdrawalWorld(REVIEW);
    const made = await withdraw(ann);
    const row = world.state.withdrawals.find((item) => item.id === made.id);
    if (!row) throw new Error('no row');
    row.status = 'rejected';
    expect(() => {
      world.pass(REVIEW * 3);
    }).not.toThrow();
    expect(status(ann)?.status).toBe('rejected');
  });

  it('refuses as refusals: unverified, and no target for the method', async () => {
    const { world, funds, ann } = await withdrawalWorld();
    expect(
      await rejectionOf(() =>
        funds.addWithdrawal(ann, {
          request_id: 'withdraw-kinds-0001',
          method: 'usdt',
          amount: '50',
          password: PASSWORD,
        }),
      ),
    ).toMatchObject({ kind: 'refused', key: 'withdraw_target_missing' });
    const carl = await world.newUser('carl@example.com');
    expect(
      await rejectionOf(() =>
        funds.addWithdrawal(carl.user_id, {
          request_id: 'withdraw-kinds-0002',
          method: 'usdt',
          amount: '50',
          password: PASSWORD,
        }),
      ),
    ).toMatchObject({ kind: 'refused', key: 'identity_required' });
  });
});

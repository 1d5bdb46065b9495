/**
 * The funds facade without HTTP: what waits on the clock across its parts (an account being
 * obtained, the automatic reviews, a payout) runs in due order, each once, however far the
 * clock jumps, and again after a restart, which schedules it from the state.
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD, START } from '../testing.ts';
import type { FundsEvent } from './funds.ts';
import { fundsWorld, WALLET } from './testing.ts';

const REVIEW = 60_000;
const DELAY = 90_000;

/** an event as `[kind, status or 'ready', when]` */
const summary = (event: FundsEvent): [string, string, number] =>
  event.type === 'notice'
    ? ['account', 'ready', event.notice.created_at]
    : [
        event.push.kind,
        event.push.record.status,
        event.push.record.status === 'paid' && 'paid_at' in event.push.record
          ? (event.push.record.paid_at ?? 0)
          : (event.push.record.reviewed_at ?? 0),
      ];

async function busyWorld() {
  const setup = await fundsWorld({ autoReviewMs: REVIEW, depositAccountDelayMs: DELAY });
  const { world, funds, payouts, ann, bo } = setup;
  payouts.bindWallet(ann, { network: 'TRC20', address: WALLET });
  // START: a withdrawal (approved at +60 s, paid at +120 s)
  const withdrawal = await funds.addWithdrawal(ann, {
    request_id: 'busy-withdrawal-0001',
    method: 'usdt',
    amount: '100',
    password: PASSWORD,
  });
  funds.readyDepositAccount(ann, 'usdt');
  world.advance(10_000);
  // +10 s: a deposit (approved at +70 s)
  const deposit = funds.addDeposit(ann, {
    request_id: 'busy-deposit-000001',
    method: 'usdt',
    network: 'TRC20',
    amount: '40',
    currency: 'USDT',
    tx_hash: 'cd'.repeat(32),
    remark: '',
  });
  world.advance(10_000);
  // +20 s: another user asks for an account (ready at +110 s)
  funds.depositAccount(bo, 'bank');
  setup.events.length = 0;
  return { ...setup, withdrawal, deposit };
}

describe('due work across the funds', () => {
  it('runs in due order, each at its own moment, when the clock jumps over all of it', async () => {
    const { world, events } = await busyWorld();
    const transactions = world.ledger.transactions().length;
    world.pass(1_000_000);
    expect(events.map(summary)).toEqual([
      ['withdrawal', 'approved', START + REVIEW],
      ['deposit', 'approved', START + 10_000 + REVIEW],
      ['account', 'ready', START + 20_000 + DELAY],
      ['withdrawal', 'paid', START + 2 * REVIEW],
    ]);
    // the ledger books each movement at the moment it was due
    expect(
      world.ledger
        .transactions()
        .slice(transactions)
        .map((tx) => tx.time),
    ).toEqual([START + REVIEW, START + 10_000 + REVIEW]);
    world.pass(1_000_000);
    expect(events).toHaveLength(4);
    world.ledger.check();
  });

  it('after a restart that finds it overdue, runs each item once, in due order', async () => {
    const { world, ann, events, restart } = await busyWorld();
    // the server stopped at +20 s and comes back at +100 s: the withdrawal's and the deposit's
    // reviews are overdue, bo's account and the payout are not yet due
    world.advance(80_000);
    const after = restart();
    expect(after.world.time.scheduler.size).toBe(0);
    after.funds.reschedule(after.world.time);
    expect(after.world.time.scheduler.size).toBe(3);
    after.world.settle();
    after.world.settle();
    const back = START + 100_000;
    expect(after.events.map(summary)).toEqual([
      ['withdrawal', 'approved', back],
      ['deposit', 'approved', back],
    ]);
    // the payout waits the review delay from the approval, bo's account its own due moment
    after.world.pass(DELAY);
    expect(after.events.map(summary).slice(2)).toEqual([
      ['account', 'ready', START + 20_000 + DELAY],
      ['withdrawal', 'paid', back + REVIEW],
    ]);
    expect(after.world.ledger.account(ann, 'real', 'fund').available.toFixed()).toBe('940');
    after.world.ledger.check();
    // the world that stopped ran nothing after it stopped
    expect(events).toEqual([]);
  });

  it('rescheduled twice on the same time, still runs each item once', async () => {
    const { world, funds, events } = await busyWorld();
    funds.reschedule(world.time);
    funds.reschedule(world.time);
    world.pass(1_000_000);
    expect(events).toHaveLength(4);
  });
});

describe('money still on its way (what stops an account from being deleted)', () => {
  it('is a deposit under review or a withdrawal under review or approved, of that user only', async () => {
    const { world, funds, payouts, ann, bo } = await fundsWorld({ depositAccountDelayMs: 0 });
    funds.readyDepositAccount(ann, 'usdt');
    funds.readyDepositAccount(bo, 'usdt');
    payouts.bindWallet(ann, { network: 'TRC20', address: WALLET });
    const deposit = (userId: string, request_id: string) =>
      funds.addDeposit(userId, {
        request_id,
        method: 'usdt',
        network: 'TRC20',
        amount: '50',
        currency: 'USDT',
        tx_hash: 'ab'.repeat(32),
        remark: '',
      });
    expect([funds.holdsOpen(ann), funds.holdsOpen(bo)]).toEqual([false, false]);
    const waiting = deposit(ann, 'open-deposit-00001');
    expect([funds.holdsOpen(ann), funds.holdsOpen(bo)]).toEqual([true, false]);
    funds.decideDeposit(waiting.id, true);
    expect(funds.holdsOpen(ann)).toBe(false);
    funds.decideDeposit(deposit(ann, 'open-deposit-00002').id, false);
    funds.cancelDeposit(ann, {
      id: deposit(ann, 'open-deposit-00003').id,
      request_id: 'open-cancel-000001',
    });
    expect(funds.holdsOpen(ann)).toBe(false);
    const withdrawal = await funds.addWithdrawal(ann, {
      request_id: 'open-withdraw-0001',
      method: 'usdt',
      amount: '100',
      password: PASSWORD,
    });
    expect([funds.holdsOpen(ann), funds.holdsOpen(bo)]).toEqual([true, false]);
    funds.decideWithdrawal(withdrawal.id, true);
    expect(funds.holdsOpen(ann)).toBe(true);
    funds.payWithdrawal(withdrawal.id);
    expect(funds.holdsOpen(ann)).toBe(false);
    const turned = await funds.addWithdrawal(ann, {
      request_id: 'open-withdraw-0002',
      method: 'usdt',
      amount: '100',
      password: PASSWORD,
    });
    expect(funds.decideWithdrawal(turned.id, false).reject_reason).toBe('');
    expect(funds.holdsOpen(ann)).toBe(false);
    // each list by status holds that status only
    const statuses = (status: 'approved' | 'rejected' | 'cancelled') =>
      funds.deposits(ann, { status, page: 1, limit: 10 }).list.map((row) => row.status);
    expect([statuses('approved'), statuses('rejected'), statuses('cancelled')]).toEqual([
      ['approved'],
      ['rejected'],
      ['cancelled'],
    ]);
    expect(
      funds.withdrawals(ann, { status: 'paid', page: 1, limit: 10 }).list.map((row) => row.id),
    ).toEqual([withdrawal.id]);
    // bo's deposit under review is his alone
    deposit(bo, 'open-deposit-bo-001');
    expect([funds.holdsOpen(ann), funds.holdsOpen(bo)]).toEqual([false, true]);
    expect(world.state.deposits).toHaveLength(4);
  });
});

describe('the team, on the funds facade until it moves off', () => {
  it('pays the inviter a share of a fee, lists the friend, and gives the invite page in the language asked', async () => {
    const { world, funds, ann } = await fundsWorld();
    const carl = await world.newUser('carl@example.com', { invited_by: ann });
    funds.rewardFee(carl.user_id, '10', 'C1');
    expect(world.ledger.account(ann, 'real', 'fund').available.toFixed()).toBe('1002');
    const team = funds.team(ann, { page: 1, limit: 10 });
    expect(team.list.map((friend) => friend.user_id)).toEqual([carl.user_id]);
    const share = funds.shareInfo(ann, 'de');
    expect(share.invite_code).toBe(world.users.get(ann).invite_code);
    expect(share.rules[0]?.description).not.toBe(funds.shareInfo(ann, 'en').rules[0]?.description);
  });
});

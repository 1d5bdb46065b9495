import { FUNDING, isVirtualBank, PLATFORM_CONFIG } from '@bourse/fixtures';
import type { DepositMethod, WithdrawalRecord, WithdrawalStatus } from '@bourse/protocol';
import Decimal from 'decimal.js';
import { EngineError, FieldError } from '../errors.ts';
import type { Page } from '../kernel/page.ts';
import { SYSTEM_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import { toScale, wireAmount } from '../ledger/money.ts';
import type { PasswordGuard } from '../users/password-guard.ts';
import type { WithdrawalRow } from '../state.ts';
import type { PayoutTargets } from '../users/payouts.ts';
import {
  autoReviewAt,
  checkBounds,
  currenciesOf,
  nextFundsId,
  publicRow,
  userRecords,
  rateOf,
  stamp,
  type FundsContext,
} from './shared.ts';

/** the due work that approves withdrawal `id` when reviews are automatic */
const reviewKey = (id: string): string => `funds:withdrawal-review:${id}`;
/** the due work that pays out approved withdrawal `id` when reviews are automatic */
const payoutKey = (id: string): string => `funds:withdrawal-payout:${id}`;

/**
 * Withdrawals from the real fund account to the user's bound bank account or wallet: the amount
 * is frozen until the review (the back office, or automatically `autoReviewMs` after it was
 * made); approved, it leaves the ledger (the fee to the fee account) and the payout goes out
 * (by hand, or automatically the same delay later); rejected, it is released.
 */
export class Withdrawals {
  constructor(
    private readonly ctx: FundsContext,
    private readonly payouts: PayoutTargets,
    private readonly guard: PasswordGuard,
  ) {}

  cashInfo(userId: string) {
    const status = this.payouts.cashStatus(userId);
    return {
      currency: 'USDT' as const,
      available: wireAmount(this.ctx.ledger.account(userId, 'real', 'fund').available),
      fee_rate: PLATFORM_CONFIG.withdraw_fee_rate,
      min_amount: PLATFORM_CONFIG.min_withdraw,
      max_amount: FUNDING.max_withdraw,
      identity_status: status.identity_status,
      bank: status.bank,
      wallet: status.wallet,
      currencies: currenciesOf('bank'),
    };
  }

  /**
   * A withdrawal from the real fund account to the bound bank or wallet: the amount is frozen
   * until the review. The caller has checked the login password.
   */
  async addWithdrawal(
    userId: string,
    body: { request_id: string; method: DepositMethod; amount: string; password: string },
  ): Promise<WithdrawalRecord> {
    const user = this.ctx.users.get(userId);
    await this.guard.verifyUser(
      user,
      body.password,
      () => new FieldError('password', 'withdraw_password_wrong'),
    );
    return publicRow(
      this.ctx.requests.once(userId, 'addCash', body, () => {
        // a withdrawal leaves the real account: a demo session moves no real money
        if (user.account_mode === 'demo') throw new EngineError('refused', 'withdraw_demo');
        if (user.identity_status !== 'verified') {
          throw new EngineError('refused', 'identity_required');
        }
        const status = this.payouts.cashStatus(userId);
        const destination =
          body.method === 'bank'
            ? status.bank && `${status.bank.bank_name} ${status.bank.account_no}`
            : status.wallet && status.wallet.address;
        if (!destination) throw new EngineError('refused', 'withdraw_target_missing');
        // A virtual bank bound before the list knew it (or before it was marked) receives nothing.
        if (body.method === 'bank' && status.bank && isVirtualBank(status.bank.bank_name)) {
          throw new EngineError('refused', 'bank_virtual');
        }
        const amount = new Decimal(body.amount);
        checkBounds(amount, { min: PLATFORM_CONFIG.min_withdraw, max: FUNDING.max_withdraw });
        const fee = toScale(amount.times(PLATFORM_CONFIG.withdraw_fee_rate));
        const received = amount.minus(fee);
        const currency = body.method === 'bank' ? user.currency : 'USDT';
        const rate = rateOf(currency) ?? new Decimal(1);
        const { store } = this.ctx;
        const now = this.ctx.clock.now();
        const id = store.state().next_funds_id;
        const orderNo = `WD${stamp(now)}${String(id)}`;
        this.ctx.ledger.post({
          kind: 'withdraw',
          ref_id: orderNo,
          postings: [
            { account: userAccount(userId, 'real', 'fund'), amount: amount.negated() },
            { account: userAccount(userId, 'real', 'fund', 'frozen'), amount },
          ],
        });
        nextFundsId(store);
        const row: WithdrawalRow = {
          id: String(id),
          order_no: orderNo,
          method: body.method,
          network: body.method === 'usdt' ? (status.wallet?.network ?? null) : null,
          amount: wireAmount(amount),
          fee: wireAmount(fee),
          received_amount: wireAmount(received),
          currency,
          rate: rate.toString(),
          equivalent: wireAmount(toScale(received.times(rate))),
          destination,
          status: 'reviewing',
          reject_reason: '',
          created_at: now,
          reviewed_at: null,
          paid_at: null,
          user_id: userId,
          auto_review_at: autoReviewAt(this.ctx.options, now),
        };
        store.state().withdrawals.push(row);
        store.changed();
        this.schedule(row);
        return row;
      }),
    );
  }

  /**
   * The review's decision: approved, the frozen amount leaves (the fee to the fee account, the
   * rest to the outside world); rejected, it is released back to available.
   */
  decideWithdrawal(id: string, approve: boolean, reason = ''): WithdrawalRecord {
    const row = this.find(id);
    if (row.status !== 'reviewing') throw new EngineError('refused', 'withdrawal_decided');
    const frozen = userAccount(row.user_id, 'real', 'fund', 'frozen');
    const amount = new Decimal(row.amount);
    const fee = new Decimal(row.fee);
    const received = amount.minus(fee);
    if (approve) {
      this.ctx.ledger.post({
        kind: 'withdraw',
        ref_id: row.order_no,
        postings: [
          ...(received.isZero()
            ? []
            : [
                { account: frozen, amount: received.negated() },
                { account: SYSTEM_ACCOUNTS.externalOut, amount: received },
              ]),
          ...(fee.isZero()
            ? []
            : [
                { account: frozen, amount: fee.negated(), kind: 'withdraw_fee' as const },
                { account: SYSTEM_ACCOUNTS.fees, amount: fee },
              ]),
        ],
      });
    } else {
      this.ctx.ledger.post({
        kind: 'withdraw_refund',
        ref_id: row.order_no,
        postings: [
          { account: frozen, amount: amount.negated() },
          { account: userAccount(row.user_id, 'real', 'fund'), amount },
        ],
      });
    }
    const now = this.ctx.clock.now();
    row.status = approve ? 'approved' : 'rejected';
    row.reject_reason = approve ? '' : reason;
    row.reviewed_at = now;
    // approved, the payout is sent after the same delay when reviews are automatic
    row.auto_review_at = approve ? autoReviewAt(this.ctx.options, now) : null;
    // decided by hand first, the automatic review has nothing left to do
    this.ctx.clock.cancel(reviewKey(id));
    this.schedule(row);
    return this.changed(row);
  }

  /**
   * The payout of an approved withdrawal went out (to the bank or the chain): it is `paid`, with
   * the time. The money left the ledger on approval; this moves no money.
   */
  payWithdrawal(id: string): WithdrawalRecord {
    const row = this.find(id);
    if (row.status !== 'approved') throw new EngineError('refused', 'withdrawal_not_payable');
    row.status = 'paid';
    row.paid_at = this.ctx.clock.now();
    row.auto_review_at = null;
    this.ctx.clock.cancel(payoutKey(id));
    return this.changed(row);
  }

  withdrawals(
    userId: string,
    query: { status?: WithdrawalStatus | undefined; page: number; limit: number },
  ): Page<WithdrawalRecord> {
    return userRecords(this.ctx.store.state().withdrawals, userId, query);
  }

  /** Puts every automatic review and payout still to come on the engine's time. */
  reschedule(): void {
    for (const row of this.ctx.store.state().withdrawals) this.schedule(row);
  }

  private find(id: string): WithdrawalRow {
    const row = this.ctx.store.state().withdrawals.find((item) => item.id === id);
    if (!row) throw new EngineError('not_found', 'not_found');
    return row;
  }

  /** Saves a decided row and tells its owner. */
  private changed(row: WithdrawalRow): WithdrawalRecord {
    this.ctx.store.changed();
    const record = publicRow(row);
    this.ctx.events.emit({
      type: 'funds',
      userId: row.user_id,
      push: { kind: 'withdrawal', record },
    });
    return record;
  }

  /** What a row waits for on the clock, if anything: its review, or (approved) its payout. */
  private schedule(row: WithdrawalRow): void {
    const at = row.auto_review_at;
    if (at === null) return;
    const { id } = row;
    if (row.status === 'reviewing') {
      this.ctx.clock.schedule(reviewKey(id), at, (now) => {
        if (this.due(id, 'reviewing', now)) this.decideWithdrawal(id, true);
      });
    } else if (row.status === 'approved') {
      this.ctx.clock.schedule(payoutKey(id), at, (now) => {
        if (this.due(id, 'approved', now)) this.payWithdrawal(id);
      });
    }
  }

  /** whether withdrawal `id` still waits, in `status`, for what falls due at `at` */
  private due(id: string, status: WithdrawalStatus, at: number): boolean {
    const row = this.ctx.store.state().withdrawals.find((item) => item.id === id);
    return row?.status === status && row.auto_review_at !== null && row.auto_review_at <= at;
  }
}

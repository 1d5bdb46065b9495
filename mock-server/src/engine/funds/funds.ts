import {
  CURRENCIES,
  FUNDING,
  PLATFORM_CONFIG,
  TEAM_REWARD_RULES,
  WALLET_NETWORKS,
} from '@bourse/fixtures';
import type {
  AccountBalance,
  AccountBalances,
  AccountKind,
  AccountMode,
  DepositAccount,
  DepositMethod,
  DepositStatus,
  FlowKind,
  FundFlow,
  FundsPush,
  DepositRecord,
  Language,
  WithdrawalRecord,
  WithdrawalStatus,
} from '@bourse/protocol';
import { encodeWalletAddress } from '@bourse/protocol/wallet-address';
import Decimal from 'decimal.js';
import { createHash } from 'node:crypto';
import { message } from '../../i18n/messages.ts';
import { EngineError, FieldError } from '../errors.ts';
import { ACCOUNT_KINDS, SYSTEM_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { PasswordHasher } from '../passwords.ts';
import { toScale, wireAmount } from '../ledger/money.ts';
import type { Requests } from '../ledger/requests.ts';
import type {
  DepositAccountRecord,
  DepositRow,
  StateStore,
  UserRecord,
  WithdrawalRow,
} from '../state.ts';
import type { PayoutTargets } from '../users/payouts.ts';
import { decodeImage, PROOF_IMAGE_MAX_BYTES, unguessableId } from './images.ts';
import type { Users } from '../users/users.ts';

type Network = 'TRC20' | 'ERC20';

/** Where deposit proofs are served: `<PROOF_PATH><unguessable id>.<jpg|png|webp>`. */
export const PROOF_PATH = '/uploads/deposits/';

export interface FundsOptions {
  /** how long obtaining an exclusive deposit account takes, simulated ms */
  depositAccountDelayMs: number;
  /** decide deposits and withdrawals (approve) this long after they are made; null: only by hand */
  autoReviewMs: number | null;
  /** the open positions' unrealised PnL at the mark now, for the contract account's equity */
  unrealizedPnl?: (userId: string, mode: AccountMode) => Decimal;
}

/** What the funds domain tells the outside (the socket) about. */
export type FundsEvent =
  | { type: 'funds'; userId: string; push: FundsPush }
  | {
      type: 'notice';
      userId: string;
      notice: { id: string; title: string; summary: string; created_at: number };
    };

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

const pageOf = <T>(all: readonly T[], page: number, limit: number): Page<T> => ({
  list: all.slice((page - 1) * limit, page * limit),
  total: all.length,
  page,
  limit,
});

/** Units of a currency per 1 USDT (USDT is taken at par with the US dollar). */
const rateOf = (code: string): Decimal | null => {
  if (code === 'USDT') return new Decimal(1);
  const currency = CURRENCIES.find((item) => item.code === code);
  return currency ? new Decimal(currency.rate) : null;
};

const stamp = (now: number): string => new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);

/**
 * A user's deposit address on a network: a real, checksummed address (base58check for TRC20,
 * EIP-55 for ERC20) of an account hash drawn from the user and the network, so it is the same on
 * every call and differs between users and networks.
 */
export function depositAddress(userId: string, network: Network): string {
  const accountHash = createHash('sha256')
    .update(`bourse-deposit\n${network}\n${userId}`)
    .digest()
    .subarray(0, 20);
  return encodeWalletAddress(network, accountHash);
}

/**
 * The money calls (engine side): balances and fund flows, transfers, demo top-ups, deposits (with the exclusive
 * account's obtaining step and a review) and withdrawals (frozen until reviewed), and the team's
 * rewards. Every movement is a ledger transaction; every money call is idempotent by request id.
 */
export class Funds {
  private readonly listeners: ((event: FundsEvent) => void)[] = [];

  constructor(
    private readonly ctx: StateStore,
    private readonly users: Users,
    private readonly payouts: PayoutTargets,
    private readonly ledger: Ledger,
    private readonly requests: Requests,
    private readonly hasher: PasswordHasher,
    private readonly options: FundsOptions,
  ) {}

  onEvent(listener: (event: FundsEvent) => void): void {
    this.listeners.push(listener);
  }

  private emit(event: FundsEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private nextId(): number {
    return this.ctx.state().next_funds_id++;
  }

  // ---- balances and flows ------------------------------------------------------------------

  balance(userId: string, mode: AccountMode, kind: AccountKind): AccountBalance {
    const { available, frozen } = this.ledger.account(userId, mode, kind);
    const unrealized =
      kind === 'contract' && this.options.unrealizedPnl
        ? this.options.unrealizedPnl(userId, mode)
        : new Decimal(0);
    return {
      account: kind,
      currency: 'USDT',
      available: wireAmount(available),
      frozen: wireAmount(frozen),
      unrealized_pnl: unrealized.isZero() ? '0' : signedAmount(unrealized),
      total: signedAmount(available.plus(frozen).plus(unrealized)),
    };
  }

  /** The three accounts of the user's current mode, and their total in USDT and their currency. */
  balances(userId: string): AccountBalances {
    const user = this.users.get(userId);
    const list = ACCOUNT_KINDS.map((kind) => this.balance(userId, user.account_mode, kind));
    const total = list.reduce((sum, item) => sum.plus(item.total), new Decimal(0));
    const rate = rateOf(user.currency) ?? new Decimal(1);
    return {
      account_mode: user.account_mode,
      list,
      total_usdt: signedAmount(total),
      currency: user.currency,
      rate: rate.toString(),
      total_in_currency: signedAmount(toScale(total.times(rate))),
    };
  }

  /** Fund flows of the current mode, newest first, by account and kinds. */
  flows(
    userId: string,
    query: {
      account?: AccountKind | undefined;
      kinds: readonly FlowKind[];
      page: number;
      limit: number;
    },
  ): Page<FundFlow> {
    const mode = this.users.get(userId).account_mode;
    const rows = this.ledger
      .flows(userId)
      .filter(
        (row) =>
          row.mode === mode &&
          (query.account === undefined || row.account === query.account) &&
          (query.kinds.length === 0 || query.kinds.includes(row.kind)),
      )
      .toReversed();
    return pageOf(
      rows.map((row) => ({
        id: row.id,
        account: row.account,
        kind: row.kind,
        amount: wireAmount(row.amount),
        balance_after: wireAmount(row.balanceAfter),
        currency: 'USDT' as const,
        peer_account: row.peer,
        ref_id: row.refId,
        remark: row.remark,
        created_at: row.time,
        account_mode: row.mode,
      })),
      query.page,
      query.limit,
    );
  }

  // ---- transfers and the demo ----------------------------------------------------------------

  transfer(
    userId: string,
    body: { from: AccountKind; to: AccountKind; amount: string; request_id: string },
  ) {
    const user = this.users.get(userId);
    return this.requests.once(userId, 'transfer', body, () => {
      const amount = new Decimal(body.amount);
      const mode = user.account_mode;
      // the number is taken once the money moved: a refusal changes nothing
      const transferId = `TF${stamp(this.ctx.now())}${String(this.ctx.state().next_funds_id)}`;
      this.ledger.post({
        kind: 'transfer_out',
        ref_id: transferId,
        postings: [
          { account: userAccount(userId, mode, body.from), amount: amount.negated() },
          { account: userAccount(userId, mode, body.to), amount, kind: 'transfer_in' },
        ],
      });
      this.nextId();
      return {
        transfer_id: transferId,
        from: this.balance(userId, mode, body.from),
        to: this.balance(userId, mode, body.to),
      };
    });
  }

  /**
   * Play money into the demo fund account; refused while the user is on the real account (the
   * refusal is not kept, so the same intent succeeds once on demo). A repeated request id replays
   * the first top-up whatever the mode is now.
   */
  demoTopUp(userId: string, body: { amount: string; request_id: string }) {
    const user = this.users.get(userId);
    return this.requests.once(userId, 'addRechMock', body, () => {
      if (user.account_mode !== 'demo') throw new EngineError('refused', 'demo_top_up_real');
      const amount = new Decimal(body.amount);
      this.ledger.post({
        kind: 'demo_topup',
        ref_id: `DM${String(this.ctx.state().next_funds_id)}`,
        postings: [
          { account: SYSTEM_ACCOUNTS.demoIssuer, amount: amount.negated() },
          { account: userAccount(userId, 'demo', 'fund'), amount },
        ],
      });
      this.nextId();
      return { account_mode: 'demo' as const, balance: this.balance(userId, 'demo', 'fund') };
    });
  }

  // ---- deposits ------------------------------------------------------------------------------

  private depositLimits(
    method: DepositMethod,
    network: Network | null,
  ): { min: string; max: string } {
    const min =
      method === 'bank'
        ? FUNDING.min_bank_deposit
        : (WALLET_NETWORKS.find((item) => item.network === network)?.min_deposit ??
          PLATFORM_CONFIG.min_deposit);
    return { min, max: FUNDING.max_deposit };
  }

  private currenciesOf(method: DepositMethod) {
    const codes: readonly string[] = method === 'bank' ? FUNDING.bank_currencies : ['USDT'];
    return codes.map((code) => ({ code, rate: (rateOf(code) ?? new Decimal(1)).toString() }));
  }

  /** The exclusive deposit account; the first call asks for it, and it is pending for a while. */
  depositAccount(userId: string, method: DepositMethod, network?: Network): DepositAccount {
    this.tick();
    const user = this.users.get(userId);
    const net: Network | null = method === 'usdt' ? (network ?? 'TRC20') : null;
    const key = `${userId}:${method}:${net ?? ''}`;
    const state = this.ctx.state();
    let record = state.deposit_accounts[key];
    if (!record) {
      const now = this.ctx.now();
      record = {
        user_id: userId,
        method,
        network: net,
        requested_at: now,
        due_at: now + this.options.depositAccountDelayMs,
        ready_at: null,
      };
      state.deposit_accounts[key] = record;
      this.ctx.changed();
      this.tick();
    }
    const ready = record.ready_at !== null;
    const limits = this.depositLimits(method, net);
    return {
      method,
      status: ready ? 'ready' : 'pending',
      requested_at: record.requested_at,
      ready_at: record.ready_at,
      bank:
        ready && method === 'bank'
          ? {
              ...FUNDING.deposit_bank,
              account_no: `6200${user.user_id.padStart(8, '0')}`,
              reference: `BRS${user.user_id}`,
            }
          : null,
      wallet: ready && net !== null ? { network: net, address: depositAddress(userId, net) } : null,
      min_amount: limits.min,
      max_amount: limits.max,
      currencies: this.currenciesOf(method),
    };
  }

  /** The back office hurries an exclusive deposit account: it is ready now (e-mail, Notice). */
  readyDepositAccount(userId: string, method: DepositMethod, network?: Network): void {
    this.depositAccount(userId, method, network);
    const net = method === 'usdt' ? (network ?? 'TRC20') : null;
    const record = this.ctx.state().deposit_accounts[`${userId}:${method}:${net ?? ''}`];
    if (record && record.ready_at === null) this.ready(record, this.ctx.now());
  }

  private depositAccountReady(userId: string, method: DepositMethod, network: Network | null) {
    const record = this.ctx.state().deposit_accounts[`${userId}:${method}:${network ?? ''}`];
    return record?.ready_at != null;
  }

  addDeposit(
    userId: string,
    body: {
      request_id: string;
      method: DepositMethod;
      amount: string;
      currency: string;
      network?: Network | undefined;
      tx_hash: string;
      proof_image?: string | undefined;
      remark: string;
    },
  ): DepositRecord {
    this.tick();
    this.users.get(userId);
    return this.publicRow(
      this.requests.once(userId, 'addRech', body, () => {
        const network = body.method === 'usdt' ? (body.network ?? null) : null;
        if (body.method === 'usdt' && network === null) {
          throw new FieldError('network', 'network_required');
        }
        if (body.method === 'usdt' && body.tx_hash === '') {
          throw new FieldError('tx_hash', 'tx_hash_required');
        }
        if (body.method === 'bank' && body.proof_image === undefined) {
          throw new FieldError('proof_image', 'proof_required');
        }
        const proof =
          body.proof_image === undefined
            ? null
            : decodeImage(body.proof_image, 'proof_image', PROOF_IMAGE_MAX_BYTES);
        const allowed = this.currenciesOf(body.method).find((item) => item.code === body.currency);
        if (!allowed) throw new EngineError('refused', 'currency_unsupported');
        if (!this.depositAccountReady(userId, body.method, network)) {
          throw new EngineError('refused', 'deposit_account_pending');
        }
        const amount = new Decimal(body.amount);
        this.checkBounds(amount, this.depositLimits(body.method, network));
        const now = this.ctx.now();
        const id = this.nextId();
        const rate = new Decimal(allowed.rate);
        let proofPath = '';
        if (proof) {
          const uploadId = unguessableId();
          this.ctx.state().uploads[uploadId] = {
            id: uploadId,
            user_id: userId,
            purpose: 'deposit_proof',
            content_type: proof.contentType,
            extension: proof.extension,
            data: Buffer.from(proof.bytes).toString('base64'),
            created_at: now,
          };
          proofPath = `${PROOF_PATH}${uploadId}.${proof.extension}`;
        }
        const row: DepositRow = {
          id: String(id),
          order_no: `RC${stamp(now)}${String(id)}`,
          method: body.method,
          network,
          amount: wireAmount(amount),
          currency: body.currency,
          rate: allowed.rate,
          equivalent: wireAmount(toScale(amount.times(rate))),
          credited_amount: '0',
          status: 'reviewing',
          reject_reason: '',
          tx_hash: body.tx_hash,
          proof_image: proofPath,
          remark: body.remark,
          created_at: now,
          reviewed_at: null,
          user_id: userId,
          auto_review_at:
            this.options.autoReviewMs === null ? null : now + this.options.autoReviewMs,
        };
        this.ctx.state().deposits.push(row);
        this.ctx.changed();
        return row;
      }),
    );
  }

  /** A deposit proof by the file name of its path (`<id>.<extension>`); null when none. */
  depositProof(file: string): { contentType: string; bytes: Uint8Array } | null {
    const [id = '', extension = ''] = file.split('.');
    const upload = Object.hasOwn(this.ctx.state().uploads, id)
      ? this.ctx.state().uploads[id]
      : undefined;
    if (!upload || upload.extension !== extension) return null;
    return {
      contentType: upload.content_type,
      bytes: new Uint8Array(Buffer.from(upload.data, 'base64')),
    };
  }

  cancelDeposit(userId: string, body: { id: string; request_id: string }): DepositRecord {
    this.tick();
    return this.publicRow(
      this.requests.once(userId, 'cancelRech', body, () => {
        const row = this.ctx
          .state()
          .deposits.find((item) => item.id === body.id && item.user_id === userId);
        if (!row) throw new EngineError('not_found', 'deposit_not_found');
        if (row.status !== 'reviewing') throw new EngineError('refused', 'deposit_decided');
        row.status = 'cancelled';
        row.reviewed_at = this.ctx.now();
        row.auto_review_at = null;
        this.ctx.changed();
        return row;
      }),
    );
  }

  /** The review's decision on a deposit: approved, it is credited to the real fund account. */
  decideDeposit(id: string, approve: boolean, reason = ''): DepositRecord {
    const row = this.ctx.state().deposits.find((item) => item.id === id);
    if (!row) throw new EngineError('not_found', 'deposit_not_found');
    if (row.status !== 'reviewing') throw new EngineError('refused', 'deposit_decided');
    if (approve) {
      this.ledger.post({
        kind: 'deposit',
        ref_id: row.order_no,
        postings: [
          { account: SYSTEM_ACCOUNTS.externalIn, amount: new Decimal(row.amount).negated() },
          { account: userAccount(row.user_id, 'real', 'fund'), amount: row.amount },
        ],
      });
      row.credited_amount = row.amount;
    }
    row.status = approve ? 'approved' : 'rejected';
    row.reject_reason = approve ? '' : reason;
    row.reviewed_at = this.ctx.now();
    row.auto_review_at = null;
    this.ctx.changed();
    const record = this.publicRow(row);
    this.emit({ type: 'funds', userId: row.user_id, push: { kind: 'deposit', record } });
    return record;
  }

  deposits(
    userId: string,
    query: { status?: DepositStatus | undefined; page: number; limit: number },
  ): Page<DepositRecord> {
    this.tick();
    const rows = this.ctx
      .state()
      .deposits.filter(
        (row) =>
          row.user_id === userId && (query.status === undefined || row.status === query.status),
      )
      .toReversed()
      .map((row) => this.publicRow(row));
    return pageOf(rows, query.page, query.limit);
  }

  // ---- withdrawals ---------------------------------------------------------------------------

  cashInfo(userId: string) {
    this.tick();
    const status = this.payouts.cashStatus(userId);
    return {
      currency: 'USDT' as const,
      available: wireAmount(this.ledger.account(userId, 'real', 'fund').available),
      fee_rate: PLATFORM_CONFIG.withdraw_fee_rate,
      min_amount: PLATFORM_CONFIG.min_withdraw,
      max_amount: FUNDING.max_withdraw,
      identity_status: status.identity_status,
      bank: status.bank,
      wallet: status.wallet,
      currencies: this.currenciesOf('bank'),
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
    this.tick();
    const user = this.users.get(userId);
    if (!(await this.hasher.verify(body.password, user.password_hash))) {
      throw new FieldError('password', 'password_wrong');
    }
    return this.publicRow(
      this.requests.once(userId, 'addCash', body, () => {
        if (user.identity_status !== 'verified') {
          throw new EngineError('refused', 'identity_required');
        }
        const status = this.payouts.cashStatus(userId);
        const destination =
          body.method === 'bank'
            ? status.bank && `${status.bank.bank_name} ${status.bank.account_no}`
            : status.wallet && status.wallet.address;
        if (!destination) throw new EngineError('refused', 'withdraw_target_missing');
        const amount = new Decimal(body.amount);
        this.checkBounds(amount, { min: PLATFORM_CONFIG.min_withdraw, max: FUNDING.max_withdraw });
        const fee = toScale(amount.times(PLATFORM_CONFIG.withdraw_fee_rate));
        const received = amount.minus(fee);
        const currency = body.method === 'bank' ? user.currency : 'USDT';
        const rate = rateOf(currency) ?? new Decimal(1);
        const now = this.ctx.now();
        const id = this.ctx.state().next_funds_id;
        const orderNo = `WD${stamp(now)}${String(id)}`;
        this.ledger.post({
          kind: 'withdraw',
          ref_id: orderNo,
          postings: [
            { account: userAccount(userId, 'real', 'fund'), amount: amount.negated() },
            { account: userAccount(userId, 'real', 'fund', 'frozen'), amount },
          ],
        });
        this.nextId();
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
          auto_review_at:
            this.options.autoReviewMs === null ? null : now + this.options.autoReviewMs,
        };
        this.ctx.state().withdrawals.push(row);
        this.ctx.changed();
        return row;
      }),
    );
  }

  /**
   * The review's decision: approved, the frozen amount leaves (the fee to the fee account, the
   * rest to the outside world); rejected, it is released back to available.
   */
  decideWithdrawal(id: string, approve: boolean, reason = ''): WithdrawalRecord {
    const row = this.ctx.state().withdrawals.find((item) => item.id === id);
    if (!row) throw new EngineError('not_found', 'not_found');
    if (row.status !== 'reviewing') throw new EngineError('refused', 'withdrawal_decided');
    const frozen = userAccount(row.user_id, 'real', 'fund', 'frozen');
    const amount = new Decimal(row.amount);
    const fee = new Decimal(row.fee);
    const received = amount.minus(fee);
    if (approve) {
      this.ledger.post({
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
      this.ledger.post({
        kind: 'withdraw_refund',
        ref_id: row.order_no,
        postings: [
          { account: frozen, amount: amount.negated() },
          { account: userAccount(row.user_id, 'real', 'fund'), amount },
        ],
      });
    }
    const now = this.ctx.now();
    row.status = approve ? 'approved' : 'rejected';
    row.reject_reason = approve ? '' : reason;
    row.reviewed_at = now;
    // approved, the payout is sent after the same delay when reviews are automatic
    row.auto_review_at =
      approve && this.options.autoReviewMs !== null ? now + this.options.autoReviewMs : null;
    this.ctx.changed();
    const record = this.publicRow(row);
    this.emit({ type: 'funds', userId: row.user_id, push: { kind: 'withdrawal', record } });
    return record;
  }

  /**
   * The payout of an approved withdrawal went out (to the bank or the chain): it is `paid`, with
   * the time. The money left the ledger on approval; this moves no money.
   */
  payWithdrawal(id: string): WithdrawalRecord {
    const row = this.ctx.state().withdrawals.find((item) => item.id === id);
    if (!row) throw new EngineError('not_found', 'not_found');
    if (row.status !== 'approved') throw new EngineError('refused', 'withdrawal_not_payable');
    row.status = 'paid';
    row.paid_at = this.ctx.now();
    row.auto_review_at = null;
    this.ctx.changed();
    const record = this.publicRow(row);
    this.emit({ type: 'funds', userId: row.user_id, push: { kind: 'withdrawal', record } });
    return record;
  }

  withdrawals(
    userId: string,
    query: { status?: WithdrawalStatus | undefined; page: number; limit: number },
  ): Page<WithdrawalRecord> {
    this.tick();
    const rows = this.ctx
      .state()
      .withdrawals.filter(
        (row) =>
          row.user_id === userId && (query.status === undefined || row.status === query.status),
      )
      .toReversed()
      .map((row) => this.publicRow(row));
    return pageOf(rows, query.page, query.limit);
  }

  // ---- team ----------------------------------------------------------------------------------

  /** What the invite page shows but the link: the routes make that from the code. */
  shareInfo(userId: string, language: Language) {
    const user = this.users.get(userId);
    return {
      invite_code: user.invite_code,
      rules: TEAM_REWARD_RULES.map((rule) => ({
        level: rule.level,
        rate: rule.rate,
        description: rule.description[language],
      })),
      reward_account: 'fund' as const,
    };
  }

  /** The user's friends (two levels, newest first) and what they contributed (invite rewards). */
  team(userId: string, query: { page: number; limit: number }) {
    const all = Object.values(this.ctx.state().users);
    const level1 = all.filter((user) => user.invited_by === userId);
    const ids = new Set(level1.map((user) => user.user_id));
    const level2 = all.filter((user) => user.invited_by !== null && ids.has(user.invited_by));
    const rewards = this.ledger
      .flows(userId)
      .filter((row) => row.kind === 'invite_reward' && row.mode === 'real');
    const contributionOf = (friendId: string) =>
      rewards
        .filter((row) => row.refId.startsWith(`IR${friendId}-`))
        .reduce((sum, row) => sum.plus(row.amount), new Decimal(0));
    const dayStart = Math.floor(this.ctx.now() / 86_400_000) * 86_400_000;
    const friends = [
      ...level1.map((user) => ({ user, level: 1 })),
      ...level2.map((user) => ({ user, level: 2 })),
    ]
      .sort((a, b) => b.user.created_at - a.user.created_at)
      .map(({ user, level }) => ({
        user_id: user.user_id,
        nickname: maskEmail(user.email),
        level,
        joined_at: user.created_at,
        contribution: wireAmount(contributionOf(user.user_id)),
      }));
    const sum = (rows: typeof rewards) =>
      wireAmount(rows.reduce((total, row) => total.plus(row.amount), new Decimal(0)));
    return {
      ...pageOf(friends, query.page, query.limit),
      friend_count: friends.length,
      today_contribution: sum(rewards.filter((row) => row.time >= dayStart)),
      total_contribution: sum(rewards),
    };
  }

  /**
   * Books the invite rewards on a trading fee a user paid (into the fee account): each inviter
   * up the chain gets their rule's share, from the rewards account, into their real fund.
   */
  rewardFee(payerId: string, fee: Decimal.Value, refId: string): void {
    let inviteeId = payerId;
    for (const rule of TEAM_REWARD_RULES) {
      const inviter = this.users.get(inviteeId).invited_by;
      if (inviter === null || !this.ctx.state().users[inviter]) return;
      const share = toScale(new Decimal(fee).times(rule.rate).dividedBy(100));
      if (!share.isZero()) {
        this.ledger.post({
          kind: 'invite_reward',
          ref_id: `IR${payerId}-${refId}`,
          postings: [
            { account: SYSTEM_ACCOUNTS.rewards, amount: share.negated() },
            { account: userAccount(inviter, 'real', 'fund'), amount: share },
          ],
        });
      }
      inviteeId = inviter;
    }
  }

  // ---- time ----------------------------------------------------------------------------------

  /**
   * Moves what waits on the clock: deposit accounts that became ready (an e-mail and a Notice),
   * the automatic reviews that are due, and the payouts of withdrawals they approved. Called before every funds call and by a timer.
   */
  tick(): void {
    const now = this.ctx.now();
    const state = this.ctx.state();
    for (const record of Object.values(state.deposit_accounts)) {
      if (record.ready_at === null && record.due_at <= now) this.ready(record, now);
    }
    for (const row of state.deposits) {
      if (row.status === 'reviewing' && row.auto_review_at !== null && row.auto_review_at <= now) {
        this.decideDeposit(row.id, true);
      }
    }
    for (const row of state.withdrawals) {
      if (row.auto_review_at === null || row.auto_review_at > now) continue;
      if (row.status === 'reviewing') this.decideWithdrawal(row.id, true);
      else if (row.status === 'approved') this.payWithdrawal(row.id);
    }
  }

  private ready(record: DepositAccountRecord, now: number): void {
    record.ready_at = now;
    const state = this.ctx.state();
    const user: UserRecord | undefined = state.users[record.user_id];
    this.ctx.changed();
    if (!user) return;
    const method = record.network ?? 'bank';
    const id = String(state.next_mail_id++);
    const subject = message('deposit_account_ready_subject', user.language);
    const body = message('deposit_account_ready_body', user.language, { method });
    state.mailbox.push({
      id,
      to: user.email,
      purpose: 'deposit_account',
      code: '',
      language: user.language,
      subject,
      body,
      sent_at: now,
    });
    this.emit({
      type: 'notice',
      userId: user.user_id,
      notice: { id: `DA${id}`, title: subject, summary: body, created_at: now },
    });
  }

  private checkBounds(amount: Decimal, limits: { min: string; max: string }): void {
    if (amount.lessThan(limits.min)) {
      throw new EngineError('refused', 'amount_below_min', { min: limits.min });
    }
    if (amount.greaterThan(limits.max)) {
      throw new EngineError('refused', 'amount_above_max', { max: limits.max });
    }
  }

  /** A row as the wire shows it: without whose it is or when it is reviewed automatically. */
  private publicRow<Row extends DepositRow | WithdrawalRow>(
    row: Row,
  ): Omit<Row, 'user_id' | 'auto_review_at'> {
    const copy: Partial<DepositRow | WithdrawalRow> = structuredClone(row);
    delete copy.user_id;
    delete copy.auto_review_at;
    return copy as Omit<Row, 'user_id' | 'auto_review_at'>;
  }
}

/** A signed amount as the wire carries it (wireAmount, with the sign of a loss). */
const signedAmount = (value: Decimal): string =>
  value.isNegative() ? `-${wireAmount(value.negated())}` : wireAmount(value);

/** jo***@example.com */
export const maskEmail = (email: string): string => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
};

import type {
  AccountBalance,
  AccountBalances,
  AccountKind,
  AccountMode,
  DepositAccount,
  DepositMethod,
  DepositRecord,
  DepositStatus,
  FundFlow,
  Language,
  WithdrawalRecord,
  WithdrawalStatus,
} from '@bourse/protocol';
import type Decimal from 'decimal.js';
import type { EngineClock } from '../kernel/clockwork.ts';
import { Emitter } from '../kernel/emitter.ts';
import type { Page } from '../kernel/page.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Requests } from '../ledger/requests.ts';
import type { PasswordGuard } from '../users/password-guard.ts';
import type { StateStore } from '../state.ts';
import { Team } from '../team/team.ts';
import type { PayoutTargets } from '../users/payouts.ts';
import type { Users } from '../users/users.ts';
import { Balances } from './balances.ts';
import { DepositAccounts } from './deposit-accounts.ts';
import { Deposits, type DepositInput } from './deposits.ts';
import type { FundsContext, FundsEvent, FundsOptions, Network } from './shared.ts';
import { Transfers } from './transfers.ts';
import { Withdrawals } from './withdrawals.ts';

export { depositAddress } from './deposit-accounts.ts';
export { PROOF_PATH } from './deposits.ts';
export type { FundsEvent, FundsOptions } from './shared.ts';

/**
 * The money calls (engine side), as the routes, the socket feeds and the control API reach them:
 * balances and fund flows (balances.ts), transfers and the demo top-up (transfers.ts), exclusive
 * deposit accounts (deposit-accounts.ts), deposits and their review (deposits.ts), withdrawals,
 * their review and payout (withdrawals.ts), and, for now, the team's rewards (team/team.ts).
 * Every movement is a ledger transaction; every money call is idempotent by request id. What
 * waits on the clock (an account being obtained, an automatic review, a payout) is due work on
 * the engine's time, which runs it once, when it is due.
 */
export class Funds {
  private readonly events = new Emitter<FundsEvent>();
  private readonly context: FundsContext;
  private readonly balancesOf: Balances;
  private readonly transfers: Transfers;
  private readonly depositAccounts: DepositAccounts;
  private readonly depositsOf: Deposits;
  private readonly withdrawalsOf: Withdrawals;
  private readonly teamOf: Team;

  constructor(
    store: StateStore,
    clock: EngineClock,
    users: Users,
    payouts: PayoutTargets,
    ledger: Ledger,
    requests: Requests,
    passwords: PasswordGuard,
    options: FundsOptions,
  ) {
    this.context = { store, clock, users, ledger, requests, events: this.events, options };
    this.balancesOf = new Balances(this.context);
    this.transfers = new Transfers(this.context, this.balancesOf);
    this.depositAccounts = new DepositAccounts(this.context);
    this.depositsOf = new Deposits(this.context, this.depositAccounts);
    this.withdrawalsOf = new Withdrawals(this.context, payouts, passwords);
    this.teamOf = new Team(store, users, ledger);
  }

  /** Calls `listener` on every push-worthy change; returns stop. */
  onEvent(listener: (event: FundsEvent) => void): () => void {
    return this.events.on(listener);
  }

  /**
   * Puts everything that waits on the clock in the current state on `clock` (after a scenario
   * load or a restore; due work is not persisted), and keeps `clock` for what comes. Work found
   * overdue runs once, in due order, when the clock next settles.
   */
  reschedule(clock: EngineClock): void {
    this.context.clock = clock;
    this.depositAccounts.reschedule();
    this.depositsOf.reschedule();
    this.withdrawalsOf.reschedule();
  }

  // ---- balances and flows ------------------------------------------------------------------

  balance(userId: string, mode: AccountMode, kind: AccountKind): AccountBalance {
    return this.balancesOf.balance(userId, mode, kind);
  }

  balances(userId: string): AccountBalances {
    return this.balancesOf.balances(userId);
  }

  flows(...args: Parameters<Balances['flows']>): Page<FundFlow> {
    return this.balancesOf.flows(...args);
  }

  // ---- transfers and the demo ----------------------------------------------------------------

  transfer(
    userId: string,
    body: { from: AccountKind; to: AccountKind; amount: string; request_id: string },
  ) {
    return this.transfers.transfer(userId, body);
  }

  demoTopUp(userId: string, body: { amount: string; request_id: string }) {
    return this.transfers.demoTopUp(userId, body);
  }

  // ---- deposits ------------------------------------------------------------------------------

  depositAccount(userId: string, method: DepositMethod, network?: Network): DepositAccount {
    return this.depositAccounts.depositAccount(userId, method, network);
  }

  readyDepositAccount(userId: string, method: DepositMethod, network?: Network): void {
    this.depositAccounts.readyDepositAccount(userId, method, network);
  }

  addDeposit(userId: string, body: DepositInput): DepositRecord {
    return this.depositsOf.addDeposit(userId, body);
  }

  depositProof(file: string): { contentType: string; bytes: Uint8Array } | null {
    return this.depositsOf.depositProof(file);
  }

  cancelDeposit(userId: string, body: { id: string; request_id: string }): DepositRecord {
    return this.depositsOf.cancelDeposit(userId, body);
  }

  decideDeposit(id: string, approve: boolean, reason = ''): DepositRecord {
    return this.depositsOf.decideDeposit(id, approve, reason);
  }

  deposits(
    userId: string,
    query: { status?: DepositStatus | undefined; page: number; limit: number },
  ): Page<DepositRecord> {
    return this.depositsOf.deposits(userId, query);
  }

  /**
   * Whether the user has money still on its way: a deposit under review, a withdrawal under
   * review or approved and not yet paid.
   */
  holdsOpen(userId: string): boolean {
    const state = this.context.store.state();
    return (
      state.deposits.some((row) => row.user_id === userId && row.status === 'reviewing') ||
      state.withdrawals.some(
        (row) =>
          row.user_id === userId && (row.status === 'reviewing' || row.status === 'approved'),
      )
    );
  }

  // ---- withdrawals ---------------------------------------------------------------------------

  cashInfo(userId: string) {
    return this.withdrawalsOf.cashInfo(userId);
  }

  addWithdrawal(
    userId: string,
    body: { request_id: string; method: DepositMethod; amount: string; password: string },
  ): Promise<WithdrawalRecord> {
    return this.withdrawalsOf.addWithdrawal(userId, body);
  }

  decideWithdrawal(id: string, approve: boolean, reason = ''): WithdrawalRecord {
    return this.withdrawalsOf.decideWithdrawal(id, approve, reason);
  }

  payWithdrawal(id: string): WithdrawalRecord {
    return this.withdrawalsOf.payWithdrawal(id);
  }

  withdrawals(
    userId: string,
    query: { status?: WithdrawalStatus | undefined; page: number; limit: number },
  ): Page<WithdrawalRecord> {
    return this.withdrawalsOf.withdrawals(userId, query);
  }

  // ---- team (engine/team: to move off the funds) -----------------------------------------------

  shareInfo(userId: string, language: Language) {
    return this.teamOf.shareInfo(userId, language);
  }

  team(userId: string, query: { page: number; limit: number }) {
    return this.teamOf.team(userId, query);
  }

  rewardFee(payerId: string, fee: Decimal.Value, refId: string): void {
    this.teamOf.rewardFee(payerId, fee, refId);
  }
}

import { CURRENCIES, FUNDING, PLATFORM_CONFIG, WALLET_NETWORKS } from '@bourse/fixtures';
import type { AccountMode, DepositMethod, FundsPush } from '@bourse/protocol';
import Decimal from 'decimal.js';
import { EngineError } from '../errors.ts';
import type { EngineClock } from '../kernel/clockwork.ts';
import { pageOf, type Page } from '../kernel/page.ts';
import type { Emitter } from '../kernel/emitter.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { wireAmount } from '../ledger/money.ts';
import type { Requests } from '../ledger/requests.ts';
import type { DepositRow, StateStore, WithdrawalRow } from '../state.ts';
import type { Users } from '../users/users.ts';

/** The chains a USDT deposit or withdrawal goes over. */
export type Network = 'TRC20' | 'ERC20';

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

/**
 * What every part of the funds domain works with. `clock` is the engine's time: its `now()` is
 * the moment being settled (a due item's moment while the scheduler runs it), and the parts put
 * their due work on it. It is replaced when the engine's time is (`Funds.reschedule`).
 */
export interface FundsContext {
  readonly store: StateStore;
  clock: EngineClock;
  readonly users: Users;
  readonly ledger: Ledger;
  readonly requests: Requests;
  readonly events: Emitter<FundsEvent>;
  readonly options: FundsOptions;
}

/** Units of a currency per 1 USDT (USDT is taken at par with the US dollar). */
export const rateOf = (code: string): Decimal | null => {
  if (code === 'USDT') return new Decimal(1);
  const currency = CURRENCIES.find((item) => item.code === code);
  return currency ? new Decimal(currency.rate) : null;
};

/** The currencies a method takes, with their rates. */
export const currenciesOf = (method: DepositMethod) => {
  const codes: readonly string[] = method === 'bank' ? FUNDING.bank_currencies : ['USDT'];
  return codes.map((code) => ({ code, rate: (rateOf(code) ?? new Decimal(1)).toString() }));
};

/** The least and most a deposit by `method` (over `network`) may be. */
export const depositLimits = (
  method: DepositMethod,
  network: Network | null,
): { min: string; max: string } => {
  const min =
    method === 'bank'
      ? FUNDING.min_bank_deposit
      : (WALLET_NETWORKS.find((item) => item.network === network)?.min_deposit ??
        PLATFORM_CONFIG.min_deposit);
  return { min, max: FUNDING.max_deposit };
};

export const checkBounds = (amount: Decimal, limits: { min: string; max: string }): void => {
  if (amount.lessThan(limits.min)) {
    throw new EngineError('refused', 'amount_below_min', { min: limits.min });
  }
  if (amount.greaterThan(limits.max)) {
    throw new EngineError('refused', 'amount_above_max', { max: limits.max });
  }
};

/** yyyyMMddHHmmss of a moment, as order numbers carry it */
export const stamp = (now: number): string =>
  new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);

/** Takes the next deposit, withdrawal or transfer number. */
export const nextFundsId = (store: StateStore): number => store.state().next_funds_id++;

/** A signed amount as the wire carries it (wireAmount, with the sign of a loss). */
export const signedAmount = (value: Decimal): string =>
  value.isNegative() ? `-${wireAmount(value.negated())}` : wireAmount(value);

/** A row as the wire shows it: without whose it is or when it is reviewed automatically. */
export function publicRow<Row extends DepositRow | WithdrawalRow>(
  row: Row,
): Omit<Row, 'user_id' | 'auto_review_at'> & { account_mode: 'real' } {
  const copy: Partial<DepositRow | WithdrawalRow> = structuredClone(row);
  delete copy.user_id;
  delete copy.auto_review_at;
  // what it moves: deposits and withdrawals book on the real fund account only
  return { ...(copy as Omit<Row, 'user_id' | 'auto_review_at'>), account_mode: 'real' };
}

/** One user's deposits or withdrawals, newest first, of a status if asked, as a page. */
export function userRecords<Row extends DepositRow | WithdrawalRow>(
  rows: readonly Row[],
  userId: string,
  query: { status?: Row['status'] | undefined; page: number; limit: number },
): Page<Omit<Row, 'user_id' | 'auto_review_at'> & { account_mode: 'real' }> {
  const mine = rows
    .filter(
      (row) =>
        row.user_id === userId && (query.status === undefined || row.status === query.status),
    )
    .toReversed()
    .map((row) => publicRow(row));
  return pageOf(mine, query.page, query.limit);
}

/** When a deposit or withdrawal made at `now` is decided automatically (null: only by hand). */
export const autoReviewAt = (options: FundsOptions, now: number): number | null =>
  options.autoReviewMs === null ? null : now + options.autoReviewMs;

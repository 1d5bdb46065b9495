import type { AccountMode, FlowKind } from '@bourse/protocol';
import { Emitter } from '../kernel/emitter.ts';
import Decimal from 'decimal.js';
import { EngineError } from '../errors.ts';
import type { CoreState, LedgerTransaction, StateStore } from '../state.ts';
import {
  isKnownAccount,
  isUserAccount,
  parseUserAccount,
  userAccount,
  type AccountKind,
} from './accounts.ts';
import { fitsScale, ZERO } from './money.ts';

export interface PostingInput {
  account: string;
  amount: Decimal.Value;
  /** the fund-flow kind this posting shows as, when not the transaction's own */
  kind?: FlowKind;
}

export interface TransactionInput {
  kind: FlowKind;
  ref_id: string;
  remark?: string;
  postings: readonly PostingInput[];
}

/** One line of a user's fund records: what one transaction did to one of their accounts. */
export interface FlowRow {
  id: string;
  userId: string;
  mode: AccountMode;
  account: AccountKind;
  kind: FlowKind;
  amount: Decimal;
  /** the account's total (available + frozen) after this line (the lines of one transaction run in turn) */
  balanceAfter: Decimal;
  /** the other account of a transfer */
  peer: AccountKind | null;
  refId: string;
  remark: string;
  time: number;
}

export interface AccountView {
  available: Decimal;
  frozen: Decimal;
}

interface View {
  state: CoreState;
  applied: number;
  balances: Map<string, Decimal>;
  flows: Map<string, FlowRow[]>;
}

/** The rules `check` holds the ledger to, each named in the LedgerInconsistency it throws. */
export type LedgerRule =
  'live equals rebuilt' | 'stored equals rebuilt' | 'no negative user account' | 'sums to zero';

/** Thrown by `check` when the ledger breaks one of its rules; the message starts with the rule. */
export class LedgerInconsistency extends Error {
  override readonly name = 'LedgerInconsistency';

  constructor(
    readonly rule: LedgerRule,
    detail: string,
  ) {
    super(`${rule}: ${detail}`);
  }
}

/**
 * The double-entry ledger every money movement books into. A transaction is a set of postings
 * that sum to zero; an account's balance is the sum of its postings and nothing else writes one.
 * The entries live in the one state (`state.ledger`); the balances and each user's fund flows are
 * kept incrementally beside them, and rebuilt from the entries whenever the state is replaced
 * (a scenario load, a restore). No user account may go below zero: a transaction that would
 * take one there is refused whole.
 */
export class Ledger {
  private view: View | null = null;
  private readonly commits = new Emitter<readonly LedgerTransaction[]>();

  constructor(private readonly ctx: StateStore) {}

  /** Calls `listener` after every commit, with the transactions it made; returns stop. */
  onCommit(listener: (transactions: readonly LedgerTransaction[]) => void): () => void {
    return this.commits.on(listener);
  }

  balance(account: string): Decimal {
    return this.current().balances.get(account) ?? ZERO;
  }

  account(userId: string, mode: AccountMode, kind: AccountKind): AccountView {
    return {
      available: this.balance(userAccount(userId, mode, kind, 'available')),
      frozen: this.balance(userAccount(userId, mode, kind, 'frozen')),
    };
  }

  /** Every account's balance (system accounts included), by account id. */
  balances(): ReadonlyMap<string, Decimal> {
    return this.current().balances;
  }

  /** A user's fund flows, oldest first. */
  flows(userId: string): readonly FlowRow[] {
    return this.current().flows.get(userId) ?? [];
  }

  transactions(): readonly LedgerTransaction[] {
    return this.ctx.state().ledger.transactions;
  }

  /**
   * Commits transactions together: all of them or, when one is malformed or would take a user
   * account below zero, none (an EngineError 'refused' with `balance_insufficient`).
   */
  commit(inputs: readonly TransactionInput[]): LedgerTransaction[] {
    const view = this.current();
    const state = this.ctx.state();
    const next = new Map<string, Decimal>();
    const read = (account: string) => next.get(account) ?? view.balances.get(account) ?? ZERO;
    const made: LedgerTransaction[] = [];
    let id = state.ledger.next_tx_id;
    for (const input of inputs) {
      let sum = ZERO;
      const postings = input.postings.map((posting) => {
        const amount = new Decimal(posting.amount);
        if (!amount.isFinite() || amount.isZero() || !fitsScale(amount)) {
          throw new Error(`ledger: posting of ${amount.toString()} to ${posting.account}`);
        }
        if (!isKnownAccount(posting.account)) {
          throw new Error(`ledger: unknown account ${posting.account}`);
        }
        sum = sum.plus(amount);
        next.set(posting.account, read(posting.account).plus(amount));
        return {
          account: posting.account,
          amount: amount.toFixed(),
          ...(posting.kind === undefined ? {} : { kind: posting.kind }),
        };
      });
      if (postings.length < 2 || !sum.isZero()) {
        throw new Error(`ledger: transaction ${input.kind} ${input.ref_id} does not balance`);
      }
      made.push({
        id: id++,
        kind: input.kind,
        ref_id: input.ref_id,
        remark: input.remark ?? '',
        time: this.ctx.now(),
        postings,
      });
    }
    for (const [account, balance] of next) {
      if (isUserAccount(account) && balance.isNegative()) {
        throw new EngineError('refused', 'balance_insufficient');
      }
    }
    state.ledger.next_tx_id = id;
    for (const transaction of made) {
      state.ledger.transactions.push(transaction);
      apply(view, transaction);
    }
    view.applied = state.ledger.transactions.length;
    this.ctx.changed();
    this.commits.emit(made);
    return made;
  }

  /** Posts one transaction (see `commit`). */
  post(input: TransactionInput): LedgerTransaction {
    const [made] = this.commit([input]);
    if (!made) throw new Error('ledger: nothing committed');
    return made;
  }

  /** Forgets the kept balances: the next read rebuilds them from the entries. */
  invalidate(): void {
    this.view = null;
  }

  /**
   * Rebuilds the balances from the entries and compares them with the live ones (and with
   * `expected`, balances kept elsewhere, such as on disk); throws a LedgerInconsistency naming the
   * first difference. Also checks that everything sums to zero and no user account is negative.
   */
  check(expected?: ReadonlyMap<string, Decimal>): void {
    const live = this.current();
    const rebuilt = build(this.ctx.state());
    const compare = (name: 'live' | 'stored', a: ReadonlyMap<string, Decimal>) => {
      const accounts = new Set([...a.keys(), ...rebuilt.balances.keys()]);
      for (const account of accounts) {
        const have = a.get(account) ?? ZERO;
        const want = rebuilt.balances.get(account) ?? ZERO;
        if (!have.equals(want)) {
          throw new LedgerInconsistency(
            `${name} equals rebuilt`,
            `${name} balance of ${account} is ${have.toFixed()}, the entries make ${want.toFixed()}`,
          );
        }
      }
    };
    compare('live', live.balances);
    if (expected) compare('stored', expected);
    let sum = ZERO;
    for (const [account, balance] of rebuilt.balances) {
      sum = sum.plus(balance);
      if (isUserAccount(account) && balance.isNegative()) {
        throw new LedgerInconsistency(
          'no negative user account',
          `${account} is negative: ${balance.toFixed()}`,
        );
      }
    }
    if (!sum.isZero())
      throw new LedgerInconsistency('sums to zero', `the balances sum to ${sum.toFixed()}`);
  }

  private current(): View {
    const state = this.ctx.state();
    if (
      this.view === null ||
      this.view.state !== state ||
      this.view.applied !== state.ledger.transactions.length
    ) {
      this.view = build(state);
    }
    return this.view;
  }
}

function build(state: CoreState): View {
  const view: View = { state, applied: 0, balances: new Map(), flows: new Map() };
  for (const transaction of state.ledger.transactions) apply(view, transaction);
  view.applied = state.ledger.transactions.length;
  return view;
}

/** Adds a transaction to the balances and to the fund flows of the users it touches. */
function apply(view: View, transaction: LedgerTransaction): void {
  const touched = new Map<string, { flowKind: FlowKind; amount: Decimal; account: string }>();
  for (const posting of transaction.postings) {
    const amount = new Decimal(posting.amount);
    view.balances.set(posting.account, (view.balances.get(posting.account) ?? ZERO).plus(amount));
    const ref = parseUserAccount(posting.account);
    if (!ref) continue;
    const flowKind = posting.kind ?? transaction.kind;
    const key = `${ref.userId}:${ref.mode}:${ref.kind}:${flowKind}`;
    const row = touched.get(key);
    if (row) row.amount = row.amount.plus(amount);
    else touched.set(key, { flowKind, amount, account: posting.account });
  }
  let index = 0;
  const rows = [...touched.values()];
  // Each line shows the account's total after itself: the lines of one account run from its total
  // before the transaction (its total now less what all of them moved), in the order booked.
  const running = new Map<string, Decimal>();
  for (const row of rows) {
    const ref = parseUserAccount(row.account);
    if (!ref) continue;
    const key = `${ref.userId}:${ref.mode}:${ref.kind}`;
    const before = running.get(key) ?? totalOf(view, ref.userId, ref.mode, ref.kind);
    running.set(key, before.minus(row.amount));
  }
  for (const row of rows) {
    const ref = parseUserAccount(row.account);
    if (!ref || row.amount.isZero()) continue;
    const peer = rows
      .map((other) => parseUserAccount(other.account))
      .find(
        (other) =>
          other !== null &&
          other.userId === ref.userId &&
          other.mode === ref.mode &&
          other.kind !== ref.kind,
      );
    const key = `${ref.userId}:${ref.mode}:${ref.kind}`;
    const balanceAfter = (running.get(key) ?? ZERO).plus(row.amount);
    running.set(key, balanceAfter);
    const list = view.flows.get(ref.userId) ?? [];
    list.push({
      id: `${String(transaction.id)}.${String(index++)}`,
      userId: ref.userId,
      mode: ref.mode,
      account: ref.kind,
      kind: row.flowKind,
      amount: row.amount,
      balanceAfter,
      peer: peer?.kind ?? null,
      refId: transaction.ref_id,
      remark: transaction.remark,
      time: transaction.time,
    });
    view.flows.set(ref.userId, list);
  }
}

/** an account's total (available + frozen) in the view */
function totalOf(view: View, userId: string, mode: AccountMode, kind: AccountKind): Decimal {
  const part = (name: 'available' | 'frozen') =>
    view.balances.get(userAccount(userId, mode, kind, name)) ?? ZERO;
  return part('available').plus(part('frozen'));
}

import type {
  AccountMode,
  DepositRecord,
  FlowKind,
  IdentityStatus,
  Language,
  WithdrawalRecord,
} from '@bourse/protocol';
import type { ClockState } from './clock.ts';
import { emptyMarketState, type MarketState } from './market/overrides.ts';

/** Balances of one account set, as decimal strings (what a scenario seeds). */
export interface AccountBalances {
  fund: string;
  contract: string;
  option: string;
}

/** One posting of a ledger transaction: an amount (signed, USDT) on one account. */
export interface PostingRecord {
  /** `user:<id>:<mode>:<kind>:<part>` or a system account (engine/ledger/accounts.ts) */
  account: string;
  amount: string;
  /** the fund-flow kind this posting shows as, when not the transaction's own */
  kind?: FlowKind;
}

/** A committed ledger transaction: postings that sum to zero (engine/ledger/ledger.ts). */
export interface LedgerTransaction {
  id: number;
  kind: FlowKind;
  /** the deposit, withdrawal, transfer or order behind it */
  ref_id: string;
  remark: string;
  time: number;
  postings: PostingRecord[];
}

export interface LedgerState {
  next_tx_id: number;
  transactions: LedgerTransaction[];
}

/** A user's exclusive deposit account for a method (and network): obtained once, by a delay. */
export interface DepositAccountRecord {
  user_id: string;
  method: 'bank' | 'usdt';
  network: 'TRC20' | 'ERC20' | null;
  requested_at: number;
  /** when it becomes ready (the simulated clock) */
  due_at: number;
  /** null until ready: the e-mail and the Notice go out then */
  ready_at: number | null;
}

/** A deposit as the wire shows it, with whose it is and when the automatic review decides it. */
/** kept without `account_mode`: every deposit and withdrawal is real money (publicRow says so) */
export type DepositRow = Omit<DepositRecord, 'account_mode'> & {
  user_id: string;
  auto_review_at: number | null;
};
/** `auto_review_at`: when the automatic review approves it, or (approved) when its payout goes out. */
export type WithdrawalRow = Omit<WithdrawalRecord, 'account_mode'> & {
  user_id: string;
  auto_review_at: number | null;
};

/**
 * An image a user uploaded (a bank deposit's proof), kept with the rest of the state and served
 * at `/uploads/deposits/<id>.<extension>`: the id is random, since an <img> cannot sign its request.
 */
export interface UploadRecord {
  id: string;
  user_id: string;
  purpose: 'deposit_proof';
  content_type: string;
  extension: string;
  /** the image, base64 */
  data: string;
  created_at: number;
}

/** The first answer to a money call, kept by (user, request id) to replay a repeat. */
export interface RequestRecord {
  user_id: string;
  request_id: string;
  /** the call it answered (a request id is one intent, whatever call it came with) */
  operation: string;
  /** SHA-256 of the call's body (request_id left out), canonical JSON */
  body_hash: string;
  result: unknown;
  at: number;
}

export interface IdentitySubmission {
  name: string;
  id_number: string;
  phone: string;
  birth_date: string;
  document_type: string;
  front_image: string;
  back_image: string | null;
  submitted_at: number;
  /** why the review rejected this submission (absent or null otherwise; a new one clears it) */
  reject_reason?: string | null;
}

export interface BankRecord {
  id: string;
  bank_name: string;
  account_no: string;
  holder_name: string;
  branch: string;
  swift_code: string;
  created_at: number;
}

export interface WalletRecord {
  id: string;
  currency: 'USDT';
  network: 'TRC20' | 'ERC20';
  address: string;
  created_at: number;
}

export interface UserRecord {
  user_id: string;
  email: string;
  area_code: string;
  phone: string;
  nickname: string;
  avatar: string;
  invite_code: string;
  invited_by: string | null;
  created_at: number;
  identity_status: IdentityStatus;
  identity: IdentitySubmission | null;
  account_mode: AccountMode;
  currency: string;
  language: Language;
  password_hash: string;
  bank: BankRecord | null;
  wallet: WalletRecord | null;
}

/** Sessions are kept by the MD5 of their token: that is what a signed call carries. */
export interface SessionRecord {
  token_md5: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export type CodePurpose = 'register' | 'forget' | 'change_password' | 'delete_account' | 'bind';

export interface EmailCodeRecord {
  email: string;
  purpose: CodePurpose;
  code: string;
  sent_at: number;
  expires_at: number;
  wrong_attempts: number;
}

/** An e-mail the mock "sent": QA reads them through the control API. */
export interface MailRecord {
  id: string;
  to: string;
  /** a code's purpose, or `deposit_account` (the exclusive deposit account is ready; no code) */
  purpose: CodePurpose | 'deposit_account';
  code: string;
  language: Language;
  subject: string;
  body: string;
  sent_at: number;
}

/** When an IPO offering's stages begin (ms): see engine/ipo.ts. */
export interface IpoTimeline {
  subscription_start: number;
  subscription_end: number;
  allotment_time: number;
  listing_time: number;
}

/**
 * The core of what the mock remembers (users, sessions, the ledger, funds, the market's
 * overrides), as plain JSON. The whole state, with each registered domain's slice beside these,
 * is `MockState` (engine/domains.ts), so a snapshot is one file.
 */
export interface CoreState {
  version: 1;
  seed: number;
  scenario: string;
  next_user_id: number;
  next_mail_id: number;
  users: Record<string, UserRecord>;
  sessions: Record<string, SessionRecord>;
  codes: Record<string, EmailCodeRecord>;
  mailbox: MailRecord[];
  clock: ClockState;
  /** IPO offerings' times, by offering id, fixed when the scenario loaded */
  ipo_timelines: Record<string, IpoTimeline>;
  /** the control API's price overrides (engine/market/overrides.ts) */
  market: MarketState;
  /** every money movement; balances are the sums of its postings */
  ledger: LedgerState;
  /** money calls' first answers, by `<user id>:<request id>` */
  requests: Record<string, RequestRecord>;
  /** exclusive deposit accounts, by `<user id>:<method>:<network>` */
  deposit_accounts: Record<string, DepositAccountRecord>;
  deposits: DepositRow[];
  withdrawals: WithdrawalRow[];
  /** uploaded images (deposit proofs), by their unguessable id */
  uploads: Record<string, UploadRecord>;
  /** the next deposit, withdrawal or transfer number */
  next_funds_id: number;
}

/**
 * How a domain of the engine reaches the one state: it reads and writes it through `state()`
 * (which a scenario load or a restore replaces), and calls `changed()` after writing, so the owner
 * can persist it.
 */
export interface StateStore {
  readonly state: () => CoreState;
  /** the simulated clock's time, ms */
  readonly now: () => number;
  readonly changed: () => void;
}

export const FIRST_USER_ID = 100_001;

export const emptyCoreState = (seed: number, scenario: string): CoreState => ({
  version: 1,
  seed,
  scenario,
  next_user_id: FIRST_USER_ID,
  next_mail_id: 1,
  users: {},
  sessions: {},
  codes: {},
  mailbox: [],
  clock: { offsetMs: 0, frozenAt: null },
  ipo_timelines: {},
  market: emptyMarketState(),
  ledger: { next_tx_id: 1, transactions: [] },
  requests: {},
  deposit_accounts: {},
  deposits: [],
  withdrawals: [],
  uploads: {},
  next_funds_id: 1,
});

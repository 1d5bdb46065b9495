import type { AccountKind, AccountMode } from '@bourse/protocol';

export type { AccountKind };
export type AccountPart = 'available' | 'frozen';

export const ACCOUNT_KINDS: readonly AccountKind[] = ['fund', 'contract', 'option'];
export const ACCOUNT_MODES: readonly AccountMode[] = ['real', 'demo'];

/**
 * The system accounts: the other side of every posting that is not between a user's own accounts.
 * They may go negative (money from the outside world comes in as a negative balance of
 * `external_in`); user accounts never may.
 */
export const SYSTEM_ACCOUNTS = {
  /** money deposited from the outside world */
  externalIn: 'sys:external_in',
  /** money withdrawn to the outside world */
  externalOut: 'sys:external_out',
  /** fees charged (withdrawal fees, trading fees) */
  fees: 'sys:fees',
  /** the counterparty of option stakes and payouts */
  optionsHouse: 'sys:options_house',
  /** the counterparty of Coin Guess bets and wins */
  gameHouse: 'sys:game_house',
  /**
   * the counterparty of contract trades: a close's realised profit is paid from it and its loss
   * paid into it (engine/contracts)
   */
  contractHouse: 'sys:contract_house',
  /** what liquidations take and what covers their shortfalls */
  liquidationFund: 'sys:liquidation_fund',
  /** where invite rewards are paid from */
  rewards: 'sys:rewards',
  /** where demo (play) money comes from: new demo accounts and demo top-ups */
  demoIssuer: 'sys:demo_issuer',
} as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[keyof typeof SYSTEM_ACCOUNTS];

export interface UserAccountRef {
  userId: string;
  mode: AccountMode;
  kind: AccountKind;
  part: AccountPart;
}

/** A user account's id: `user:<id>:<mode>:<kind>:<part>`. */
export const userAccount = (
  userId: string,
  mode: AccountMode,
  kind: AccountKind,
  part: AccountPart = 'available',
): string => `user:${userId}:${mode}:${kind}:${part}`;

/** The parts of a user account id, or null for a system account. */
export function parseUserAccount(account: string): UserAccountRef | null {
  const parts = account.split(':');
  if (parts.length !== 5 || parts[0] !== 'user') return null;
  const [, userId, mode, kind, part] = parts as [
    string,
    string,
    AccountMode,
    AccountKind,
    AccountPart,
  ];
  return { userId, mode, kind, part };
}

export const isUserAccount = (account: string): boolean => account.startsWith('user:');

const SYSTEM_IDS = new Set<string>(Object.values(SYSTEM_ACCOUNTS));
export const isKnownAccount = (account: string): boolean =>
  SYSTEM_IDS.has(account) || parseUserAccount(account) !== null;

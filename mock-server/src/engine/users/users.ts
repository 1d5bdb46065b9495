import type { AccountMode, Language, UserInfo } from '@bourse/protocol';
import Decimal from 'decimal.js';
import { EngineError } from '../errors.ts';
import { ACCOUNT_KINDS, SYSTEM_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import type { Ledger, TransactionInput } from '../ledger/ledger.ts';
import type { PasswordHasher } from '../passwords.ts';
import type { SeededRandom } from '../random.ts';
import type { AccountBalances, StateStore, UserRecord } from '../state.ts';

export interface UsersContext extends StateStore {
  readonly random: SeededRandom;
  readonly hasher: PasswordHasher;
  /** the demo fund a new account starts with */
  readonly demoBalance: string;
  readonly ledger: Ledger;
}

export interface NewUser {
  email: string;
  password: string;
  area_code?: string;
  phone?: string;
  nickname?: string;
  invite_code?: string;
  invited_by?: string | null;
  /** the invite code of the inviting user, resolved to their id */
  invited_by_code?: string | null;
  identity_status?: UserRecord['identity_status'];
  account_mode?: AccountMode;
  language?: Language;
  balances?: Partial<Record<AccountMode, Partial<AccountBalances>>>;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** E-mail addresses are kept and compared trimmed and in lower case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** What a user may see of their own record (never the password hash, identity or bank). */
export const userInfo = (user: UserRecord): UserInfo => ({
  user_id: user.user_id,
  email: user.email,
  area_code: user.area_code,
  phone: user.phone,
  nickname: user.nickname,
  avatar: user.avatar,
  invite_code: user.invite_code,
  created_at: user.created_at,
  identity_status: user.identity_status,
  account_mode: user.account_mode,
  currency: user.currency,
});

/**
 * The user directory every user-facing domain shares: finding, creating and removing users.
 * The rules about what a user may do live in the domains (auth, profile, identity, payouts).
 */
export class Users {
  constructor(private readonly ctx: UsersContext) {}

  private get all(): UserRecord[] {
    return Object.values(this.ctx.state().users);
  }

  byEmail(email: string): UserRecord | undefined {
    const wanted = normaliseEmail(email);
    return this.all.find((user) => user.email === wanted);
  }

  byPhone(areaCode: string, phone: string): UserRecord | undefined {
    return this.all.find(
      (user) => user.phone !== '' && user.area_code === areaCode && user.phone === phone,
    );
  }

  /** Invite codes are case-insensitive: they are kept in upper case. */
  byInviteCode(code: string): UserRecord | undefined {
    const wanted = code.toUpperCase();
    return this.all.find((user) => user.invite_code === wanted);
  }

  /** The user, who must exist: one who is gone (deleted since signing in) is unauthorised. */
  /** the user, or undefined when there is none (an account closed since) */
  find(userId: string): UserRecord | undefined {
    return this.ctx.state().users[userId];
  }

  get(userId: string): UserRecord {
    const user = this.ctx.state().users[userId];
    if (!user) throw new EngineError('unauthorised', 'unauthorized');
    return user;
  }

  async create(input: NewUser): Promise<UserRecord> {
    return this.add(input, await this.hashPassword(input.password));
  }

  hashPassword(password: string): Promise<string> {
    return this.ctx.hasher.hash(password);
  }

  /**
   * Adds a user whose password is hashed already, in one step: nothing else runs between the
   * state it reads and the one it writes (a scenario load hashes every password first).
   */
  add(input: NewUser, passwordHash: string): UserRecord {
    const state = this.ctx.state();
    const userId = String(state.next_user_id++);
    const email = normaliseEmail(input.email);
    const nickname = input.nickname ?? (email.split('@')[0] ?? userId).slice(0, 20);
    const user: UserRecord = {
      user_id: userId,
      email,
      area_code: input.area_code ?? '',
      phone: input.phone ?? '',
      nickname,
      avatar: '',
      invite_code: input.invite_code ?? this.newInviteCode(),
      invited_by:
        input.invited_by ??
        (input.invited_by_code
          ? (this.all.find((other) => other.invite_code === input.invited_by_code)?.user_id ?? null)
          : null),
      created_at: this.ctx.now(),
      identity_status: input.identity_status ?? 'unverified',
      // A user seeded as verified (a scenario) was verified under the name they are seeded with:
      // that is the name a bank must be held in, whatever nickname they later choose.
      identity:
        input.identity_status === 'verified'
          ? {
              name: nickname,
              id_number: '',
              phone: `${input.area_code ?? ''} ${input.phone ?? ''}`.trim(),
              birth_date: '',
              document_type: '',
              front_image: '',
              back_image: null,
              submitted_at: this.ctx.now(),
            }
          : null,
      account_mode: input.account_mode ?? 'real',
      currency: 'USD',
      language: input.language ?? 'en',
      password_hash: passwordHash,
      bank: null,
      wallet: null,
    };
    state.users[userId] = user;
    this.openingBalances(userId, input.balances);
    this.ctx.changed();
    return user;
  }

  /**
   * A new user's money, booked in the ledger: the demo fund's play money from the demo issuer
   * (a demo top-up), and what a scenario seeds on the real accounts as an adjustment from the
   * outside world. Nothing else gives a user a balance.
   */
  private openingBalances(userId: string, seeded: NewUser['balances']): void {
    const opening: Record<AccountMode, Partial<AccountBalances>> = {
      real: { ...seeded?.real },
      demo: { fund: this.ctx.demoBalance, ...seeded?.demo },
    };
    const transactions: TransactionInput[] = [];
    for (const mode of ['real', 'demo'] as const) {
      for (const kind of ACCOUNT_KINDS) {
        const amount = new Decimal(opening[mode][kind] ?? '0');
        if (amount.isZero()) continue;
        const source = mode === 'demo' ? SYSTEM_ACCOUNTS.demoIssuer : SYSTEM_ACCOUNTS.externalIn;
        transactions.push({
          kind: mode === 'demo' ? 'demo_topup' : 'adjustment',
          ref_id: `open-${userId}`,
          remark: 'opening balance',
          postings: [
            { account: source, amount: amount.negated() },
            { account: userAccount(userId, mode, kind), amount },
          ],
        });
      }
    }
    if (transactions.length > 0) this.ctx.ledger.commit(transactions);
  }

  remove(userId: string): void {
    delete this.ctx.state().users[userId];
    this.ctx.changed();
  }

  private newInviteCode(): string {
    const taken = new Set(this.all.map((user) => user.invite_code));
    for (;;) {
      let code = '';
      for (let i = 0; i < 6; i += 1)
        code += INVITE_ALPHABET.charAt(this.ctx.random.int(INVITE_ALPHABET.length));
      if (!taken.has(code)) return code;
    }
  }
}

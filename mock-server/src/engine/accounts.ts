import type { AccountMode, IdentityStatus, Language, UserInfo } from '@bourse/protocol';
import { CODES } from '@bourse/protocol';
import { createHash } from 'node:crypto';
import { message } from '../i18n/messages.ts';
import { DomainError, FieldError } from './errors.ts';
import type { PasswordHasher } from './passwords.ts';
import { newEmailCode, newSessionToken, type SeededRandom } from './random.ts';
import { RateLimiter } from './rate-limit.ts';
import type {
  AccountBalances,
  BankRecord,
  CodePurpose,
  IdentitySubmission,
  MockState,
  SessionRecord,
  UserRecord,
  WalletRecord,
} from './state.ts';

const MINUTE = 60_000;
export const ACCOUNT_RULES = {
  codeLifetimeMs: 10 * MINUTE,
  codeResendMs: 60_000,
  codeWrongAttempts: 5,
  /** a session ends after a week unused */
  sessionIdleMs: 7 * 24 * 60 * MINUTE,
  loginFailuresPerAccount: 5,
  loginFailureWindowMs: 15 * MINUTE,
  loginAttemptsPerClient: 30,
  codesPerClient: 20,
  clientWindowMs: 10 * MINUTE,
} as const;

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const md5hex = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');
/** Names of virtual (app-only) banks, which cannot receive withdrawals (SPEC.md §5). */
const VIRTUAL_BANKS = [
  'revolut',
  'wise',
  'chime',
  'n26',
  'monzo',
  'payoneer',
  'cash app',
  'virtual',
];

type BankView = BankRecord;
/** Bank numbers leave the server masked but for the last four digits. */
const maskBank = (bank: BankRecord): BankView => ({
  ...bank,
  account_no: `****${bank.account_no.replace(/[\s-]/g, '').slice(-4)}`,
});

const zeroBalances = (): AccountBalances => ({ fund: '0', contract: '0', option: '0' });

export interface AccountsContext {
  readonly state: () => MockState;
  readonly now: () => number;
  readonly random: SeededRandom;
  readonly hasher: PasswordHasher;
  /** the demo fund a new account starts with */
  readonly demoBalance: string;
  readonly changed: () => void;
}

export interface NewSession {
  token: string;
  expires_in: number;
  user: UserInfo;
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

/** Users, sessions, e-mail codes and their limits. */
export class Accounts {
  readonly limiter: RateLimiter;
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly ctx: AccountsContext) {
    this.limiter = new RateLimiter(ctx.now);
  }

  private get state(): MockState {
    return this.ctx.state();
  }

  // ---- look-ups -------------------------------------------------------------------------

  userByEmail(email: string): UserRecord | undefined {
    const wanted = email.trim().toLowerCase();
    return Object.values(this.state.users).find((user) => user.email === wanted);
  }

  userByPhone(areaCode: string, phone: string): UserRecord | undefined {
    return Object.values(this.state.users).find(
      (user) => user.phone !== '' && user.area_code === areaCode && user.phone === phone,
    );
  }

  user(userId: string): UserRecord {
    const user = this.state.users[userId];
    if (!user) throw new DomainError('unauthorized', {}, CODES.unauthorized);
    return user;
  }

  /** The live session whose token hashes to `tokenMd5`, without extending it. */
  liveSession(tokenMd5: string): SessionRecord | undefined {
    const session = this.state.sessions[tokenMd5];
    if (!session) return undefined;
    if (session.expires_at <= this.ctx.now() || !this.state.users[session.user_id]) {
      delete this.state.sessions[tokenMd5];
      this.ctx.changed();
      return undefined;
    }
    return session;
  }

  /** The live session whose token hashes to `tokenMd5`, extended by this use. */
  touchSession(tokenMd5: string): SessionRecord | undefined {
    const session = this.liveSession(tokenMd5);
    if (session) session.expires_at = this.ctx.now() + ACCOUNT_RULES.sessionIdleMs;
    return session;
  }

  /** The MD5 under which a raw token's session is kept (the socket's bind sends the token). */
  static tokenMd5(token: string): string {
    return md5hex(token);
  }

  toUserInfo(user: UserRecord): UserInfo {
    return {
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
    };
  }

  // ---- e-mail codes ---------------------------------------------------------------------

  /**
   * Sends a code. For a password reset of an unknown address it answers exactly as for a known
   * one and sends nothing, so the reply does not reveal who has an account.
   */
  sendCode(email: string, purpose: CodePurpose, language: Language, client: string) {
    const address = email.trim().toLowerCase();
    const perClient = this.limiter.hit(
      `codes:${client}`,
      ACCOUNT_RULES.codesPerClient,
      ACCOUNT_RULES.clientWindowMs,
    );
    if (!perClient.allowed) throw new DomainError('too_many_requests', {}, CODES.tooManyRequests);
    if (purpose === 'register' && this.userByEmail(address)) {
      throw new FieldError('email', 'email_taken');
    }
    const now = this.ctx.now();
    const key = `${purpose}:${address}`;
    const previous = this.state.codes[key];
    if (previous && now - previous.sent_at < ACCOUNT_RULES.codeResendMs) {
      const seconds = Math.ceil((previous.sent_at + ACCOUNT_RULES.codeResendMs - now) / 1000);
      throw new DomainError('code_too_soon', { seconds }, CODES.tooManyRequests);
    }
    const code = newEmailCode();
    this.state.codes[key] = {
      email: address,
      purpose,
      code,
      sent_at: now,
      expires_at: now + ACCOUNT_RULES.codeLifetimeMs,
      wrong_attempts: 0,
    };
    const deliverable = purpose === 'register' || this.userByEmail(address) !== undefined;
    if (deliverable) {
      this.state.mailbox.push({
        id: String(this.state.next_mail_id++),
        to: address,
        purpose,
        code,
        language,
        subject: message('email_code_subject', language),
        body: message('email_code_body', language, { code }),
        sent_at: now,
      });
    }
    this.ctx.changed();
    return {
      expires_in: ACCOUNT_RULES.codeLifetimeMs / 1000,
      resend_in: ACCOUNT_RULES.codeResendMs / 1000,
    };
  }

  /** Puts a known code in place, as if it had been e-mailed (provider states and QA). */
  plantCode(email: string, purpose: CodePurpose, code: string): void {
    const address = email.trim().toLowerCase();
    const now = this.ctx.now();
    this.state.codes[`${purpose}:${address}`] = {
      email: address,
      purpose,
      code,
      sent_at: now - ACCOUNT_RULES.codeResendMs,
      expires_at: now + ACCOUNT_RULES.codeLifetimeMs,
      wrong_attempts: 0,
    };
    this.ctx.changed();
  }

  /** Uses up a code: right once, within its lifetime; five wrong tries burn it. */
  private consumeCode(email: string, purpose: CodePurpose, code: string): void {
    const key = `${purpose}:${email.trim().toLowerCase()}`;
    const record = this.state.codes[key];
    const now = this.ctx.now();
    if (!record || record.expires_at <= now) throw new FieldError('code', 'code_invalid');
    if (record.code !== code) {
      record.wrong_attempts += 1;
      if (record.wrong_attempts >= ACCOUNT_RULES.codeWrongAttempts) delete this.state.codes[key];
      this.ctx.changed();
      throw new FieldError('code', 'code_invalid');
    }
    delete this.state.codes[key];
    this.ctx.changed();
  }

  // ---- sign-up and sign-in --------------------------------------------------------------

  async register(input: {
    email: string;
    code: string;
    password: string;
    confirm_password: string;
    invite_code: string;
    language: Language;
  }): Promise<NewSession> {
    if (input.password !== input.confirm_password) {
      throw new FieldError('confirm_password', 'passwords_mismatch');
    }
    if (this.userByEmail(input.email)) throw new FieldError('email', 'email_taken');
    const inviter = input.invite_code
      ? Object.values(this.state.users).find(
          (user) => user.invite_code === input.invite_code.toUpperCase(),
        )
      : undefined;
    if (input.invite_code && !inviter) throw new FieldError('invite_code', 'invite_invalid');
    this.consumeCode(input.email, 'register', input.code);
    const user = await this.createUser({
      email: input.email,
      password: input.password,
      invited_by: inviter?.user_id ?? null,
      language: input.language,
    });
    return this.openSession(user);
  }

  async login(
    input: { account: string; area_code: string; password: string },
    client: string,
  ): Promise<NewSession> {
    const byEmail = input.account.includes('@');
    const accountKey = byEmail
      ? `login:e:${input.account.trim().toLowerCase()}`
      : `login:p:${input.area_code}${input.account}`;
    const perClient = this.limiter.hit(
      `login:${client}`,
      ACCOUNT_RULES.loginAttemptsPerClient,
      ACCOUNT_RULES.clientWindowMs,
    );
    const failures = this.limiter.count(accountKey, ACCOUNT_RULES.loginFailureWindowMs);
    if (!perClient.allowed || failures >= ACCOUNT_RULES.loginFailuresPerAccount) {
      throw new DomainError('too_many_requests', {}, CODES.tooManyRequests);
    }
    const user = byEmail
      ? this.userByEmail(input.account)
      : this.userByPhone(input.area_code, input.account);
    // Verify against a dummy hash when there is no such user, so both take the same time.
    const stored = user?.password_hash ?? (await this.getDummyHash());
    const matches = await this.ctx.hasher.verify(input.password, stored);
    if (!user || !matches) {
      this.limiter.hit(accountKey, Number.MAX_SAFE_INTEGER, ACCOUNT_RULES.loginFailureWindowMs);
      throw new DomainError('login_failed');
    }
    this.limiter.clear(accountKey);
    return this.openSession(user);
  }

  async resetPassword(input: {
    email: string;
    code: string;
    password: string;
    confirm_password: string;
  }): Promise<void> {
    if (input.password !== input.confirm_password) {
      throw new FieldError('confirm_password', 'passwords_mismatch');
    }
    this.consumeCode(input.email, 'forget', input.code);
    const user = this.userByEmail(input.email);
    // A code for an unknown address is never sent, so consumeCode has already refused it.
    if (!user) throw new FieldError('code', 'code_invalid');
    user.password_hash = await this.ctx.hasher.hash(input.password);
    this.endSessions(user.user_id);
    this.ctx.changed();
  }

  // ---- the signed-in user ---------------------------------------------------------------

  sendOwnCode(userId: string, purpose: CodePurpose, language: Language, client: string) {
    return this.sendCode(this.user(userId).email, purpose, language, client);
  }

  setNickname(userId: string, nickname: string): { nickname: string } {
    const user = this.user(userId);
    user.nickname = nickname;
    this.ctx.changed();
    return { nickname };
  }

  setAvatar(userId: string, avatar: string): { avatar: string } {
    const user = this.user(userId);
    user.avatar = avatar;
    this.ctx.changed();
    return { avatar };
  }

  setAccountMode(userId: string, mode: AccountMode): { account_mode: AccountMode } {
    const user = this.user(userId);
    user.account_mode = mode;
    this.ctx.changed();
    return { account_mode: mode };
  }

  async changePassword(
    userId: string,
    currentTokenMd5: string,
    input: { old_password: string; password: string; confirm_password: string },
  ): Promise<void> {
    const user = this.user(userId);
    if (input.password !== input.confirm_password) {
      throw new FieldError('confirm_password', 'passwords_mismatch');
    }
    if (!(await this.ctx.hasher.verify(input.old_password, user.password_hash))) {
      throw new FieldError('old_password', 'password_wrong');
    }
    if (input.old_password === input.password) throw new FieldError('password', 'password_same');
    user.password_hash = await this.ctx.hasher.hash(input.password);
    this.endSessions(userId, currentTokenMd5);
    this.ctx.changed();
  }

  async deleteUser(userId: string, input: { password: string; code: string }): Promise<void> {
    const user = this.user(userId);
    if (!(await this.ctx.hasher.verify(input.password, user.password_hash))) {
      throw new FieldError('password', 'password_wrong');
    }
    this.consumeCode(user.email, 'delete_account', input.code);
    this.endSessions(userId);
    delete this.state.users[userId];
    this.ctx.changed();
  }

  logout(tokenMd5: string): void {
    delete this.state.sessions[tokenMd5];
    this.ctx.changed();
  }

  // ---- identity, bank and wallet --------------------------------------------------------

  submitIdentity(
    userId: string,
    input: Omit<IdentitySubmission, 'submitted_at' | 'back_image'> & {
      back_image?: string | undefined;
    },
  ): { identity_status: IdentityStatus } {
    const user = this.user(userId);
    if (user.identity_status === 'pending') throw new DomainError('identity_pending');
    if (user.identity_status === 'verified') throw new DomainError('identity_verified');
    user.identity = {
      ...input,
      back_image: input.back_image ?? null,
      submitted_at: this.ctx.now(),
    };
    user.identity_status = 'pending';
    this.ctx.changed();
    return { identity_status: user.identity_status };
  }

  /** The review's decision (the control API stands in for the back office). */
  decideIdentity(userId: string, approve: boolean): UserRecord {
    const user = this.user(userId);
    if (user.identity_status !== 'pending')
      throw new DomainError('bad_request', {}, CODES.badRequest);
    user.identity_status = approve ? 'verified' : 'rejected';
    this.ctx.changed();
    return user;
  }

  banks(userId: string): BankView[] {
    const bank = this.user(userId).bank;
    return bank ? [maskBank(bank)] : [];
  }

  bindBank(userId: string, input: Omit<BankRecord, 'id' | 'created_at'>): BankView {
    const user = this.user(userId);
    const name = input.bank_name.toLowerCase();
    if (VIRTUAL_BANKS.some((virtual) => name.includes(virtual))) {
      throw new FieldError('bank_name', 'bank_virtual');
    }
    user.bank = { ...input, id: user.user_id, created_at: this.ctx.now() };
    this.ctx.changed();
    return maskBank(user.bank);
  }

  bindWallet(
    userId: string,
    input: { network: WalletRecord['network']; address: string },
  ): WalletRecord {
    const user = this.user(userId);
    const fitsNetwork =
      input.network === 'TRC20' ? input.address.startsWith('T') : input.address.startsWith('0x');
    if (!fitsNetwork) throw new FieldError('address', 'wallet_network_mismatch');
    user.wallet = { id: user.user_id, currency: 'USDT', ...input, created_at: this.ctx.now() };
    this.ctx.changed();
    return user.wallet;
  }

  cashStatus(userId: string) {
    const user = this.user(userId);
    return {
      identity_status: user.identity_status,
      bank: user.bank ? maskBank(user.bank) : null,
      wallet: user.wallet,
    };
  }

  // ---- creation -------------------------------------------------------------------------

  async createUser(input: NewUser): Promise<UserRecord> {
    const userId = String(this.state.next_user_id++);
    const email = input.email.trim().toLowerCase();
    const user: UserRecord = {
      user_id: userId,
      email,
      area_code: input.area_code ?? '',
      phone: input.phone ?? '',
      nickname: input.nickname ?? (email.split('@')[0] ?? userId).slice(0, 20),
      avatar: '',
      invite_code: input.invite_code ?? this.newInviteCode(),
      invited_by:
        input.invited_by ??
        (input.invited_by_code
          ? (Object.values(this.state.users).find(
              (other) => other.invite_code === input.invited_by_code,
            )?.user_id ?? null)
          : null),
      created_at: this.ctx.now(),
      identity_status: input.identity_status ?? 'unverified',
      identity: null,
      account_mode: input.account_mode ?? 'real',
      currency: 'USD',
      language: input.language ?? 'en',
      password_hash: await this.ctx.hasher.hash(input.password),
      bank: null,
      wallet: null,
      balances: {
        real: { ...zeroBalances(), ...input.balances?.real },
        demo: { ...zeroBalances(), fund: this.ctx.demoBalance, ...input.balances?.demo },
      },
    };
    this.state.users[userId] = user;
    this.ctx.changed();
    return user;
  }

  /**
   * Opens a session and returns its token; the state keeps only the token's MD5. A caller that
   * must know the token in advance (a contract's provider state) may choose it.
   */
  openSession(user: UserRecord, token: string = newSessionToken()): NewSession {
    const now = this.ctx.now();
    const tokenMd5 = md5hex(token);
    this.state.sessions[tokenMd5] = {
      token_md5: tokenMd5,
      user_id: user.user_id,
      created_at: now,
      expires_at: now + ACCOUNT_RULES.sessionIdleMs,
    };
    this.ctx.changed();
    return { token, expires_in: ACCOUNT_RULES.sessionIdleMs, user: this.toUserInfo(user) };
  }

  /** Ends the user's sessions (but one, when asked); answers how many ended. */
  endSessions(userId: string, keepTokenMd5?: string): number {
    let ended = 0;
    for (const [tokenMd5, session] of Object.entries(this.state.sessions)) {
      if (session.user_id === userId && tokenMd5 !== keepTokenMd5) {
        delete this.state.sessions[tokenMd5];
        ended += 1;
      }
    }
    if (ended > 0) this.ctx.changed();
    return ended;
  }

  private newInviteCode(): string {
    const taken = new Set(Object.values(this.state.users).map((user) => user.invite_code));
    for (;;) {
      let code = '';
      for (let i = 0; i < 6; i += 1)
        code += INVITE_ALPHABET.charAt(this.ctx.random.int(INVITE_ALPHABET.length));
      if (!taken.has(code)) return code;
    }
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.ctx.hasher.hash('not-a-password-anyone-has-1');
    return this.dummyHash;
  }
}

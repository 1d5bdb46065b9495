import type { Language, UserInfo } from '@bourse/protocol';
import { createHash } from 'node:crypto';
import type { MessageKey } from '../../i18n/messages.ts';
import { EngineError, FieldError } from '../errors.ts';
import type { PasswordHasher } from '../passwords.ts';
import { newSessionToken } from '../random.ts';
import type { RateLimiter } from '../rate-limit.ts';
import type { SessionRecord, StateStore, UserRecord } from '../state.ts';
import type { EmailCodes } from './email-codes.ts';
import { lockedFor, PASSWORD_RULES, passwordKeyOf, type PasswordGuard } from './password-guard.ts';
import { normaliseEmail, userInfo, type Users } from './users.ts';

const MINUTE = 60_000;
export const AUTH_RULES = {
  /** a session ends after a week unused */
  sessionIdleMs: 7 * 24 * 60 * MINUTE,
  /** failed sign-ins that lock an account (known or not) for the window: PASSWORD_RULES */
  loginFailuresPerAccount: PASSWORD_RULES.failuresPerAccount,
  loginFailureWindowMs: PASSWORD_RULES.failureWindowMs,
  /** a refusal with this many tries or fewer left before the lock says how many */
  loginTriesWarnedOf: 2,
  /** sign-in attempts one client may make in a window */
  loginAttemptsPerClient: 30,
  perClientWindowMs: 10 * MINUTE,
} as const;

const md5hex = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

export interface NewSession {
  token: string;
  expires_in: number;
  user: UserInfo;
}

/** Sign-in is locked for `ms` more: the refusal says for how many minutes (rounded up). */
const loginLockedFor = (ms: number): EngineError => lockedFor(ms, 'login');

/** Passwords must be typed twice alike. */
const confirmMatches = (input: { password: string; confirm_password: string }): void => {
  if (input.password !== input.confirm_password) {
    throw new FieldError('confirm_password', 'passwords_mismatch');
  }
};

/**
 * Authentication and sessions: signing up, in and out, passwords, closing an account. A session
 * is kept by the MD5 of its token, which is what a signed call carries.
 */
export class Auth {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly ctx: StateStore,
    private readonly users: Users,
    private readonly codes: EmailCodes,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    private readonly guard: PasswordGuard,
    /** why the user's account cannot be closed now (something still open, money left), if so */
    private readonly stillHeld: (userId: string) => MessageKey | null = () => null,
  ) {}

  /** The MD5 under which a raw token's session is kept (the socket's bind sends the token). */
  static tokenMd5(token: string): string {
    return md5hex(token);
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
    confirmMatches(input);
    if (this.users.byEmail(input.email)) throw new FieldError('email', 'email_taken');
    const inviter = input.invite_code ? this.users.byInviteCode(input.invite_code) : undefined;
    if (input.invite_code && !inviter) throw new FieldError('invite_code', 'invite_invalid');
    this.codes.consume(input.email, 'register', input.code);
    const user = await this.users.create({
      email: input.email,
      password: input.password,
      invited_by: inviter?.user_id ?? null,
      language: input.language,
    });
    return this.openSession(user);
  }

  /** Signs in by e-mail (any case) or by phone; a wrong password and no such account look alike. */
  async login(
    input: { account: string; area_code: string; password: string },
    client: string,
  ): Promise<NewSession> {
    const byEmail = input.account.includes('@');
    const perClient = this.limiter.hit(
      `login:${client}`,
      AUTH_RULES.loginAttemptsPerClient,
      AUTH_RULES.perClientWindowMs,
    );
    if (!perClient.allowed) throw loginLockedFor(perClient.retryAfterMs);
    const user = byEmail
      ? this.users.byEmail(input.account)
      : this.users.byPhone(input.area_code, input.account);
    // A known account's counter is the one its password checks behind a session share; an
    // unknown one is locked alike, by what was typed, so a lock does not tell who has an account.
    const key = user
      ? passwordKeyOf(user)
      : byEmail
        ? `login:e:${normaliseEmail(input.account)}`
        : `login:p:${input.area_code}${input.account}`;
    // Verify against a dummy hash when there is no such user, so both take the same time.
    const stored = user?.password_hash ?? (await this.getDummyHash());
    const { matches, left } = await this.guard.attempt(key, input.password, stored, 'login');
    if (!user || !matches) {
      if (left <= 0) throw loginLockedFor(this.guard.lockedForMs(key));
      if (left <= AUTH_RULES.loginTriesWarnedOf) {
        const tries = left === 1 ? 'login_failed_try_left' : 'login_failed_tries_left';
        throw new EngineError('refused', tries, { tries: left });
      }
      throw new EngineError('refused', 'login_failed');
    }
    return this.openSession(user);
  }

  /** A new password with a code e-mailed to the address; every session ends. */
  async resetPassword(input: {
    email: string;
    code: string;
    password: string;
    confirm_password: string;
  }): Promise<void> {
    confirmMatches(input);
    this.codes.consume(input.email, 'forget', input.code);
    const user = this.users.byEmail(input.email);
    // A code for an unknown address is never sent, so consume has already refused it.
    if (!user) throw new FieldError('code', 'code_invalid');
    user.password_hash = await this.hasher.hash(input.password);
    this.endSessions(user.user_id);
    this.ctx.changed();
  }

  // ---- the signed-in user ---------------------------------------------------------------

  /** A new password for the old one; the session it was changed in stays, the others end. */
  async changePassword(
    userId: string,
    currentTokenMd5: string,
    input: { old_password: string; password: string; confirm_password: string },
  ): Promise<void> {
    const user = this.users.get(userId);
    confirmMatches(input);
    await this.guard.verifyUser(
      user,
      input.old_password,
      () => new FieldError('old_password', 'password_wrong'),
    );
    if (input.old_password === input.password) throw new FieldError('password', 'password_same');
    user.password_hash = await this.hasher.hash(input.password);
    this.endSessions(userId, currentTokenMd5);
    this.ctx.changed();
  }

  /**
   * Closes the account, with the password and a code e-mailed for it: not while anything of it
   * is still open (a position, an order, money under review) or its real accounts hold money, so
   * nothing the engine still settles is left without its owner and no one's money is dropped.
   */
  async deleteAccount(userId: string, input: { password: string; code: string }): Promise<void> {
    const user = this.users.get(userId);
    await this.guard.verifyUser(
      user,
      input.password,
      () => new FieldError('password', 'password_wrong'),
    );
    // a right code is kept through this refusal, to serve once the account is settled
    this.codes.consume(user.email, 'delete_account', input.code, () => {
      const held = this.stillHeld(userId);
      if (held !== null) throw new EngineError('refused', held);
    });
    this.endSessions(userId);
    this.users.remove(userId);
  }

  logout(tokenMd5: string): void {
    delete this.ctx.state().sessions[tokenMd5];
    this.ctx.changed();
  }

  // ---- sessions -------------------------------------------------------------------------

  /**
   * Opens a session and returns its token; the state keeps only the token's MD5. A caller that
   * must know the token in advance (a contract's provider state) may choose it.
   */
  openSession(user: UserRecord, token: string = newSessionToken()): NewSession {
    const now = this.ctx.now();
    const tokenMd5 = md5hex(token);
    this.ctx.state().sessions[tokenMd5] = {
      token_md5: tokenMd5,
      user_id: user.user_id,
      created_at: now,
      expires_at: now + AUTH_RULES.sessionIdleMs,
    };
    this.ctx.changed();
    return { token, expires_in: AUTH_RULES.sessionIdleMs, user: userInfo(user) };
  }

  /** The live session whose token hashes to `tokenMd5`, without extending it. */
  liveSession(tokenMd5: string): SessionRecord | undefined {
    const state = this.ctx.state();
    const session = state.sessions[tokenMd5];
    if (!session) return undefined;
    if (session.expires_at <= this.ctx.now() || !state.users[session.user_id]) {
      delete state.sessions[tokenMd5];
      this.ctx.changed();
      return undefined;
    }
    return session;
  }

  /** The live session whose token hashes to `tokenMd5`, extended by this use. */
  touchSession(tokenMd5: string): SessionRecord | undefined {
    const session = this.liveSession(tokenMd5);
    if (session) session.expires_at = this.ctx.now() + AUTH_RULES.sessionIdleMs;
    return session;
  }

  /** Ends the user's sessions (but one, when asked); answers how many ended. */
  endSessions(userId: string, keepTokenMd5?: string): number {
    const state = this.ctx.state();
    let ended = 0;
    for (const [tokenMd5, session] of Object.entries(state.sessions)) {
      if (session.user_id === userId && tokenMd5 !== keepTokenMd5) {
        delete state.sessions[tokenMd5];
        ended += 1;
      }
    }
    if (ended > 0) this.ctx.changed();
    return ended;
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash('not-a-password-anyone-has-1');
    return this.dummyHash;
  }
}

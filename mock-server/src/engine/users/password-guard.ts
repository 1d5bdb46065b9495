import { EngineError } from '../errors.ts';
import type { PasswordHasher } from '../passwords.ts';
import type { RateLimiter } from '../rate-limit.ts';
import type { UserRecord } from '../state.ts';

const MINUTE = 60_000;

/** Wrong passwords an account takes in a window before every password check on it is locked. */
export const PASSWORD_RULES = {
  failuresPerAccount: 5,
  failureWindowMs: 15 * MINUTE,
} as const;

/** The counter an account's password checks share: sign-in and every check behind a session. */
export const passwordKeyOf = (user: Pick<UserRecord, 'user_id'>): string =>
  `password:${user.user_id}`;

/** Locked for `ms` more: the refusal says for how many minutes (rounded up). */
export function lockedFor(ms: number, what: 'login' | 'password'): EngineError {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  const key =
    what === 'login'
      ? minutes === 1
        ? 'login_locked_minute'
        : 'login_locked'
      : minutes === 1
        ? 'password_locked_minute'
        : 'password_locked';
  return new EngineError('rate_limited', key, { minutes });
}

/**
 * Every password check of an account goes through here, so that one counter limits them all: a
 * stolen session guesses no more freely with `addCash`, `changePassword` or `deleteUser` than a
 * stranger with the sign-in form. An attempt is counted before the (slow, scrypt) check, so that
 * fifty attempts sent at once make five checks, not fifty; a right password clears the count.
 */
export class PasswordGuard {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly hasher: PasswordHasher,
  ) {}

  /**
   * One attempt on the counter `key`: refused as locked before any check once it has had its
   * failures; else whether the password matched, and how many failures are left after this one.
   */
  async attempt(
    key: string,
    password: string,
    stored: string,
    what: 'login' | 'password',
  ): Promise<{ matches: boolean; left: number }> {
    const { failuresPerAccount: limit, failureWindowMs: window } = PASSWORD_RULES;
    const counted = this.limiter.hit(key, limit, window);
    if (!counted.allowed) throw lockedFor(counted.retryAfterMs, what);
    const matches = await this.hasher.verify(password, stored);
    if (matches) {
      this.limiter.clear(key);
      return { matches, left: limit };
    }
    return { matches, left: limit - this.limiter.count(key, window) };
  }

  /** When the account is locked now: how long it stays so (0 when it is not). */
  lockedForMs(key: string): number {
    return this.limiter.retryAfter(key, PASSWORD_RULES.failureWindowMs);
  }

  /**
   * A signed-in user's password, for a call that asks for it again: `wrong` is thrown for a wrong
   * one, and a lock once the account has had its failures (the sign-in is locked with it).
   */
  async verifyUser(user: UserRecord, password: string, wrong: () => Error): Promise<void> {
    const key = passwordKeyOf(user);
    const { matches, left } = await this.attempt(key, password, user.password_hash, 'password');
    if (matches) return;
    if (left <= 0) throw lockedFor(this.lockedForMs(key), 'password');
    throw wrong();
  }
}

import type { Language } from '@bourse/protocol';
import { message } from '../../i18n/messages.ts';
import { EngineError, FieldError } from '../errors.ts';
import { newEmailCode } from '../random.ts';
import type { RateLimiter } from '../rate-limit.ts';
import type { CodePurpose, StateStore } from '../state.ts';
import { normaliseEmail, type Users } from './users.ts';

const MINUTE = 60_000;
export const CODE_RULES = {
  lifetimeMs: 10 * MINUTE,
  resendMs: MINUTE,
  /** wrong tries that burn a code */
  wrongAttempts: 5,
  /** codes one client may ask for in a window */
  perClient: 20,
  perClientWindowMs: 10 * MINUTE,
} as const;

/**
 * One-time codes sent by e-mail (to register, reset or change a password, delete an account),
 * and the mailbox QA reads them from.
 */
export class EmailCodes {
  constructor(
    private readonly ctx: StateStore,
    private readonly users: Users,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * Sends a code. For a password reset of an unknown address it answers exactly as for a known
   * one and sends nothing, so the reply does not reveal who has an account.
   */
  send(email: string, purpose: CodePurpose, language: Language, client: string) {
    const address = normaliseEmail(email);
    const perClient = this.limiter.hit(
      `codes:${client}`,
      CODE_RULES.perClient,
      CODE_RULES.perClientWindowMs,
    );
    if (!perClient.allowed) throw new EngineError('rate_limited', 'too_many_requests');
    if (purpose === 'register' && this.users.byEmail(address)) {
      throw new FieldError('email', 'email_taken');
    }
    const state = this.ctx.state();
    const now = this.ctx.now();
    const key = `${purpose}:${address}`;
    const previous = state.codes[key];
    if (previous && now - previous.sent_at < CODE_RULES.resendMs) {
      const seconds = Math.ceil((previous.sent_at + CODE_RULES.resendMs - now) / 1000);
      throw new EngineError('rate_limited', 'code_too_soon', { seconds });
    }
    const code = newEmailCode();
    state.codes[key] = {
      email: address,
      purpose,
      code,
      sent_at: now,
      expires_at: now + CODE_RULES.lifetimeMs,
      wrong_attempts: 0,
    };
    const deliverable = purpose === 'register' || this.users.byEmail(address) !== undefined;
    if (deliverable) {
      state.mailbox.push({
        id: String(state.next_mail_id++),
        to: address,
        purpose,
        code,
        language,
        subject: message(`email_code_subject_${purpose}`, language),
        body: message('email_code_body', language, {
          purpose: message(`email_code_purpose_${purpose}`, language),
          code,
        }),
        sent_at: now,
      });
    }
    this.ctx.changed();
    return {
      expires_in: CODE_RULES.lifetimeMs / 1000,
      resend_in: CODE_RULES.resendMs / 1000,
    };
  }

  /** Sends a code to a signed-in user's own address. */
  sendToUser(userId: string, purpose: CodePurpose, language: Language, client: string) {
    return this.send(this.users.get(userId).email, purpose, language, client);
  }

  /** Puts a known code in place, as if it had been e-mailed (provider states and QA). */
  plant(email: string, purpose: CodePurpose, code: string): void {
    const address = normaliseEmail(email);
    const now = this.ctx.now();
    this.ctx.state().codes[`${purpose}:${address}`] = {
      email: address,
      purpose,
      code,
      sent_at: now - CODE_RULES.resendMs,
      expires_at: now + CODE_RULES.lifetimeMs,
      wrong_attempts: 0,
    };
    this.ctx.changed();
  }

  /** Uses up a code: right once, within its lifetime; five wrong tries burn it. */
  /**
   * Uses a code: refused when it is wrong or expired. `whenRight` runs once the code is found
   * right and before it is used up: a refusal from it leaves the code to be used again.
   */
  consume(email: string, purpose: CodePurpose, code: string, whenRight?: () => void): void {
    const state = this.ctx.state();
    const key = `${purpose}:${normaliseEmail(email)}`;
    const record = state.codes[key];
    if (!record || record.expires_at <= this.ctx.now()) {
      throw new FieldError('code', 'code_invalid');
    }
    if (record.code !== code) {
      record.wrong_attempts += 1;
      if (record.wrong_attempts >= CODE_RULES.wrongAttempts) delete state.codes[key];
      this.ctx.changed();
      throw new FieldError('code', 'code_invalid');
    }
    whenRight?.();
    delete state.codes[key];
    this.ctx.changed();
  }
}

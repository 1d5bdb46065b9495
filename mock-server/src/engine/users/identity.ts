import type { IdentityStatus } from '@bourse/protocol';
// The review's birth-date rule, shared with the identity page (one definition).
import { birthDateProblem, type BirthDateProblem } from '@bourse/protocol/identity-rules';
import { message, type MessageKey } from '../../i18n/messages.ts';
import { EngineError, FieldError } from '../errors.ts';
import { Emitter } from '../kernel/emitter.ts';
import type { IdentitySubmission, StateStore, UserRecord } from '../state.ts';
import type { Users } from './users.ts';

export type IdentityInput = Omit<IdentitySubmission, 'submitted_at' | 'back_image'> & {
  back_image?: string | undefined;
};

/** The message each birth-date problem is refused with. */
const BIRTH_DATE_KEYS: Readonly<Record<BirthDateProblem, MessageKey>> = {
  malformed: 'birth_date_malformed',
  future: 'birth_date_future',
  minor: 'birth_date_minor',
};

/**
 * A review decided: the user is told by a Notice (PROTOCOL.md §3 has no identity push), on which
 * an identity page left open asks for the status again. The feeds publish it.
 */
export interface IdentityEvent {
  type: 'notice';
  userId: string;
  notice: { id: string; title: string; summary: string; created_at: number };
}

/**
 * Identity review: a user submits their documents once; the review (the control API stands in
 * for the back office) verifies or rejects them, and a rejected user may submit again.
 */
export class IdentityReview {
  private readonly events = new Emitter<IdentityEvent>();

  constructor(
    private readonly ctx: StateStore,
    private readonly users: Users,
  ) {}

  /** Calls `listener` on every decision; returns stop. */
  onEvent(listener: (event: IdentityEvent) => void): () => void {
    return this.events.on(listener);
  }

  submit(userId: string, input: IdentityInput): { identity_status: IdentityStatus } {
    const user = this.users.get(userId);
    if (user.identity_status === 'pending') throw new EngineError('refused', 'identity_pending');
    if (user.identity_status === 'verified') throw new EngineError('refused', 'identity_verified');
    // A birth date in the past, of an adult (ADULT_AGE) on the engine's day.
    const problem = birthDateProblem(input.birth_date, this.ctx.now());
    if (problem !== null) throw new FieldError('birth_date', BIRTH_DATE_KEYS[problem]);
    user.identity = {
      ...input,
      back_image: input.back_image ?? null,
      submitted_at: this.ctx.now(),
    };
    user.identity_status = 'pending';
    this.ctx.changed();
    return { identity_status: user.identity_status };
  }

  /**
   * The review's decision on a pending submission; a rejection keeps its reason (empty reasons
   * are kept as none), which the user reads until they submit again.
   */
  decide(userId: string, approve: boolean, reason?: string): UserRecord {
    const user = this.users.get(userId);
    if (user.identity_status !== 'pending') throw new EngineError('refused', 'bad_request');
    user.identity_status = approve ? 'verified' : 'rejected';
    if (user.identity) {
      user.identity.reject_reason = approve ? null : reason?.trim() || null;
    }
    this.ctx.changed();
    const now = this.ctx.now();
    const [title, summary] = approve
      ? (['identity_verified_title', 'identity_verified_body'] as const)
      : (['identity_rejected_title', 'identity_rejected_body'] as const);
    this.events.emit({
      type: 'notice',
      userId,
      notice: {
        id: `ID${userId}-${String(now)}`,
        title: message(title, user.language),
        summary: message(summary, user.language),
        created_at: now,
      },
    });
    return user;
  }

  /** Why the last submission was rejected, while it stays rejected; null otherwise. */
  rejectReason(userId: string): string | null {
    const user = this.users.get(userId);
    if (user.identity_status !== 'rejected') return null;
    return user.identity?.reject_reason ?? null;
  }
}

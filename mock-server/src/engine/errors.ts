import type { MessageKey } from '../i18n/messages.ts';

/**
 * What kind of refusal the engine gives, in its own terms; routes/errors.ts turns each kind into
 * the wire's reply code, so the engine never knows the codes.
 */
export type EngineErrorKind =
  /** a value the rules do not accept (a field, a mismatched confirmation) */
  | 'invalid'
  /** no such thing */
  | 'not_found'
  /** well formed, but the rules refuse it now (a wrong password, a review under way) */
  | 'refused'
  /** a request id used again with another body (a money call's idempotency) */
  | 'conflict'
  /** too many tries in a while: wait */
  | 'rate_limited'
  /** no such user or session */
  | 'unauthorised';

/**
 * A refusal the engine means the user to read: its kind, and a message key (with parameters)
 * that the wire translates into the caller's language.
 */
export class EngineError extends Error {
  constructor(
    readonly kind: EngineErrorKind,
    readonly key: MessageKey,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(key);
    this.name = 'EngineError';
  }
}

/** A value of one field the rules do not accept: the message names the field. */
export class FieldError extends EngineError {
  constructor(
    readonly field: string,
    reason: MessageKey,
  ) {
    super('invalid', reason, { field });
    this.name = 'FieldError';
  }
}

import { CODES } from '@bourse/protocol';
import type { MessageKey } from '../i18n/messages.ts';

/**
 * A refusal the engine means the user to read: it carries the reply code and a message key the
 * wire translates into the caller's language.
 */
export class DomainError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Readonly<Record<string, string | number>> = {},
    readonly code: number = CODES.failed,
  ) {
    super(key);
    this.name = 'DomainError';
  }
}

/** A refusal of one field, answered with code 400 and a message that names the field. */
export class FieldError extends DomainError {
  constructor(field: string, reason: MessageKey) {
    super(reason, { field }, CODES.badRequest);
    this.name = 'FieldError';
  }
}

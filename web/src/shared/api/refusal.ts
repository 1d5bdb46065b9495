import { CODES } from '@bourse/protocol/envelope';
import { fieldErrorOf, isCodeError, isInvalidReply, type ApiError } from './errors.ts';

/** Something to show next to a field: a translation key of ours, or the server's own words. */
export type FormMessage = { readonly key: string } | { readonly text: string };

export interface Refusal {
  /** the wire name of the field the server named; null for the form as a whole */
  readonly field: string | null;
  readonly message: FormMessage;
}

/**
 * What a form should show after a failed call, or null when the app has already said it (a 401
 * goes to the login page, a 500 and a lost connection are toasts).
 */
export function refusalOf(error: ApiError): Refusal | null {
  const named = fieldErrorOf(error);
  if (named) return { field: named.field, message: { text: named.reason } };
  if (isCodeError(error) && error.code !== CODES.unauthorized && error.code !== CODES.failed) {
    return { field: null, message: { text: error.msg } };
  }
  if (isInvalidReply(error)) return { field: null, message: { key: 'errors.server' } };
  return null;
}

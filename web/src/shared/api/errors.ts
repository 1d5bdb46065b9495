import { CODES } from '@bourse/protocol/envelope';

/**
 * - `code`: the server answered with an envelope whose code is not 200 (`code` and `msg` hold it);
 * - `transport`: no envelope came back (network error, timeout, HTTP status other than 2xx, a
 *   body that is not an envelope);
 * - `invalid-reply`: a code-200 envelope whose data does not match the endpoint's schema.
 */
export type ApiErrorKind = 'code' | 'transport' | 'invalid-reply';

export interface ApiErrorInit {
  readonly kind: ApiErrorKind;
  /** the envelope's code; only for kind 'code' */
  readonly code?: number;
  /** the server's `msg` for kind 'code' (in the request's language), else a short description */
  readonly msg: string;
  /** the endpoint's path, for logs */
  readonly path?: string;
  readonly cause?: unknown;
}

/** How a call failed. The API client rejects with nothing else. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly code: number | undefined;
  readonly msg: string;
  readonly path: string | undefined;

  constructor(init: ApiErrorInit) {
    const where = init.path === undefined ? '' : ` ${init.path}`;
    const what = init.code === undefined ? init.kind : `${init.kind} ${init.code}`;
    super(`API${where}: ${what}${init.msg === '' ? '' : `: ${init.msg}`}`, { cause: init.cause });
    this.kind = init.kind;
    this.code = init.code;
    this.msg = init.msg;
    this.path = init.path;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** An envelope with a code other than 200; with `code`, only that code. */
export const isCodeError = (value: unknown, code?: number): value is ApiError =>
  isApiError(value) && value.kind === 'code' && (code === undefined || value.code === code);

export const isTransportError = (value: unknown): value is ApiError =>
  isApiError(value) && value.kind === 'transport';

export const isInvalidReply = (value: unknown): value is ApiError =>
  isApiError(value) && value.kind === 'invalid-reply';

export interface FieldError {
  /** the wire name of the field, e.g. `email` or `list.0.price` */
  readonly field: string;
  /** why it was refused, in the request's language */
  readonly reason: string;
}

// A wire field name or path (snake_case, dots and indices), a colon (the full-width one too, as
// Chinese and Japanese messages write it), then the reason.
const FIELD_MESSAGE = /^\s*([A-Za-z_][\w.[\]-]*)\s*[:：]\s*(\S[\s\S]*?)\s*$/;

/** Reads a code-400 `msg` of the form `"{field}: {reason}"`; null when it names no field. */
export function parseFieldError(msg: string): FieldError | null {
  const match = FIELD_MESSAGE.exec(msg);
  if (match === null) return null;
  const [, field, reason] = match;
  if (field === undefined || reason === undefined) return null;
  return { field, reason };
}

/** The field a code-400 failure names, so that a form can show the reason next to it. */
export function fieldErrorOf(error: unknown): FieldError | null {
  return isCodeError(error, CODES.badRequest) ? parseFieldError(error.msg) : null;
}

import { CODES, type Code } from '@bourse/protocol';
import type { EngineErrorKind } from '../engine/errors.ts';

/**
 * The wire's reply code for each kind of engine refusal: the one place the engine's terms meet
 * PROTOCOL.md §2's codes. A refusal by the rules is a failed call (500) with a message for the
 * user, as the protocol has it.
 */
export const WIRE_CODES: Readonly<Record<EngineErrorKind, Code>> = {
  invalid: CODES.badRequest,
  not_found: CODES.notFound,
  refused: CODES.failed,
  conflict: CODES.conflict,
  rate_limited: CODES.tooManyRequests,
  unauthorised: CODES.unauthorized,
};

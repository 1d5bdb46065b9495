import { z } from 'zod/mini';

/** Reply codes carried in the envelope (HTTP status is 200 for all of them). */
export const CODES = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  /** a money call's `request_id` used before with another body: nothing moved */
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  failed: 500,
} as const;
export type Code = (typeof CODES)[keyof typeof CODES];

/** `{ code, msg, data }`: data is a JSON value, or a string holding the encrypted JSON. */
export const envelopeSchema = z.object({
  code: z.int(),
  msg: z.string(),
  data: z.unknown(),
});
export type Envelope<T = unknown> = { code: number; msg: string; data: T };

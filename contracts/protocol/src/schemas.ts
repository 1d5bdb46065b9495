import { z } from 'zod/mini';
import { LANGUAGES } from './config.ts';

/** Money, prices, rates and balances travel as decimal strings, never binary floats. */
export const decimalString = z
  .string()
  .check(z.regex(/^-?\d+(\.\d+)?$/, { error: 'must be a decimal number written as a string' }));

/** A decimal string that must be greater than zero (amounts a user enters). */
export const positiveDecimalString = decimalString.check(
  z.refine((value) => /[1-9]/.test(value) && !value.startsWith('-'), {
    error: 'must be greater than zero',
  }),
);

/** Ids travel as strings. */
export const idString = z.string().check(z.minLength(1), z.maxLength(64));

/**
 * The id a client gives one intent to move money (a tap on Deposit, Withdraw, Transfer, Top up):
 * the same id again replays the first answer and moves nothing, so a double tap or a retry after a
 * lost reply moves money once. 16 to 64 URL-safe characters; the web sends a UUID.
 */
export const requestId = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'must be 16 to 64 letters, digits, - or _' }));

/** Times are integer milliseconds since the epoch. */
export const timestampMs = z.int().check(z.nonnegative());

export const email = z.email({ error: 'must be a valid e-mail address' }).check(z.maxLength(254));

/** A six-digit e-mail verification code. */
export const emailCode = z
  .string()
  .check(z.regex(/^\d{6}$/, { error: 'must be the 6-digit code' }));

/** 8 to 32 characters with at least one letter and one digit. */
export const password = z
  .string()
  .check(
    z.minLength(8, { error: 'must be at least 8 characters' }),
    z.maxLength(32, { error: 'must be at most 32 characters' }),
    z.regex(/[A-Za-z]/, { error: 'must contain a letter' }),
    z.regex(/\d/, { error: 'must contain a digit' }),
  );

export const language = z.enum(LANGUAGES);

/** Which of a user's two sets of accounts a call acts on. */
export const accountMode = z.enum(['real', 'demo']);
export type AccountMode = z.infer<typeof accountMode>;

/** An empty request or reply. */
export const empty = z.object({});

/** The paging fields of every list that grows (PROTOCOL.md §4). */
export const pageRequest = z.object({
  page: z._default(z.int().check(z.gte(1)), 1),
  limit: z._default(z.int().check(z.gte(1), z.lte(100)), 20),
});

/** `{ list, total, page, limit }` around an item schema. */
export const pageOf = <Item extends z.ZodMiniType>(item: Item) =>
  z.object({
    list: z.array(item),
    total: z.int().check(z.nonnegative()),
    page: z.int().check(z.gte(1)),
    limit: z.int().check(z.gte(1)),
  });

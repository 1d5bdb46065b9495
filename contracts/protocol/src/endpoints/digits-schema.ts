/**
 * The digits wire's shapes apart from its endpoints and their examples: what parsing a push
 * needs, so a screen that only reads pushes does not load the examples.
 */
import { z } from 'zod/mini';
import { accountMode, decimalString, idString, timestampMs } from '../schemas.ts';

/** A period: its day and its number in the day, e.g. 20261127-0931 (the 931st round). */
export const issueNumber = z
  .string()
  .check(z.regex(/^\d{8}-\d{4}$/, { error: 'must be a period such as 20261127-0931' }));

export const digit = z.int().check(z.gte(0), z.lte(9));
/** the special number: the sum of the three digits drawn, 0–27 */
export const specialNumber = z.int().check(z.gte(0), z.lte(27));

/** 64 hex digits: a SHA-256 commitment, or a revealed 32-byte seed */
export const hex256 = z
  .string()
  .check(z.regex(/^[0-9a-f]{64}$/, { error: 'must be 64 hex digits' }));

/**
 * What a bet covers of the special number: 'size' big (14–27) or small (0–13), 'parity' odd or
 * even, 'combo' a size and a parity together, 'extreme' 0–5 or 22–27, 'sum' one number exactly.
 */
export const betKind = z.enum(['size', 'parity', 'combo', 'extreme', 'sum']);
export type BetKind = z.infer<typeof betKind>;

export const betType = z.object({
  /** big, small, odd, even, big_odd, big_even, small_odd, small_even, extreme_low, extreme_high, sum_0 … sum_27 */
  id: idString,
  kind: betKind,
  /** the number a 'sum' bet is on; null for the others */
  sum: z.nullable(specialNumber),
  /** its true chance of winning, a fraction ("0.269") */
  probability: decimalString,
  /** what a winning bet pays per unit staked, the stake included: 1 ÷ probability × (1 − edge) */
  odds: decimalString,
  min_amount: decimalString,
  max_amount: decimalString,
});
export type BetType = z.infer<typeof betType>;

/**
 * SPEC.md §4's four phases: 'betting' (countdown to close), 'closing' (bets closed, the draw
 * to come), 'drawn' (the result shown, and the countdown to the next period's opening).
 */
export const roundPhase = z.enum(['betting', 'closing', 'drawn']);
export type RoundPhase = z.infer<typeof roundPhase>;

/** A drawn period with its proof: the seed committed to before the bets, revealed after. */
export const drawResult = z.object({
  issue: issueNumber,
  digits: z.array(digit).check(z.length(3)),
  /** the special number: the digits' sum */
  number: specialNumber,
  drawn_at: timestampMs,
  /** SHA-256 of the seed, published when the period opened */
  commitment: hex256,
  /** the seed; HMAC-SHA256(seed, issue) gives the digits (FORMULAS.md, Coin Guess) */
  seed: hex256,
});
export type DrawResult = z.infer<typeof drawResult>;

/** The period as getIssue answers it and the Digits topic pushes it on every phase change. */
export const digitRound = z.object({
  issue: issueNumber,
  phase: roundPhase,
  opened_at: timestampMs,
  /** when betting closes */
  close_at: timestampMs,
  /** when the digits are drawn */
  draw_at: timestampMs,
  /** when the next period opens */
  next_open_at: timestampMs,
  /** the server's clock, so the countdowns do not depend on the phone's */
  server_time: timestampMs,
  /** SHA-256 of this period's seed, published before any bet */
  commitment: hex256,
  /** this period's draw once drawn; null before */
  draw: z.nullable(drawResult),
  /** the latest draws, newest first (as many as asked for, up to 100) */
  recent_draws: z.array(drawResult).check(z.maxLength(100)),
});
export type DigitRound = z.infer<typeof digitRound>;

export const betStatus = z.enum(['pending', 'won', 'lost', 'cancelled']);
export type BetStatus = z.infer<typeof betStatus>;

export const bet = z.object({
  id: idString,
  issue: issueNumber,
  /** a betType id */
  bet_type: idString,
  amount: decimalString,
  /** the odds frozen when the bet was placed */
  odds: decimalString,
  status: betStatus,
  /** amount × odds when won, the stake when cancelled, else '0.00' */
  payout: decimalString,
  /** the period's draw, with its proof; null until drawn */
  draw: z.nullable(drawResult),
  /** the period's commitment, there from the bet on */
  commitment: hex256,
  created_at: timestampMs,
  settled_at: z.nullable(timestampMs),
  account_mode: accountMode,
});
export type Bet = z.infer<typeof bet>;

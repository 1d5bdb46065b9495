import Decimal from 'decimal.js';
import { D, money, type Num } from './index.ts';

/**
 * The Coin Guess formulas (FORMULAS.md, "Coin Guess"): three digits 0–9 are drawn and summed to
 * the special number 0–27; a bet wins on the sums its type covers. One module for the mock's
 * game engine, which draws and pays, and the web, which shows each bet's chance and odds and
 * verifies a past draw in the browser, so the two agree exactly.
 */

export const SUM_MAX = 27;

/** how many of the 1 000 equally likely draws give each sum 0–27 (1, 3, 6, 10, … 75, 75, … 1) */
export const SUM_WAYS: readonly number[] = Array.from({ length: SUM_MAX + 1 }, (_, sum) => {
  let ways = 0;
  for (let a = 0; a < 10; a += 1) {
    for (let b = 0; b < 10; b += 1) {
      const c = sum - a - b;
      if (c >= 0 && c < 10) ways += 1;
    }
  }
  return ways;
});

export const BASE_BET_IDS = [
  'big',
  'small',
  'odd',
  'even',
  'big_odd',
  'big_even',
  'small_odd',
  'small_even',
  'extreme_low',
  'extreme_high',
] as const;
export type BaseBetId = (typeof BASE_BET_IDS)[number];
export type SumBetId = `sum_${number}`;
export type DigitBetId = BaseBetId | SumBetId;

/** every bet type: the ten on ranges and parities, then each exact sum 0–27 */
export const DIGIT_BET_IDS: readonly DigitBetId[] = [
  ...BASE_BET_IDS,
  ...SUM_WAYS.map((_, sum): SumBetId => `sum_${sum}`),
];

const big = (sum: number) => sum >= 14;
const odd = (sum: number) => sum % 2 === 1;

/** Whether a bet of this type wins on `sum`; big is 14–27, small 0–13, extremes 0–5 and 22–27. */
export function betWins(id: DigitBetId, sum: number): boolean {
  switch (id) {
    case 'big':
      return big(sum);
    case 'small':
      return !big(sum);
    case 'odd':
      return odd(sum);
    case 'even':
      return !odd(sum);
    case 'big_odd':
      return big(sum) && odd(sum);
    case 'big_even':
      return big(sum) && !odd(sum);
    case 'small_odd':
      return !big(sum) && odd(sum);
    case 'small_even':
      return !big(sum) && !odd(sum);
    case 'extreme_low':
      return sum <= 5;
    case 'extreme_high':
      return sum >= 22;
    default:
      return Number(id.slice('sum_'.length)) === sum;
  }
}

/** Whether `id` names a bet type. */
export const isDigitBetId = (id: string): id is DigitBetId =>
  (DIGIT_BET_IDS as readonly string[]).includes(id);

/** a bet's chance of winning: the draws it wins on out of 1 000, exact */
export function betProbability(id: DigitBetId): Decimal {
  const ways = SUM_WAYS.reduce((sum, count, total) => (betWins(id, total) ? sum + count : sum), 0);
  return new D(ways).div(1000);
}

/**
 * odds (the payout per unit staked, the stake included) = 1 ÷ probability × (1 − edge), rounded
 * down to two decimals: the house never keeps less than the edge it publishes
 */
export const betOdds = (id: DigitBetId, edge: Num): Decimal =>
  new D(1)
    .div(betProbability(id))
    .times(new D(1).minus(edge))
    .toDecimalPlaces(2, Decimal.ROUND_DOWN);

/** what a winning bet pays back = stake × odds, money-rounded */
export const betPayout = (stake: Num, odds: Num): Decimal => money(new D(stake).times(odds));

// ---- the draw: commit, derive, reveal -----------------------------------------------------

/** 32-bit words at or above this would make some digits likelier: they are skipped */
export const DRAW_WORD_LIMIT = 4_294_967_290; // the largest multiple of 10 not above 2^32

/**
 * The message of the draw's `round`-th HMAC: the period, then ":1", ":2"… should the words of one
 * HMAC run out before three digits are accepted (a chance of about 10⁻⁶⁹).
 */
export const drawMessage = (period: string, round: number): string =>
  round === 0 ? period : `${period}:${String(round)}`;

/**
 * Adds to `digits`, up to three, a digit for each 4-byte big-endian word of an HMAC-SHA256 output
 * below DRAW_WORD_LIMIT (the word mod 10); the others are rejected, never folded in by a modulo.
 */
export function acceptDigits(hmac: Uint8Array, digits: number[]): number[] {
  for (let offset = 0; offset + 4 <= hmac.length && digits.length < 3; offset += 4) {
    const word =
      ((hmac[offset] ?? 0) * 2 ** 24 +
        (hmac[offset + 1] ?? 0) * 2 ** 16 +
        (hmac[offset + 2] ?? 0) * 2 ** 8 +
        (hmac[offset + 3] ?? 0)) >>>
      0;
    if (word < DRAW_WORD_LIMIT) digits.push(word % 10);
  }
  return digits;
}

/** The three digits of a period's draw: HMAC-SHA256(seed, message) as acceptDigits reads it. */
export function drawDigits(period: string, hmac: (message: string) => Uint8Array): number[] {
  const digits: number[] = [];
  for (let round = 0; digits.length < 3; round += 1) {
    acceptDigits(hmac(drawMessage(period, round)), digits);
  }
  return digits;
}

/** The same in a browser, whose WebCrypto HMAC answers a promise. */
export async function drawDigitsAsync(
  period: string,
  hmac: (message: string) => Promise<Uint8Array>,
): Promise<number[]> {
  const digits: number[] = [];
  for (let round = 0; digits.length < 3; round += 1) {
    acceptDigits(await hmac(drawMessage(period, round)), digits);
  }
  return digits;
}

export const digitSum = (digits: readonly number[]): number =>
  digits.reduce((sum, digit) => sum + digit, 0);

import { digitSum, drawDigits } from '@bourse/formulas/digits';
import type { DrawResult } from '@bourse/protocol';
import { createHash, createHmac } from 'node:crypto';

/** where the game's seeds come from: the operating system's generator, or a test's seeded one */
export type RandomBytes = (size: number) => Uint8Array;

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

export const commitmentOf = (seedHex: string): string =>
  createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

/** the period's three digits under a seed (FORMULAS.md, Coin Guess) */
export const digitsOf = (seedHex: string, issue: string): number[] => {
  const key = Buffer.from(seedHex, 'hex');
  return drawDigits(
    issue,
    (message) => new Uint8Array(createHmac('sha256', key).update(message).digest()),
  );
};

/**
 * A fresh seed for a period, and its commitment. With `wanted`, seeds are drawn until one gives
 * that special number, before anything is published: the proof holds as for any other period.
 */
export function newSeed(
  random: RandomBytes,
  issue: string,
  wanted: number | null,
): { seed: string; commitment: string } {
  for (;;) {
    const seed = hex(random(32));
    if (wanted === null || digitSum(digitsOf(seed, issue)) === wanted) {
      return { seed, commitment: commitmentOf(seed) };
    }
  }
}

/** the draw of a period, with its proof */
export function drawOf(
  period: { issue: string; seed: string; commitment: string },
  at: number,
): DrawResult {
  const digits = digitsOf(period.seed, period.issue);
  return {
    issue: period.issue,
    digits,
    number: digitSum(digits),
    drawn_at: at,
    commitment: period.commitment,
    seed: period.seed,
  };
}

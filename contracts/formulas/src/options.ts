import Decimal from 'decimal.js';
import { D, money, type Num } from './index.ts';

/**
 * The options formulas (FORMULAS.md, "Options"): a fixed-payout up/down order. One module for
 * the mock's options engine, which books what they compute, and the web, which shows the payout
 * before the buy, so the two agree to the cent.
 */

export type OptionSide = 'up' | 'down';
export type OptionOutcome = 'win' | 'lose' | 'draw';

const HUNDRED = new D(100);

/** profit on a win = stake × payout rate ÷ 100 (the rate a percentage), money-rounded */
export const optionProfit = (stake: Num, ratePercent: Num): Decimal =>
  money(new D(stake).times(ratePercent).div(HUNDRED));

/** what a win pays back = stake + profit */
export const optionPayout = (stake: Num, ratePercent: Num): Decimal =>
  money(new D(stake).plus(optionProfit(stake, ratePercent)));

/**
 * the win rate, in %, at which buying breaks even: 1 ÷ (1 + rate ÷ 100) × 100, to two decimals
 * (rounded up: a win rate at the figure shown never loses on average)
 */
export const breakEvenWinRate = (ratePercent: Num): Decimal =>
  HUNDRED.div(new D(1).plus(new D(ratePercent).div(HUNDRED))).toDecimalPlaces(2, Decimal.ROUND_UP);

/** up wins if exit > entry, down if exit < entry; equal is a draw (the stake comes back) */
export function optionOutcome(side: OptionSide, entry: Num, exit: Num): OptionOutcome {
  const move = new D(exit).comparedTo(entry);
  if (move === 0) return 'draw';
  return move > 0 === (side === 'up') ? 'win' : 'lose';
}

/** the signed profit of an outcome: +profit on a win, −stake on a loss, 0 on a draw */
export function optionResultProfit(outcome: OptionOutcome, stake: Num, ratePercent: Num): Decimal {
  if (outcome === 'win') return optionProfit(stake, ratePercent);
  if (outcome === 'lose') return money(new D(stake).negated());
  return new D(0);
}

/** the estimated profit of a running order if it settled at `current` */
export const optionEstimate = (
  side: OptionSide,
  stake: Num,
  ratePercent: Num,
  entry: Num,
  current: Num,
): Decimal => optionResultProfit(optionOutcome(side, entry, current), stake, ratePercent);

import Decimal from 'decimal.js';
import { ENGLISH_NUMBERS, localizeDecimal, type NumberStyle } from './numbers.ts';

/**
 * Amounts as SPEC.md §9 writes them: two decimals with thousands separators, `0.00` when there
 * is nothing to show, in the language's `style` (English unless told). Decimal all the way: no
 * binary floating point touches the value.
 */
export function formatAmount(
  value: string | Decimal | null | undefined,
  decimals = 2,
  style: NumberStyle = ENGLISH_NUMBERS,
): string {
  const zero = localizeDecimal((0).toFixed(decimals), style);
  if (value === null || value === undefined || value === '') return zero;
  let amount: Decimal;
  try {
    amount = new Decimal(value);
  } catch {
    return zero;
  }
  if (!amount.isFinite()) return zero;
  const fixed = amount.toFixed(decimals, Decimal.ROUND_HALF_UP);
  // no "-0.00"
  return localizeDecimal(/[1-9]/.test(fixed) ? fixed : fixed.replace('-', ''), style);
}

/**
 * A limit ("at most 0.2803 USDT") written with every digit it has, and at least `decimals`: a
 * limit rounded half up could name more than is allowed, and Max fills the whole figure.
 */
export function formatLimit(
  value: string | Decimal | null | undefined,
  decimals = 2,
  style: NumberStyle = ENGLISH_NUMBERS,
): string {
  if (value === null || value === undefined || value === '')
    return formatAmount(null, decimals, style);
  try {
    const amount = new Decimal(value);
    if (!amount.isFinite()) return formatAmount(null, decimals, style);
    return localizeDecimal(amount.toFixed(Math.max(decimals, amount.decimalPlaces())), style);
  } catch {
    return formatAmount(null, decimals, style);
  }
}

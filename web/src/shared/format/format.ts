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

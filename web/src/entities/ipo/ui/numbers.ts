import { asPercent, ENGLISH_NUMBERS, formatAmount, type NumberStyle } from '#shared/format';
import Decimal from 'decimal.js';

/** What a card or the detail writes where a value is not known yet. */
export const NO_VALUE = '--';

/** A price with its currency: 24.00 USD. */
export const formatIpoPrice = (
  amount: string,
  currency: string,
  style: NumberStyle = ENGLISH_NUMBERS,
): string => `${formatAmount(amount, 2, style)} ${currency}`;

/** A signed percentage (the wire sends a percentage): +32.71%, −6.80%; `--` when unknown. */
export function formatIpoChange(rate: string | null, style: NumberStyle = ENGLISH_NUMBERS): string {
  if (rate === null) return NO_VALUE;
  const rounded = new Decimal(formatAmount(rate, 2).replace(/,/g, ''));
  const formatted = formatAmount(rounded, 2, style);
  return asPercent(rounded.isPositive() && !rounded.isZero() ? `+${formatted}` : formatted, style);
}

/** Which colour a change takes. */
export function changeTone(rate: string | null): 'up' | 'down' | 'flat' {
  if (rate === null) return 'flat';
  const value = new Decimal(rate);
  if (value.isZero()) return 'flat';
  return value.isNegative() ? 'down' : 'up';
}

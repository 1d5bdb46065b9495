import { formatAmount } from '#shared/format';
import Decimal from 'decimal.js';

/** What a card or the detail writes where a value is not known yet. */
export const NO_VALUE = '--';

/** A price with its currency: 24.00 USD. */
export const formatIpoPrice = (amount: string, currency: string): string =>
  `${formatAmount(amount, 2)} ${currency}`;

/** A signed percentage (the wire sends a percentage): +32.71%, −6.80%; `--` when unknown. */
export function formatIpoChange(rate: string | null): string {
  if (rate === null) return NO_VALUE;
  const formatted = formatAmount(rate, 2);
  const value = new Decimal(formatted);
  return value.isPositive() && !value.isZero() ? `+${formatted}%` : `${formatted}%`;
}

/** Which colour a change takes. */
export function changeTone(rate: string | null): 'up' | 'down' | 'flat' {
  if (rate === null) return 'flat';
  const value = new Decimal(rate);
  if (value.isZero()) return 'flat';
  return value.isNegative() ? 'down' : 'up';
}

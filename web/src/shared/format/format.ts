import Decimal from 'decimal.js';

/**
 * Amounts as SPEC.md §9 writes them: two decimals with thousands separators, `0.00` when there
 * is nothing to show. Decimal all the way: no binary floating point touches the value.
 */
export function formatAmount(value: string | Decimal | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return (0).toFixed(decimals);
  let amount: Decimal;
  try {
    amount = new Decimal(value);
  } catch {
    return (0).toFixed(decimals);
  }
  if (!amount.isFinite()) return (0).toFixed(decimals);
  const fixed = amount.toFixed(decimals, Decimal.ROUND_HALF_UP);
  const negative = fixed.startsWith('-');
  const [whole = '0', fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = negative && /[1-9]/.test(fixed) ? '-' : '';
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}

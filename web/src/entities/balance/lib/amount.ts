import { enteredDecimal } from '@bourse/protocol/endpoints/market';
import Decimal from 'decimal.js';

/** The bounds an entered amount must keep, USDT; each optional. */
export interface AmountBounds {
  readonly min?: string | undefined;
  readonly max?: string | undefined;
  /** what the source account has available */
  readonly available?: string | undefined;
}

/**
 * Why an entered amount cannot be sent, as a translation key (the screen shows the bounds beside the field), or null
 * when it can. The shape is the protocol's own rule, so the form and the server agree.
 */
export function amountProblem(
  value: string,
  { min, max, available }: AmountBounds = {},
): string | null {
  if (value.trim() === '') return 'validation.required';
  if (!enteredDecimal.safeParse(value).success) return 'funds.errors.amountInvalid';
  const amount = new Decimal(value.trim());
  if (min !== undefined && amount.lt(min)) return 'funds.errors.belowMin';
  if (max !== undefined && amount.gt(max)) return 'funds.errors.aboveMax';
  if (available !== undefined && amount.gt(available)) return 'funds.errors.insufficient';
  return null;
}

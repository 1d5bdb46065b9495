import { enteredDecimal } from '@bourse/protocol/endpoints/market';
import { type NumberStyle } from '#shared/format';
import { readTypedNumber } from '#shared/typed-number';
import Decimal from 'decimal.js';

/** The bounds an entered amount must keep, USDT; each optional. */
export interface AmountBounds {
  readonly min?: string | undefined;
  readonly max?: string | undefined;
  /** what the source account has available */
  readonly available?: string | undefined;
}

/**
 * Why an amount as the reader typed it (in their language's style) cannot be sent, as a
 * translation key (the screen shows the bounds beside the field), or null when it can. Once read,
 * the shape is the protocol's own rule, so the form and the server agree.
 */
export function amountProblem(
  typed: string,
  style: NumberStyle,
  { min, max, available }: AmountBounds = {},
): string | null {
  const read = readTypedNumber(typed, style);
  if (read.kind === 'empty') return 'validation.required';
  if (read.kind === 'problem') return read.key;
  if (!enteredDecimal.safeParse(read.value).success) return 'funds.errors.amountInvalid';
  const amount = new Decimal(read.value);
  if (min !== undefined && amount.lt(min)) return 'funds.errors.belowMin';
  if (max !== undefined && amount.gt(max)) return 'funds.errors.aboveMax';
  if (available !== undefined && amount.gt(available)) return 'funds.errors.insufficient';
  return null;
}

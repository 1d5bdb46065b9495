import { D } from '@bourse/formulas';
import { enteredDecimal, optionalPrice } from '@bourse/protocol/endpoints/market';

/** A positive amount or quantity as the wire takes it (at most 8 decimals). */
export const isEnteredDecimal = (value: string): boolean =>
  enteredDecimal.safeParse(value).success && new D(value.trim()).gt(0);

/** A price as the wire takes it, or '' (unset). */
export const isOptionalPrice = (value: string): boolean => optionalPrice.safeParse(value).success;

/** `share` % of `total`, down to a multiple of `step`; all of it at 100 %. */
export function shareOf(total: string, share: number, step: string): string {
  if (share >= 100) return new D(total).toFixed();
  const part = new D(total).times(share).dividedBy(100);
  return part.dividedToIntegerBy(step).times(step).toFixed();
}

/** Whether `value` is a whole number of `step`s. */
export const onStep = (value: string, step: string): boolean => new D(value).modulo(step).isZero();

/** The smallest step the wire can carry, when the symbol's own is not known yet. */
export const WIRE_STEP = '0.00000001';

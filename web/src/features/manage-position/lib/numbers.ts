import { D } from '@bourse/formulas';
import { enteredDecimal, optionalPrice } from '@bourse/protocol/endpoints/market';
import { type NumberStyle } from '#shared/format';
import { readTypedNumber } from '#shared/typed-number';

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

/**
 * A field as the reader typed it ("0,25" in German), read in their number style: the plain
 * decimal the wire takes when it is a positive amount, else null. The fields keep the text as
 * typed; the checks, the previews and the requests read it with this.
 */
export function enteredAmount(text: string, style: NumberStyle): string | null {
  const typed = readTypedNumber(text, style);
  return typed.kind === 'number' && isEnteredDecimal(typed.value) ? typed.value : null;
}

/**
 * Why a typed amount cannot be read as one, as a translation key: nothing typed, the other
 * decimal mark (named in words, "use a comma"), or `invalid` for anything else; null when it is
 * a positive amount.
 */
export function enteredProblem(text: string, style: NumberStyle, invalid: string): string | null {
  const typed = readTypedNumber(text, style);
  if (typed.kind === 'empty') return 'validation.required';
  if (typed.kind === 'problem' && typed.key === 'numberInput.otherMark') return typed.key;
  return typed.kind === 'number' && isEnteredDecimal(typed.value) ? null : invalid;
}

/**
 * A typed price that may be left empty (a take profit or stop loss not set): its plain decimal,
 * '' for none, or the translation key of why it is not a price.
 */
export function enteredPrice(
  text: string,
  style: NumberStyle,
): { readonly value: string } | { readonly problem: string } {
  const typed = readTypedNumber(text, style);
  if (typed.kind === 'empty') return { value: '' };
  if (typed.kind === 'problem' && typed.key === 'numberInput.otherMark') {
    return { problem: typed.key };
  }
  if (typed.kind === 'number' && isOptionalPrice(typed.value)) return { value: typed.value };
  return { problem: 'positionActions.errors.priceInvalid' };
}

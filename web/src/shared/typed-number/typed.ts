import { $language, HTML_LANG } from '#shared/i18n';
import { localizeDecimal, numberStyleOf, type NumberStyle } from '#shared/format';

/**
 * What the reader typed in a number field, read in their language's style: nothing yet, a number
 * (as the plain decimal string the protocol takes: "1350.5", "-0.25"), or a problem to show next
 * to the field as a translation key.
 */
export type TypedNumber =
  | { readonly kind: 'empty' }
  | { readonly kind: 'number'; readonly value: string }
  | { readonly kind: 'problem'; readonly key: TypedNumberProblem };

/**
 * - `otherMark`: the other language's decimal mark ("10.5" in German, "10,5" in English): the
 *   text names this language's mark with an example;
 * - `notNumber`: anything else that is not a number.
 */
export type TypedNumberProblem = 'numberInput.otherMark' | 'numberInput.notNumber';

/** The app language's number style, for models that read or prefill number fields. */
export const $numberStyle = $language.map((language) => numberStyleOf(HTML_LANG[language]));

const FULL_WIDTH = /[０-９．，－＋]/g;
const halfWidth = (text: string) =>
  text.replace(FULL_WIDTH, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0));
/** spaces of every width: typed between groups, or the group mark itself (French) */
const SPACES = /[\s\u00a0\u2009\u202f]/g;
const SPACE = /^[\s\u00a0\u2009\u202f]$/;
const SIGN = /^[-+\u2212]/;
const DIGITS = /^\d*$/;

/**
 * Reads a number as the reader typed it: their decimal mark, their group mark where they put
 * groups of three, spaces anywhere, full-width digits (a Japanese or Chinese keyboard), a sign.
 * The other mark is never guessed at: "10.5" in German is a mistake explained in words, not ten
 * and a half nor 105. Digits are kept as typed, so nothing is rounded on the way.
 */
export function readTypedNumber(text: string, style: NumberStyle): TypedNumber {
  let rest = halfWidth(text).replace(SPACES, '');
  if (rest === '') return { kind: 'empty' };
  const sign = SIGN.exec(rest)?.[0];
  if (sign !== undefined) rest = rest.slice(1);
  const negative = sign === '-' || sign === '\u2212';
  const decimal = style.decimal;
  const other = decimal === '.' ? ',' : '.';
  // a group mark that is a space was taken out with the spaces
  const group = SPACE.test(style.group) ? null : style.group;

  const parts = rest.split(decimal);
  if (parts.length > 2) return problem('numberInput.notNumber');
  const [typedWhole = '', fraction = ''] = parts;
  if (!DIGITS.test(fraction)) return problem('numberInput.notNumber');

  let whole = typedWhole;
  if (group !== null && whole.includes(group)) {
    // the reader's own grouping, where it really groups thousands
    if (!new RegExp(`^\\d{1,3}(?:${escape(group)}\\d{3})+$`).test(whole)) {
      return mistaken(whole, parts.length, other);
    }
    whole = whole.split(group).join('');
  }
  if (!DIGITS.test(whole)) return mistaken(whole, parts.length, other);
  if (whole === '' && fraction === '') return problem('numberInput.notNumber');

  const digits = whole.replace(/^0+(?=\d)/, '') || '0';
  const value = fraction === '' ? digits : `${digits}.${fraction}`;
  const zero = /^0(?:\.0*)?$/.test(value);
  return { kind: 'number', value: negative && !zero ? `-${value}` : value };
}

/** The plain decimal the protocol takes for what was typed; the text itself when it is not one. */
export function typedValue(text: string, style: NumberStyle): string {
  const typed = readTypedNumber(text, style);
  return typed.kind === 'number' ? typed.value : text.trim();
}

/** A plain decimal ("0.2803", from the server or a Max button) as the reader would type it. */
export function asTyped(plain: string, style: NumberStyle): string {
  return localizeDecimal(plain, { ...style, groupFrom: Number.POSITIVE_INFINITY });
}

/** "0.00" in the reader's style: the placeholder of an amount field. */
export const zeroAmount = (style: NumberStyle): string => `0${style.decimal}00`;

/** One mark of the other style where this one has none: "10.5" in German, "10,5" in English. */
function mistaken(whole: string, parts: number, other: string): TypedNumber {
  const once = whole.split(other).length === 2;
  const digitsOnly = DIGITS.test(whole.replace(other, ''));
  return problem(
    once && digitsOnly && parts === 1 ? 'numberInput.otherMark' : 'numberInput.notNumber',
  );
}

const problem = (key: TypedNumberProblem): TypedNumber => ({ kind: 'problem', key });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

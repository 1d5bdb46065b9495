import {
  asPercent,
  ENGLISH_NUMBERS,
  formatAmount,
  localizeDecimal,
  numberStyleOf,
  type NumberStyle,
} from '#shared/format';
import Decimal from 'decimal.js';

/** Which way a signed value points. */
export type Direction = 'up' | 'down' | 'flat';

const decimalOf = (value: string | null | undefined): Decimal | null => {
  if (value === null || value === undefined || value.trim() === '') return null;
  try {
    const decimal = new Decimal(value);
    return decimal.isFinite() ? decimal : null;
  } catch {
    return null;
  }
};

/** A plain decimal string as the wire carries it: optional minus, digits, optional fraction. */
const PLAIN_DECIMAL = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?$/;

/** The sign of a decimal string; 'flat' for zero and for anything that is not a number. */
export function directionOf(value: string | null | undefined): Direction {
  const plain = value ? PLAIN_DECIMAL.exec(value) : null;
  if (plain) {
    // read from the digits: this runs for every row on every tick
    if (!/[1-9]/.test(`${plain[2] ?? ''}${plain[3] ?? ''}`)) return 'flat';
    return plain[1] === '-' ? 'down' : 'up';
  }
  const decimal = decimalOf(value);
  if (decimal === null || decimal.isZero()) return 'flat';
  return decimal.isNegative() ? 'down' : 'up';
}

/**
 * A decimal string with `decimals` places and thousands separators, as formatAmount writes it,
 * in the language's `style`. A value that already has exactly that many places (prices come so
 * from the server) is only grouped, without a Decimal: the list formats every price on every tick.
 */
function fixed(value: string, decimals: number, style: NumberStyle): string {
  const plain = PLAIN_DECIMAL.exec(value);
  const fraction = plain?.[3];
  if (plain === null || (fraction?.length ?? 0) !== decimals || !/[1-9]/.test(value)) {
    return formatAmount(value, decimals, style);
  }
  return localizeDecimal(value, style);
}

/**
 * Compares two plain decimal strings by their digits, without a Decimal (the list compares
 * every price on every tick): -1, 0 or 1; null when either is not a plain decimal.
 */
function comparePlain(a: string, b: string): -1 | 0 | 1 | null {
  const left = PLAIN_DECIMAL.exec(a);
  const right = PLAIN_DECIMAL.exec(b);
  if (left === null || right === null) return null;
  const [, leftSign = '', leftWhole = '', leftFraction = ''] = left;
  const [, rightSign = '', rightWhole = '', rightFraction = ''] = right;
  const leftZero = !/[1-9]/.test(`${leftWhole}${leftFraction}`);
  const rightZero = !/[1-9]/.test(`${rightWhole}${rightFraction}`);
  const leftNegative = leftSign === '-' && !leftZero;
  const rightNegative = rightSign === '-' && !rightZero;
  if (leftNegative !== rightNegative) return leftNegative ? -1 : 1;
  // the same sign: compare the magnitudes, then flip for negatives
  let magnitude: -1 | 0 | 1 = 0;
  if (leftWhole.length !== rightWhole.length) {
    magnitude = leftWhole.length < rightWhole.length ? -1 : 1;
  } else {
    const places = Math.max(leftFraction.length, rightFraction.length);
    const leftDigits = `${leftWhole}${leftFraction.padEnd(places, '0')}`;
    const rightDigits = `${rightWhole}${rightFraction.padEnd(places, '0')}`;
    if (leftDigits !== rightDigits) magnitude = leftDigits < rightDigits ? -1 : 1;
  }
  return leftNegative && magnitude !== 0 ? (magnitude === 1 ? -1 : 1) : magnitude;
}

/**
 * Compares two decimal strings: -1, 0 or 1; null when either is not a number. Reads plain
 * decimals from their digits (live rankings compare every symbol on every tick).
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 | null {
  const plain = comparePlain(a, b);
  if (plain !== null) return plain;
  const left = decimalOf(a);
  const right = decimalOf(b);
  if (left === null || right === null) return null;
  const compared = left.comparedTo(right);
  return compared > 0 ? 1 : compared < 0 ? -1 : 0;
}

/** Which way a price moved from `previous` to `next`; 'flat' when either is unknown. */
export function moveOf(previous: string | null | undefined, next: string | null | undefined) {
  if (previous === next) return 'flat';
  const plain =
    previous === null || previous === undefined || next === null || next === undefined
      ? null
      : comparePlain(next, previous);
  if (plain !== null) return plain > 0 ? 'up' : plain < 0 ? 'down' : 'flat';
  const from = decimalOf(previous);
  const to = decimalOf(next);
  if (from === null || to === null) return 'flat';
  const compared = to.comparedTo(from);
  if (compared > 0) return 'up';
  if (compared < 0) return 'down';
  return 'flat';
}

/** What a screen writes where a number is not known (yet). */
export const NO_VALUE = '--';

/** `value` with `decimals` places; NO_VALUE for nothing and for what is not a number. */
function fixedOrNone(
  value: string | null | undefined,
  decimals: number,
  style: NumberStyle,
): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (PLAIN_DECIMAL.test(value)) return fixed(value, decimals, style);
  return decimalOf(value) === null ? NO_VALUE : formatAmount(value, decimals, style);
}

/** A price with the symbol's decimals and thousands separators: 97,250.50 (97.250,50 in German). */
export function formatPrice(
  value: string | null | undefined,
  precision: number,
  style: NumberStyle = ENGLISH_NUMBERS,
): string {
  return fixedOrNone(value, precision, style);
}

/** A signed percentage from a change rate that travels as a percentage: +1.29%, -0,45 %. */
export function formatChangeRate(
  value: string | null | undefined,
  style: NumberStyle = ENGLISH_NUMBERS,
): string {
  const formatted = fixedOrNone(value, 2, style);
  if (formatted === NO_VALUE) return NO_VALUE;
  // the sign of what is shown, after rounding: 0.001 shows as 0.00, without a plus
  const up = !formatted.startsWith('-') && /[1-9]/.test(formatted);
  return asPercent(`${up ? '+' : ''}${formatted}`, style);
}

/** The formatter `formatVolume` takes: the language's compact style (see NumberStyle). */
export const volumeFormat = (locale: string): Intl.NumberFormat => numberStyleOf(locale).compact;

/**
 * A large quantity in short form, in the formatter's language: 18.23K, 1.77M (1.77万 in
 * Chinese). The decimal string goes to Intl as it is, so no float rounding creeps in.
 */
export function formatVolume(value: string | null | undefined, format: Intl.NumberFormat): string {
  if (value !== null && value !== undefined && PLAIN_DECIMAL.test(value)) {
    return format.format(value as Intl.StringNumericLiteral);
  }
  const decimal = decimalOf(value);
  if (decimal === null) return NO_VALUE;
  return format.format(decimal.toFixed() as Intl.StringNumericLiteral);
}

/** How many volumes a `cachedVolumeFormat` remembers before it starts afresh. */
const VOLUME_CACHE_SIZE = 1_000;

/**
 * `formatVolume` with `format`, remembering what it wrote: a live list shows the same volumes
 * tick after tick, and compact formatting is among the slower parts of a row.
 */
export function cachedVolumeFormat(
  format: Intl.NumberFormat,
): (value: string | null | undefined) => string {
  const written = new Map<string, string>();
  return (value) => {
    if (value === null || value === undefined) return NO_VALUE;
    const known = written.get(value);
    if (known !== undefined) return known;
    const text = formatVolume(value, format);
    if (written.size >= VOLUME_CACHE_SIZE) written.clear();
    written.set(value, text);
    return text;
  };
}

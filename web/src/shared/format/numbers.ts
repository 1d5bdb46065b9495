/**
 * How a language writes numbers: its group and decimal separators, when it starts grouping, where
 * the percent sign goes, and its compact form for large quantities. Read once per language from
 * Intl, then applied to decimal strings by hand: a price never passes through a binary float,
 * and the live list formats every price on every tick without an Intl call.
 */
export interface NumberStyle {
  /** BCP 47 tag the style was read for */
  readonly locale: string;
  readonly group: string;
  readonly decimal: string;
  /** how many digits a whole part needs before it is grouped (Spanish groups from 10 000) */
  readonly groupFrom: number;
  /** what comes before and after the number in a percentage ("", " %" in German) */
  readonly percentPrefix: string;
  readonly percentSuffix: string;
  /** compact quantities: 18.23K, 1,77 Mio., 1.77万 */
  readonly compact: Intl.NumberFormat;
}

const styles = new Map<string, NumberStyle>();

const partOf = (parts: Intl.NumberFormatPart[], type: Intl.NumberFormatPartTypes) =>
  parts.find((part) => part.type === type)?.value;

/** What Intl says of a language's numbers. */
function readNumberStyle(locale: string): Omit<NumberStyle, 'locale'> {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  const four = new Intl.NumberFormat(locale).formatToParts(1234);
  const percent = new Intl.NumberFormat(locale, { style: 'percent' }).formatToParts(0.5);
  const number = percent.findIndex((part) => part.type === 'integer');
  const around = (list: Intl.NumberFormatPart[]) => list.map((part) => part.value).join('');
  return {
    group: partOf(parts, 'group') ?? ',',
    decimal: partOf(parts, 'decimal') ?? '.',
    groupFrom: partOf(four, 'group') === undefined ? 5 : 4,
    percentPrefix: around(percent.slice(0, Math.max(0, number))),
    percentSuffix: around(percent.slice(number + 1)),
    // at most two decimals and four digits, whichever says less: 18.23K, 212.5K, 212.500 in
    // German (which has no short thousands), so the longest figure fits its column
    compact: new Intl.NumberFormat(locale, {
      notation: 'compact',
      maximumFractionDigits: 2,
      maximumSignificantDigits: 4,
      roundingPriority: 'lessPrecision',
    }),
  };
}

/**
 * The number style of a language (its HTML `lang`), read from Intl once and kept. Read when a
 * number is first written, not when asked for: the page's first Intl call starts ICU, some 40 ms
 * on a phone (4× CPU), which modules that keep a style (the English default, the language's store)
 * would otherwise pay while they load, before the page's first calls can leave. Home's first
 * numbers are drawn after its banner, so there it is off the way to the first paint altogether.
 */
export function numberStyleOf(locale: string): NumberStyle {
  const known = styles.get(locale);
  if (known !== undefined) return known;
  let read: Omit<NumberStyle, 'locale'> | undefined;
  const style = () => (read ??= readNumberStyle(locale));
  const lazy: NumberStyle = {
    locale,
    get group() {
      return style().group;
    },
    get decimal() {
      return style().decimal;
    },
    get groupFrom() {
      return style().groupFrom;
    },
    get percentPrefix() {
      return style().percentPrefix;
    },
    get percentSuffix() {
      return style().percentSuffix;
    },
    get compact() {
      return style().compact;
    },
  };
  styles.set(locale, lazy);
  return lazy;
}

/** English, the SPEC's default: 97,250.50. */
export const ENGLISH_NUMBERS: NumberStyle = numberStyleOf('en');

/**
 * A plain decimal string ("-97250.50", as decimal.js or the wire writes it) in the style's
 * separators: the digits are kept as they are, only grouped and punctuated.
 */
export function localizeDecimal(plain: string, style: NumberStyle): string {
  const negative = plain.startsWith('-');
  const [whole = '0', fraction] = (negative ? plain.slice(1) : plain).split('.');
  const grouped =
    whole.length >= style.groupFrom ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, style.group) : whole;
  const sign = negative ? '-' : '';
  return fraction === undefined
    ? `${sign}${grouped}`
    : `${sign}${grouped}${style.decimal}${fraction}`;
}

/** A formatted number as a percentage in the style: "+1.29%", "+1,29 %". */
export const asPercent = (formatted: string, style: NumberStyle): string =>
  `${style.percentPrefix}${formatted}${style.percentSuffix}`;

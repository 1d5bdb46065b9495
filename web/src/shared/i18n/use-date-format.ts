import { useUnit } from 'effector-react';
import { HTML_LANG } from './languages.ts';
import { $language } from './model.ts';

/**
 * The kinds of date and time the app writes. Every screen (announcements, IPO, the chart, the
 * live status...) names one of these instead of its own Intl options, so a language has one date
 * style and one time style everywhere: in Japanese always 2026年11月24日 and 05:07, never
 * 2026/11/24 beside it or 午前5:07.
 */
export type DateStyle =
  | 'date'
  | 'dateTime'
  | 'monthDay'
  | 'monthDayTime'
  | 'monthYear'
  | 'month'
  | 'year'
  | 'time'
  | 'timeSeconds';

const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const DAY = { month: 'short', day: 'numeric' } as const;

/** The one place that decides what each kind looks like (Intl then writes it per language). */
export const DATE_STYLES: Readonly<Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  date: { year: 'numeric', ...DAY },
  dateTime: { year: 'numeric', ...DAY, ...TIME },
  monthDay: DAY,
  monthDayTime: { ...DAY, ...TIME },
  monthYear: { year: 'numeric', month: 'short' },
  month: { month: 'short' },
  year: { year: 'numeric' },
  time: TIME,
  timeSeconds: { ...TIME, second: '2-digit' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of a kind of date in a language (its HTML `lang`), made once and kept. */
export function dateFormatOf(locale: string | undefined, style: DateStyle): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${style}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, DATE_STYLES[style]);
    formats.set(key, format);
  }
  return format;
}

/**
 * From one date to another, both written in the same style (Intl's own ranges switch some
 * languages to another style: 2026/11/24 in Chinese and Japanese).
 */
export const formatDateRange = (
  format: Intl.DateTimeFormat,
  from: number | Date,
  to: number | Date,
): string => `${format.format(from)} – ${format.format(to)}`;

/** A kind of date in the app language. */
export function useDateFormat(style: DateStyle): Intl.DateTimeFormat {
  return dateFormatOf(HTML_LANG[useUnit($language)], style);
}

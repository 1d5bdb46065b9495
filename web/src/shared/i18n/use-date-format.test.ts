import { describe, expect, it } from 'vitest';
import { dateFormatOf, formatDateRange } from './use-date-format.ts';

const AT = Date.UTC(2026, 10, 24, 12, 7);
const LATER = Date.UTC(2026, 10, 28, 15, 0);

describe('one date and time style per language', () => {
  it.each(['zh-Hant', 'ja'])('writes %s dates with 年月日 and times in 24 hours', (locale) => {
    const written = [
      dateFormatOf(locale, 'date').format(AT),
      dateFormatOf(locale, 'dateTime').format(AT),
      dateFormatOf(locale, 'monthDay').format(AT),
      dateFormatOf(locale, 'monthDayTime').format(AT),
      dateFormatOf(locale, 'timeSeconds').format(AT),
      formatDateRange(dateFormatOf(locale, 'dateTime'), AT, LATER),
    ];
    for (const text of written) {
      expect(text).not.toMatch(/\d{4}\/\d{1,2}\/\d{1,2}/);
      expect(text).not.toMatch(/午前|午後|上午|下午|清晨|凌晨|中午|晚上|早上/);
    }
    expect(dateFormatOf(locale, 'date').format(AT)).toMatch(/^2026年11月24日$/);
  });
});

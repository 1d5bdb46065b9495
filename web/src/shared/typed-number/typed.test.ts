import { describe, expect, it } from 'vitest';
import { HTML_LANG } from '#shared/i18n';
import { numberStyleOf } from '#shared/format';
import { asTyped, readTypedNumber, typedValue, zeroAmount } from './typed.ts';

const style = (language: keyof typeof HTML_LANG) => numberStyleOf(HTML_LANG[language]);
const number = (value: string) => ({ kind: 'number', value });
const OTHER = { kind: 'problem', key: 'numberInput.otherMark' };
const NOT = { kind: 'problem', key: 'numberInput.notNumber' };

interface Cases {
  /** what a reader types → what the protocol is sent */
  readonly good: readonly (readonly [string, string])[];
  /** the other language's decimal mark */
  readonly other: readonly string[];
  readonly bad: readonly string[];
}

/** per language: what a reader types → what the protocol is sent, and their mistakes */
const CASES: Record<keyof typeof HTML_LANG, Cases> = {
  en: {
    good: [
      ['10.5', '10.5'],
      ['1,350.25', '1350.25'],
      ['1,234,567', '1234567'],
      ['.5', '0.5'],
      ['1 350.5', '1350.5'],
    ],
    other: ['10,5', '0,25'],
    bad: ['1,35.5', '10.5.5', '1,2,3', 'ten', '1e5', '.', '12a'],
  },
  de: {
    good: [
      ['10,5', '10.5'],
      ['1.350,25', '1350.25'],
      ['1.350', '1350'],
      [',5', '0.5'],
      ['1 350,5', '1350.5'],
    ],
    other: ['10.5', '0.25', '1350.25'],
    bad: ['10,5,5', '1.35,5', '1,2.3', 'zehn', '12,5a'],
  },
  fr: {
    good: [
      ['10,5', '10.5'],
      ['1 350,25', '1350.25'],
      ['1\u202f350,25', '1350.25'],
      ['1\u00a0350', '1350'],
    ],
    other: ['10.5', '1350.25'],
    bad: ['10,5,5', '1.350,5', 'dix'],
  },
  es: {
    good: [
      ['10,5', '10.5'],
      ['1350,25', '1350.25'],
      ['12.350,25', '12350.25'],
    ],
    other: ['10.5'],
    bad: ['10,5,5', '1.35,5'],
  },
  it: {
    good: [
      ['10,5', '10.5'],
      ['1.350,25', '1350.25'],
    ],
    other: ['10.5'],
    bad: ['10,5,5'],
  },
  pt: {
    good: [
      ['10,5', '10.5'],
      ['1.350,25', '1350.25'],
    ],
    other: ['10.5'],
    bad: ['10,5,5'],
  },
  zh: {
    good: [
      ['10.5', '10.5'],
      ['1,350.25', '1350.25'],
      ['１０．５', '10.5'],
      ['１，３５０', '1350'],
    ],
    other: ['10,5'],
    bad: ['十'],
  },
  jp: {
    good: [
      ['10.5', '10.5'],
      ['1,350.25', '1350.25'],
      ['１２３．４５', '123.45'],
    ],
    other: ['10,5'],
    bad: ['十'],
  },
};

describe('a number as the reader types it', () => {
  for (const [language, { good, other, bad }] of Object.entries(CASES)) {
    const its = style(language as keyof typeof HTML_LANG);
    describe(language, () => {
      it.each(good)('reads %j as %s', (typed, plain) => {
        expect(readTypedNumber(typed, its)).toEqual(number(plain));
      });
      it.each(other)("explains that %j uses the other language's decimal mark", (typed) => {
        expect(readTypedNumber(typed, its)).toEqual(OTHER);
      });
      it.each(bad)('refuses %j as not a number', (typed) => {
        expect(readTypedNumber(typed, its)).toEqual(NOT);
      });
      it('writes a Max figure so that it reads back the same, and the placeholder likewise', () => {
        for (const plain of ['0.2803', '12345.67', '100', '-1.5']) {
          expect(readTypedNumber(asTyped(plain, its), its)).toEqual(number(plain));
        }
        expect(readTypedNumber(zeroAmount(its), its)).toEqual(number('0.00'));
      });
    });
  }

  it('keeps every digit typed, leading zeros aside, and a sign', () => {
    const en = style('en');
    expect(readTypedNumber('000.12345678901', en)).toEqual(number('0.12345678901'));
    expect(readTypedNumber('007', en)).toEqual(number('7'));
    expect(readTypedNumber('10.', en)).toEqual(number('10'));
    expect(readTypedNumber('-2.5', en)).toEqual(number('-2.5'));
    expect(readTypedNumber('\u22122.5', en)).toEqual(number('-2.5'));
    expect(readTypedNumber('+2.5', en)).toEqual(number('2.5'));
    expect(readTypedNumber('-0.0', en)).toEqual(number('0.0'));
  });

  it('is empty for nothing or only spaces', () => {
    expect(readTypedNumber('', style('de'))).toEqual({ kind: 'empty' });
    expect(readTypedNumber(' \u00a0 ', style('fr'))).toEqual({ kind: 'empty' });
  });

  it('gives the protocol the plain decimal, or the text when it is not a number', () => {
    expect(typedValue(' 1.350,5 ', style('de'))).toBe('1350.5');
    expect(typedValue(' 10.5 ', style('de'))).toBe('10.5');
  });
});

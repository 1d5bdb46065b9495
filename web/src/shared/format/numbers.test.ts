import { describe, expect, it, vi } from 'vitest';
import { formatAmount } from './format.ts';
import { asPercent, localizeDecimal, numberStyleOf } from './numbers.ts';

const de = numberStyleOf('de');
const fr = numberStyleOf('fr');
const es = numberStyleOf('es');
const en = numberStyleOf('en');

describe('one number style per language', () => {
  it('groups and punctuates a decimal string in the language, digits untouched', () => {
    expect(localizeDecimal('97250.50', en)).toBe('97,250.50');
    expect(localizeDecimal('97250.50', de)).toBe('97.250,50');
    expect(localizeDecimal('-1234567.125', de)).toBe('-1.234.567,125');
    expect(localizeDecimal('97250.50', fr)).toBe('97\u202f250,50');
    // Spanish groups from five digits
    expect(localizeDecimal('1234.5', es)).toBe('1234,5');
    expect(localizeDecimal('12345.5', es)).toBe('12.345,5');
    // more digits than a float holds: kept exactly
    expect(localizeDecimal('123456789012345678.123456789', de)).toBe(
      '123.456.789.012.345.678,123456789',
    );
  });

  it('writes amounts and percentages in the same style', () => {
    expect(formatAmount('0.1', 2, de)).toBe('0,10');
    expect(formatAmount('-0.001', 2, de)).toBe('0,00');
    expect(formatAmount(null, 2, de)).toBe('0,00');
    expect(asPercent('+1,29', de)).toBe('+1,29\u00a0%');
    expect(asPercent('+1.29', en)).toBe('+1.29%');
  });
});

describe('a style is read from Intl when first used', () => {
  it('costs no Intl call until a number is written, then one reading for good', () => {
    const formats = vi.spyOn(Intl, 'NumberFormat');
    try {
      // a language no other test here has asked for
      const italian = numberStyleOf('it');
      expect(formats).not.toHaveBeenCalled();
      expect(numberStyleOf('it')).toBe(italian);
      expect(localizeDecimal('1234567.5', italian)).toBe('1.234.567,5');
      const calls = formats.mock.calls.length;
      expect(calls).toBeGreaterThan(0);
      expect(asPercent('+1,5', italian)).toBe('+1,5%');
      expect(italian.compact.format(18230)).toBe('18,23K');
      expect(formats).toHaveBeenCalledTimes(calls);
    } finally {
      formats.mockRestore();
    }
  });
});

import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatLimit } from './format.ts';
import { numberStyleOf } from './numbers.ts';

describe('formatAmount', () => {
  it.each([
    ['1234567.891', '1,234,567.89'],
    ['0.005', '0.01'],
    ['-1234.5', '-1,234.50'],
    ['-0.001', '0.00'],
    ['100', '100.00'],
    ['0.1', '0.10'],
    ['123456789012345678.99', '123,456,789,012,345,678.99'],
  ])('%s → %s', (value, expected) => {
    expect(formatAmount(value)).toBe(expected);
  });

  it('writes 0.00 for nothing', () => {
    expect(formatAmount(null)).toBe('0.00');
    expect(formatAmount(undefined)).toBe('0.00');
    expect(formatAmount('')).toBe('0.00');
    expect(formatAmount('abc')).toBe('0.00');
  });

  it('keeps decimals exact where floats would not', () => {
    expect(formatAmount(new Decimal('0.1').plus('0.2'))).toBe('0.30');
    expect(formatAmount('1.005')).toBe('1.01');
    expect(formatAmount('2.5', 0)).toBe('3');
  });
});

describe('formatLimit', () => {
  it('writes every digit of a limit, never rounding it up, with at least two decimals', () => {
    expect(formatLimit('0.2856')).toBe('0.2856');
    expect(formatLimit('0.28560000')).toBe('0.2856');
    expect(formatLimit('12')).toBe('12.00');
    expect(formatLimit('1350.5', 2, numberStyleOf('de'))).toBe('1.350,50');
    expect(formatLimit(null)).toBe('0.00');
    expect(formatLimit('abc')).toBe('0.00');
  });
});

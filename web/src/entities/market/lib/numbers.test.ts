import { numberStyleOf } from '#shared/format';
import { describe, expect, it } from 'vitest';
import {
  cachedVolumeFormat,
  compareDecimals,
  directionOf,
  formatChangeRate,
  formatPrice,
  formatVolume,
  moveOf,
  NO_VALUE,
  volumeFormat,
} from './numbers.ts';

describe('prices as the market screens write them', () => {
  it.each([
    ['97250.5', 2, '97,250.50'],
    ['97250.50', 2, '97,250.50'],
    ['1234567.891', 2, '1,234,567.89'],
    ['1.086891', 5, '1.08689'],
    ['0.45220', 5, '0.45220'],
    ['1.005', 2, '1.01'],
    ['166.25', 3, '166.250'],
    ['-0.001', 2, '0.00'],
    ['-1234.50', 2, '-1,234.50'],
    ['12', 0, '12'],
  ])('%s with %i decimals → %s', (value, precision, shown) => {
    expect(formatPrice(value, precision)).toBe(shown);
  });

  it('writes a placeholder when there is no price', () => {
    expect(formatPrice(undefined, 2)).toBe(NO_VALUE);
    expect(formatPrice(null, 2)).toBe(NO_VALUE);
    expect(formatPrice('', 2)).toBe(NO_VALUE);
    expect(formatPrice('n/a', 2)).toBe(NO_VALUE);
  });
});

describe('change rates', () => {
  it.each([
    ['1.29', '+1.29%'],
    ['1.2', '+1.20%'],
    ['-0.45', '-0.45%'],
    ['0', '0.00%'],
    ['-0.001', '0.00%'],
    ['0.005', '+0.01%'],
    ['1234.5', '+1,234.50%'],
  ])('%s → %s', (value, shown) => {
    expect(formatChangeRate(value)).toBe(shown);
  });

  it('point up, down or nowhere', () => {
    expect(directionOf('1.29')).toBe('up');
    expect(directionOf('-0.01')).toBe('down');
    expect(directionOf('0.00')).toBe('flat');
    expect(directionOf('-0.00')).toBe('flat');
    expect(directionOf('1e-3')).toBe('up');
    expect(directionOf(undefined)).toBe('flat');
    expect(directionOf('abc')).toBe('flat');
  });
});

describe('price moves', () => {
  it('compare decimals exactly', () => {
    expect(moveOf('0.1', '0.10000000000000001')).toBe('up');
    expect(moveOf('97250.50', '97250.5')).toBe('flat');
    expect(moveOf('100', '99.99')).toBe('down');
    expect(moveOf(undefined, '1')).toBe('flat');
  });

  it.each([
    ['97250.50', '97250.51', 'up'],
    ['97250.51', '97250.5', 'down'],
    ['999.99', '1000.00', 'up'],
    ['1000', '999.999', 'down'],
    ['0.00', '-0.00', 'flat'],
    ['-0.01', '0.00', 'up'],
    ['-1.50', '-1.49', 'up'],
    ['-1.49', '-10.00', 'down'],
    ['-2', '3', 'up'],
    ['12.5', '12.50', 'flat'],
    ['1e2', '100.01', 'up'],
  ] as const)('from %s to %s: %s', (previous, next, move) => {
    expect(moveOf(previous, next)).toBe(move);
  });
});

describe('volumes', () => {
  it('are short, in the language asked for', () => {
    expect(formatVolume('18234.5521', volumeFormat('en'))).toBe('18.23K');
    expect(formatVolume('1768123456.78', volumeFormat('en'))).toBe('1.77B');
    expect(formatVolume('950', volumeFormat('en'))).toBe('950');
    // German has no short thousands: four digits at most, so it fits the column
    expect(formatVolume('123456', volumeFormat('de'))).toBe('123.500');
    expect(formatVolume('212463.76', volumeFormat('de'))).toBe('212.500');
    expect(formatVolume('1768123456.78', volumeFormat('de'))).toBe('1,77\u00a0Mrd.');
    expect(formatVolume(undefined, volumeFormat('en'))).toBe(NO_VALUE);
    expect(formatVolume('1e6', volumeFormat('en'))).toBe('1M');
    expect(formatVolume('lots', volumeFormat('en'))).toBe(NO_VALUE);
  });

  it('read the same when written again from memory', () => {
    const format = cachedVolumeFormat(volumeFormat('en'));
    for (const round of [1, 2]) {
      expect(
        [format('18234.5521'), format('950'), format(null), format('x')],
        `round ${String(round)}`,
      ).toEqual(['18.23K', '950', NO_VALUE, NO_VALUE]);
    }
  });
});

describe('comparing decimals', () => {
  it('orders by value whatever the places, signs and writing', () => {
    expect(compareDecimals('10.25', '9.5')).toBe(1);
    expect(compareDecimals('1.50', '1.5')).toBe(0);
    expect(compareDecimals('-3.1', '-0.2')).toBe(-1);
    expect(compareDecimals('-0.00', '0')).toBe(0);
    expect(compareDecimals('100', '99.999')).toBe(1);
    expect(compareDecimals('1e2', '99')).toBe(1);
    expect(compareDecimals('lots', '1')).toBeNull();
  });
});

describe('in the language of the app', () => {
  const de = numberStyleOf('de');
  it('writes prices and changes in German style, like the volumes', () => {
    expect(formatPrice('97250.50', 2, de)).toBe('97.250,50');
    expect(formatPrice('1.0844', 5, de)).toBe('1,08440');
    expect(formatChangeRate('1.29', de)).toBe('+1,29\u00a0%');
    expect(formatChangeRate('-0.004', de)).toBe('0,00\u00a0%');
    expect(formatChangeRate('1.29')).toBe('+1.29%');
  });
});

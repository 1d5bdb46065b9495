import { describe, expect, it } from 'vitest';
import {
  breakEvenWinRate,
  optionEstimate,
  optionOutcome,
  optionPayout,
  optionProfit,
  optionResultProfit,
} from './options.ts';

describe('options formulas (FORMULAS.md, Options)', () => {
  it('pays stake × rate on a win, to the cent and below', () => {
    expect(optionProfit('100', '85').toFixed()).toBe('85');
    expect(optionPayout('100', '85').toFixed()).toBe('185');
    expect(optionProfit('10.01', '85').toFixed()).toBe('8.5085');
    expect(optionPayout('12.34', '88').toFixed()).toBe('23.1992');
    // money scale: 8 decimals, half up
    expect(optionProfit('0.00000001', '50').toFixed()).toBe('0.00000001');
    expect(optionProfit('0.00000001', '49').toFixed()).toBe('0');
  });

  it('breaks even at 1 / (1 + rate), rounded up to two decimals', () => {
    expect(breakEvenWinRate('100').toFixed(2)).toBe('50.00');
    expect(breakEvenWinRate('85').toFixed(2)).toBe('54.06'); // 54.054…
    expect(breakEvenWinRate('80').toFixed(2)).toBe('55.56'); // 55.555…
    expect(breakEvenWinRate('88').toFixed(2)).toBe('53.20'); // 53.191…
  });

  it('decides by exit against entry, a tie at one tick’s difference or none', () => {
    expect(optionOutcome('up', '100.00', '100.01')).toBe('win');
    expect(optionOutcome('up', '100.00', '99.99')).toBe('lose');
    expect(optionOutcome('down', '100.00', '99.99')).toBe('win');
    expect(optionOutcome('down', '100.00', '100.01')).toBe('lose');
    expect(optionOutcome('up', '100.00', '100')).toBe('draw');
    expect(optionOutcome('down', '100.0', '100.00')).toBe('draw');
  });

  it('signs the result: +profit, −stake, 0', () => {
    expect(optionResultProfit('win', '100', '85').toFixed()).toBe('85');
    expect(optionResultProfit('lose', '100', '85').toFixed()).toBe('-100');
    expect(optionResultProfit('draw', '100', '85').toFixed()).toBe('0');
    expect(optionEstimate('down', '50', '80', '97180.5', '97180.4').toFixed()).toBe('40');
    expect(optionEstimate('down', '50', '80', '97180.5', '97180.6').toFixed()).toBe('-50');
  });
});

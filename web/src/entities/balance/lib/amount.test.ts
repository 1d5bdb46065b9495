import { ENGLISH_NUMBERS as EN, numberStyleOf } from '#shared/format';
import { describe, expect, it } from 'vitest';
import { amountProblem } from './amount.ts';

const DE = numberStyleOf('de');

describe('an entered amount', () => {
  it('is required', () => {
    expect(amountProblem('  ', EN)).toBe('validation.required');
  });

  it('must be a positive number with at most 8 decimals', () => {
    expect(amountProblem('abc', EN)).toBe('numberInput.notNumber');
    expect(amountProblem('0', EN)).toBe('funds.errors.amountInvalid');
    expect(amountProblem('-1', EN)).toBe('funds.errors.amountInvalid');
    expect(amountProblem('1.123456789', EN)).toBe('funds.errors.amountInvalid');
    expect(amountProblem('1.12345678', EN)).toBeNull();
    expect(amountProblem('1.5', EN)).toBeNull();
  });

  it("is read in the reader's style, the other decimal mark explained", () => {
    expect(amountProblem('10,5', DE)).toBeNull();
    expect(amountProblem('1.350,5', DE, { max: '1350.5' })).toBeNull();
    expect(amountProblem('1.350,51', DE, { max: '1350.5' })).toBe('funds.errors.aboveMax');
    expect(amountProblem('10.5', DE)).toBe('numberInput.otherMark');
    expect(amountProblem('10,5', EN)).toBe('numberInput.otherMark');
  });

  it('keeps its bounds, decimals compared exactly', () => {
    expect(amountProblem('9.99', EN, { min: '10' })).toBe('funds.errors.belowMin');
    expect(amountProblem('10', EN, { min: '10' })).toBeNull();
    expect(amountProblem('100.01', EN, { max: '100' })).toBe('funds.errors.aboveMax');
    expect(amountProblem('100', EN, { max: '100' })).toBeNull();
    expect(amountProblem('0.30000001', EN, { available: '0.3' })).toBe('funds.errors.insufficient');
    expect(amountProblem('0.3', EN, { available: '0.30' })).toBeNull();
  });
});

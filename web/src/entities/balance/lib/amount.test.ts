import { describe, expect, it } from 'vitest';
import { amountProblem } from './amount.ts';

describe('an entered amount', () => {
  it('is required', () => {
    expect(amountProblem('  ')).toBe('validation.required');
  });

  it('must be a positive number with at most 8 decimals', () => {
    expect(amountProblem('abc')).toBe('funds.errors.amountInvalid');
    expect(amountProblem('0')).toBe('funds.errors.amountInvalid');
    expect(amountProblem('1.123456789')).toBe('funds.errors.amountInvalid');
    expect(amountProblem('1.5')).toBeNull();
  });

  it('keeps its bounds, decimals compared exactly', () => {
    expect(amountProblem('9.99', { min: '10' })).toBe('funds.errors.belowMin');
    expect(amountProblem('100.01', { max: '100' })).toBe('funds.errors.aboveMax');
    expect(amountProblem('0.30000001', { available: '0.3' })).toBe('funds.errors.insufficient');
    expect(amountProblem('0.3', { available: '0.30' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ADULT_AGE, birthDateProblem } from './identity-rules.ts';

const NOW = Date.UTC(2026, 10, 27, 21, 0); // 2026-11-27

describe('a birth date', () => {
  it('is a past calendar date', () => {
    expect(birthDateProblem('1990-04-01', NOW)).toBeNull();
    expect(birthDateProblem('2099-01-01', NOW)).toBe('future');
    expect(birthDateProblem('2026-11-27', NOW)).toBe('future');
    expect(birthDateProblem('1990-02-30', NOW)).toBe('malformed');
    expect(birthDateProblem('01/04/1990', NOW)).toBe('malformed');
    expect(birthDateProblem('', NOW)).toBe('malformed');
  });

  it(`is at least ${String(ADULT_AGE)} years ago, counted to the day`, () => {
    expect(ADULT_AGE).toBe(18);
    expect(birthDateProblem('2008-11-27', NOW)).toBeNull();
    expect(birthDateProblem('2008-11-28', NOW)).toBe('minor');
    expect(birthDateProblem('2015-06-01', NOW)).toBe('minor');
    // born on 29 February: adult on 1 March of a common year
    expect(birthDateProblem('2008-02-29', Date.UTC(2026, 1, 28))).toBe('minor');
    expect(birthDateProblem('2008-02-29', Date.UTC(2026, 2, 1))).toBeNull();
  });
});

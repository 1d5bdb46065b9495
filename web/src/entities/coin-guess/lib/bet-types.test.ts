import { describe, expect, it } from 'vitest';
import { betName, drawTraits, sumDistribution } from './bet-types.ts';

const drawOf = (number: number, at: number) => ({
  issue: `20261127-${String(at).padStart(4, '0')}`,
  digits: [0, 0, number],
  number,
  drawn_at: at,
  commitment: 'a'.repeat(64),
  seed: 'b'.repeat(64),
});

describe('the board and the results', () => {
  it('names a sum bet by its number and the others by their id', () => {
    expect(betName('sum_7', 7)).toEqual({ key: 'game.bet.sum', values: { sum: 7 } });
    expect(betName('big_odd', null)).toEqual({ key: 'game.bet.big_odd', values: {} });
  });

  it('reads a sum as big (14–27) or small, odd or even', () => {
    expect(drawTraits(14)).toEqual({ size: 'big', parity: 'even' });
    expect(drawTraits(13)).toEqual({ size: 'small', parity: 'odd' });
  });

  it('counts the sums against the expected share of 1 000 draws', () => {
    const bars = sumDistribution([drawOf(13, 1), drawOf(13, 2), drawOf(0, 3), drawOf(27, 4)]);
    expect(bars).toHaveLength(28);
    expect(bars[13]).toEqual({ sum: 13, count: 2, expected: (4 * 75) / 1000 });
    expect(bars[0]?.count).toBe(1);
    expect(bars.reduce((total, bar) => total + bar.expected, 0)).toBeCloseTo(4);
  });
});

import { ENGLISH_NUMBERS } from '#shared/format';
import { EXAMPLE_OPTION_ORDER } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import {
  chipFigures,
  countdownText,
  durationOfSeconds,
  estimateOf,
  remainingMs,
  signedAmount,
  toneOf,
  winPayout,
} from './figures.ts';

describe('a countdown', () => {
  it('is what is left by the server clock, never below zero', () => {
    expect(remainingMs(61_000, 1_000)).toBe(60_000);
    expect(remainingMs(1_000, 2_000)).toBe(0);
  });

  it('reads as minutes and seconds, then hours, then days, rounding the second up', () => {
    expect(countdownText(42_000)).toBe('0:42');
    expect(countdownText(41_001)).toBe('0:42');
    expect(countdownText(245_000)).toBe('4:05');
    expect(countdownText(3_729_000)).toBe('1:02:09');
    expect(countdownText(2 * 86_400_000 + 3_723_000)).toBe('2d 01:02:03');
  });
});

describe('the figures of a duration and an order', () => {
  it('names a duration in the largest whole unit', () => {
    expect(durationOfSeconds(30)).toEqual({ key: 'options.unit.second', count: 30 });
    expect(durationOfSeconds(180)).toEqual({ key: 'options.unit.minute', count: 3 });
    expect(durationOfSeconds(3600)).toEqual({ key: 'options.unit.hour', count: 1 });
    expect(durationOfSeconds(604_800)).toEqual({ key: 'options.unit.week', count: 1 });
    expect(durationOfSeconds(2_592_000)).toEqual({ key: 'options.unit.month', count: 1 });
  });

  it('shows the payout and the break-even win rate of the formulas', () => {
    // 1 / (1 + 0.80) = 55.555…%, rounded up
    expect(chipFigures({ payout_rate: '80' })).toEqual({ payoutRate: '80', breakEven: '55.56' });
    expect(chipFigures({ payout_rate: '100' }).breakEven).toBe('50.00');
    expect(winPayout('100', '85')).toBe('185.00');
    expect(winPayout('33.33', '85')).toBe('61.66');
  });

  it('estimates a running order at a price: win, loss, or nothing on a tie', () => {
    const order = { ...EXAMPLE_OPTION_ORDER, direction: 'up' as const };
    expect(estimateOf(order, '97250.50')).toBe('85.00');
    expect(estimateOf(order, '97000')).toBe('-100.00');
    expect(estimateOf(order, '97180.00')).toBe('0.00');
    expect(estimateOf({ ...order, direction: 'down' }, '97000')).toBe('85.00');
    expect(estimateOf({ ...order, open_price: null }, '97000')).toBeNull();
  });

  it('signs and tones an amount', () => {
    expect(signedAmount('85', ENGLISH_NUMBERS)).toBe('+85.00');
    expect(signedAmount('-100', ENGLISH_NUMBERS)).toBe('-100.00');
    expect(signedAmount('0.00', ENGLISH_NUMBERS)).toBe('0.00');
    expect(toneOf('85.00')).toBe('profit');
    expect(toneOf('-1')).toBe('loss');
    expect(toneOf('0.00')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { countdownParts } from './use-countdown.ts';

describe('the countdown to the next stage', () => {
  it('splits what is left into days and two-digit hours, minutes and seconds', () => {
    const ms = (((2 * 24 + 3) * 60 + 4) * 60 + 5) * 1000 + 999;
    expect(countdownParts(ms)).toEqual({ days: '2', hours: '03', minutes: '04', seconds: '05' });
    expect(countdownParts(59_000)).toEqual({
      days: '0',
      hours: '00',
      minutes: '00',
      seconds: '59',
    });
  });
});

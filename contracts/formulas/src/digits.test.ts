import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acceptDigits,
  betOdds,
  betPayout,
  betProbability,
  betWins,
  DIGIT_BET_IDS,
  digitSum,
  drawDigits,
  drawDigitsAsync,
  SUM_WAYS,
} from './digits.ts';

const hmacOf = (seedHex: string) => (message: string) =>
  new Uint8Array(createHmac('sha256', Buffer.from(seedHex, 'hex')).update(message).digest());

describe('Coin Guess formulas (FORMULAS.md, Coin Guess)', () => {
  it('counts the ways to each sum of three digits: 1 000 in all, 75 at 13 and 14', () => {
    expect(SUM_WAYS.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(SUM_WAYS.slice(0, 4)).toEqual([1, 3, 6, 10]);
    expect(SUM_WAYS[13]).toBe(75);
    expect(SUM_WAYS[14]).toBe(75);
    expect(SUM_WAYS[27]).toBe(1);
  });

  it('gives each bet its true chance: the combinations are not a quarter each', () => {
    expect(betProbability('big').toFixed()).toBe('0.5');
    expect(betProbability('odd').toFixed()).toBe('0.5');
    expect(betProbability('big_even').toFixed()).toBe('0.269');
    expect(betProbability('small_odd').toFixed()).toBe('0.269');
    expect(betProbability('big_odd').toFixed()).toBe('0.231');
    expect(betProbability('extreme_low').toFixed()).toBe('0.056');
    expect(betProbability('sum_0').toFixed()).toBe('0.001');
    expect(betProbability('sum_14').toFixed()).toBe('0.075');
    expect(DIGIT_BET_IDS).toHaveLength(10 + 28);
  });

  it('prices odds at 1 / chance less the edge, rounded down, so no bet beats the edge', () => {
    expect(betOdds('big', '0.03').toFixed(2)).toBe('1.94');
    expect(betOdds('big_even', '0.03').toFixed(2)).toBe('3.60'); // 3.6059…
    expect(betOdds('big_odd', '0.03').toFixed(2)).toBe('4.19'); // 4.1991…
    expect(betOdds('sum_0', '0.03').toFixed(2)).toBe('970.00');
    expect(betOdds('sum_13', '0.03').toFixed(2)).toBe('12.93'); // 12.9333…
    for (const id of DIGIT_BET_IDS) {
      // the player's expected return on 1 is at most 1 − edge
      expect(betProbability(id).times(betOdds(id, '0.03')).lte('0.97'), id).toBe(true);
    }
    expect(betPayout('50', '1.94').toFixed()).toBe('97');
    expect(betPayout('0.01', '3.6').toFixed()).toBe('0.036');
  });

  it('decides every bet on every sum as its definition says', () => {
    const rules: Record<string, (sum: number) => boolean> = {
      big: (sum) => sum >= 14,
      small: (sum) => sum <= 13,
      odd: (sum) => sum % 2 === 1,
      even: (sum) => sum % 2 === 0,
      big_odd: (sum) => sum >= 14 && sum % 2 === 1,
      big_even: (sum) => sum >= 14 && sum % 2 === 0,
      small_odd: (sum) => sum <= 13 && sum % 2 === 1,
      small_even: (sum) => sum <= 13 && sum % 2 === 0,
      extreme_low: (sum) => sum <= 5,
      extreme_high: (sum) => sum >= 22,
    };
    for (const id of DIGIT_BET_IDS) {
      const rule = rules[id] ?? ((sum: number) => `sum_${String(sum)}` === id);
      for (let sum = 0; sum <= 27; sum += 1) {
        expect(betWins(id, sum), `${id} on ${String(sum)}`).toBe(rule(sum));
      }
    }
  });

  it('decides each range at its edges', () => {
    expect([betWins('small', 13), betWins('big', 13), betWins('big', 14)]).toEqual([
      true,
      false,
      true,
    ]);
    expect([betWins('extreme_low', 5), betWins('extreme_low', 6)]).toEqual([true, false]);
    expect([betWins('extreme_high', 21), betWins('extreme_high', 22)]).toEqual([false, true]);
    expect([betWins('small_even', 0), betWins('big_odd', 27), betWins('sum_9', 9)]).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('draws the known answers (computed independently with Python’s hmac)', async () => {
    expect(drawDigits('20261127-0931', hmacOf('00'.repeat(32)))).toEqual([3, 7, 0]);
    expect(drawDigits('20261127-0932', hmacOf('ff'.repeat(32)))).toEqual([6, 4, 0]);
    const seed = '0123456789abcdef'.repeat(4);
    expect(drawDigits('20261128-0001', hmacOf(seed))).toEqual([6, 6, 8]);
    expect(digitSum([6, 6, 8])).toBe(20);
    expect(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex')).toBe(
      '4884fdaafea47c29fea7159d0daddd9c085d6200e1359e85bb81736af6b7c837',
    );
    const hmac = hmacOf(seed);
    expect(await drawDigitsAsync('20261128-0001', (m) => Promise.resolve(hmac(m)))).toEqual([
      6, 6, 8,
    ]);
  });

  it('rejects a word that would bias a digit instead of folding it in', async () => {
    const words = (...values: number[]) => {
      const bytes = new Uint8Array(values.length * 4);
      const view = new DataView(bytes.buffer);
      values.forEach((value, i) => {
        view.setUint32(i * 4, value);
      });
      return bytes;
    };
    // 4 294 967 290 and above are skipped; 4 294 967 289 is a 9
    expect(acceptDigits(words(4_294_967_295, 4_294_967_290, 4_294_967_289, 10, 21), [])).toEqual([
      9, 0, 1,
    ]);
    // a message whose words all fall in the rejected tail moves on to the next round: "p:1"
    const rejected = words(...Array.from({ length: 8 }, () => 0xffffffff));
    const messages: string[] = [];
    const digits = drawDigits('p', (message) => {
      messages.push(message);
      return message === 'p:1' ? words(7, 8, 9) : rejected;
    });
    expect([digits, messages]).toEqual([
      [7, 8, 9],
      ['p', 'p:1'],
    ]);
    // and the browser's, through WebCrypto's promise, the same way
    const asked: string[] = [];
    const fromBrowser = await drawDigitsAsync('p', (message) => {
      asked.push(message);
      return Promise.resolve(message === 'p:1' ? words(7, 8, 9) : rejected);
    });
    expect([fromBrowser, asked]).toEqual([
      [7, 8, 9],
      ['p', 'p:1'],
    ]);
  });
});

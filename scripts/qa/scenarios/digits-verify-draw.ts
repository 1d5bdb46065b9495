import { digitSum, drawDigits } from '@bourse/formulas/digits';
import { createHash, createHmac } from 'node:crypto';
import { check, checkEqual, defineScenario } from '../scenario.ts';
import {
  bet,
  betOf,
  digitsSetUp,
  drawPeriod,
  nextPeriod,
  round,
  signInTrader,
  trader,
} from './digits.ts';

/** SHA-256 of the seed's 32 bytes, in hex: what the commitment must be. */
const commitmentOf = (seed: string): string =>
  createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');

/** The digits HMAC-SHA256(seed, issue) gives, read as the formulas read them. */
const digitsOf = (seed: string, issue: string): number[] => {
  const key = Buffer.from(seed, 'hex');
  return drawDigits(issue, (message) => createHmac('sha256', key).update(message).digest());
};

export default defineScenario({
  name: 'digits-verify-draw',
  summary:
    'a draw verified as a player would: the seed hashes to the commitment, the digits follow',
  setUp: digitsSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const period = await step('to the next period: its commitment published, no seed', () =>
      nextPeriod(control, user),
    );
    const placed = await step('bet 10 USDT on big: the bet carries the commitment', async () => {
      const made = await bet(user, period.issue, { amount: '10' });
      checkEqual(made.commitment, period.commitment, 'the commitment on the bet');
      return made;
    });
    const draw = await step('the draw reveals the seed', () => drawPeriod(control, user, period));
    await step('SHA-256 of the seed is the commitment published at the opening', () => {
      checkEqual(commitmentOf(draw.seed), period.commitment, 'SHA-256 of the seed');
      checkEqual(draw.commitment, period.commitment, 'the draw names its commitment');
      return Promise.resolve();
    });
    await step('HMAC-SHA256(seed, issue) gives the digits, and they sum to the number', () => {
      const digits = digitsOf(draw.seed, period.issue);
      checkEqual(digits, draw.digits, 'the digits recomputed');
      checkEqual(digitSum(digits), draw.number, 'the special number');
      check(
        digits.every((digit) => Number.isInteger(digit) && digit >= 0 && digit <= 9),
        `three digits 0–9: ${digits.join(', ')}`,
      );
      return Promise.resolve();
    });
    await step('the bet and the latest draws carry the same proof', async () => {
      checkEqual((await betOf(user, placed)).draw, draw, 'the draw on the bet');
      const [latest] = (await round(user, 1)).recent_draws;
      checkEqual(latest, draw, 'the newest of the recent draws');
    });
    return { email: trader.email };
  },
});

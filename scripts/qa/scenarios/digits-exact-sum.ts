import { D } from '@bourse/formulas';
import { betProbability, SUM_WAYS } from '@bourse/formulas/digits';
import { check, checkEqual, defineScenario } from '../scenario.ts';
import {
  bet,
  betOf,
  bookedFor,
  checkFund,
  checkSettled,
  digitsSetUp,
  drawPeriod,
  fixedPeriod,
  FUND_START,
  oddsOf,
  signInTrader,
  trader,
} from './digits.ts';

export default defineScenario({
  name: 'digits-exact-sum',
  summary: 'a period fixed to draw 3, 10 USDT on sum 3 and 10 on sum 4: one paid 10 × 97, one lost',
  setUp: digitsSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const period = await fixedPeriod(context, user, 3);
    const [hit, miss] = await step('bet 10 USDT on sum 3 and 10 on sum 4', async () => {
      // 10 of the 1 000 draws sum to 3: a chance of 0.01, priced 1 ÷ 0.01 × 0.97
      checkEqual([SUM_WAYS[3], betProbability('sum_3').toFixed()], [10, '0.01'], 'sum 3');
      checkEqual(await oddsOf(user, 'sum_3'), '97.00', 'the odds of sum 3');
      const three = await bet(user, period.issue, { bet_type: 'sum_3', amount: '10' });
      const four = await bet(user, period.issue, { bet_type: 'sum_4', amount: '10' });
      checkEqual([three.odds, four.odds], ['97.00', await oddsOf(user, 'sum_4')], 'the odds');
      await checkFund(user, new D(FUND_START).minus(20), 20);
      return [three, four];
    });
    await step('the draw: 3, sum 3 paid 970, sum 4 lost', async () => {
      const draw = await drawPeriod(control, user, period);
      checkEqual(draw.number, 3, 'the number drawn');
      check(
        draw.digits.reduce((sum, digit) => sum + digit, 0) === 3,
        `the digits ${draw.digits.join(' + ')} sum to 3`,
      );
      const paid = checkSettled(hit, await betOf(user, hit), draw, true);
      checkEqual(paid.toFixed(2), '970.00', 'what sum 3 paid');
      checkSettled(miss, await betOf(user, miss), draw, false);
      await checkFund(user, new D(FUND_START).minus(20).plus(paid), 0);
      checkEqual(await bookedFor(control, hit.id), ['game_bet', 'game_win'], 'sum 3 booked');
      checkEqual(await bookedFor(control, miss.id), ['game_bet', 'game_bet'], 'sum 4 booked');
    });
    return { email: trader.email };
  },
});

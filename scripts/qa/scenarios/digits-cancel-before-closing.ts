import { endpoints } from '@bourse/protocol';
import { D } from '@bourse/formulas';
import { checkEqual, defineScenario } from '../scenario.ts';
import { intent } from './funds.ts';
import {
  advanceTo,
  bet,
  betOf,
  bookedFor,
  checkFund,
  digitsSetUp,
  drawPeriod,
  FUND_START,
  nextPeriod,
  round,
  signInTrader,
  trader,
} from './digits.ts';

export default defineScenario({
  name: 'digits-cancel-before-closing',
  summary: 'a bet cancelled a second before betting closes: the whole stake back, never drawn',
  setUp: digitsSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const period = await step('to the next period', () => nextPeriod(control, user));
    const placed = await step('bet 50 USDT on odd: the stake frozen', async () => {
      const made = await bet(user, period.issue, { bet_type: 'odd', amount: '50' });
      await checkFund(user, new D(FUND_START).minus(50), 50);
      return made;
    });
    await step('a second before closing: cancelled, the stake back', async () => {
      await advanceTo(control, user, period.close_at - 1000);
      checkEqual((await round(user)).phase, 'betting', 'the period');
      const cancelled = await user.ok(endpoints.digits.cancelBet, {
        bet_id: placed.id,
        request_id: intent(),
      });
      checkEqual(
        [cancelled.status, cancelled.payout, cancelled.draw],
        ['cancelled', '50.00', null],
        'the bet',
      );
      await checkFund(user, FUND_START, 0);
    });
    await step('the draw: the cancelled bet is neither paid nor lost', async () => {
      await drawPeriod(control, user, period);
      const after = await betOf(user, placed);
      checkEqual([after.status, after.payout, after.draw], ['cancelled', '50.00', null], 'bet');
      checkEqual(
        await bookedFor(control, placed.id),
        ['game_bet', 'game_refund'],
        'what the ledger booked',
      );
      await checkFund(user, FUND_START, 0);
    });
    return { email: trader.email };
  },
});

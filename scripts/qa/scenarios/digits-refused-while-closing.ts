import { CODES, endpoints } from '@bourse/protocol';
import { D } from '@bourse/formulas';
import { checkEqual, defineScenario } from '../scenario.ts';
import { intent } from './funds.ts';
import {
  advanceTo,
  bet,
  betOf,
  bookedFor,
  checkFund,
  digitsFeed,
  digitsSetUp,
  drawPeriod,
  FUND_START,
  nextPeriod,
  roundPush,
  signInTrader,
  trader,
} from './digits.ts';

export default defineScenario({
  name: 'digits-refused-while-closing',
  summary: 'bets closed 10 s before the draw: a new bet and a cancel refused, the bet held drawn',
  setUp: digitsSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const feed = await step('open the live feed on the Digits topic', () =>
      digitsFeed(context, user),
    );
    const period = await step('to the next period', () => nextPeriod(control, user));
    const placed = await step('bet 100 USDT on even', () =>
      bet(user, period.issue, { bet_type: 'even' }),
    );
    await step('betting closes: the topic says so', async () => {
      await advanceTo(control, user, period.close_at);
      const closing = await roundPush(feed, period.issue, 'closing');
      checkEqual([closing.draw, closing.close_at], [null, period.close_at], 'the period');
    });
    await step('a new bet is refused: bets are closed', async () => {
      const refused = await user.call(endpoints.digits.addBet, {
        issue: period.issue,
        bet_type: 'odd',
        amount: '10',
        request_id: intent(),
      });
      checkEqual(
        [refused.code, refused.msg],
        [CODES.failed, 'Bets are closed for this period: wait for the next one'],
        'the refusal',
      );
    });
    await step('cancelling the bet held is refused', async () => {
      const refused = await user.call(endpoints.digits.cancelBet, {
        bet_id: placed.id,
        request_id: intent(),
      });
      checkEqual(
        [refused.code, refused.msg],
        [CODES.failed, 'Bets are closed for this period: the bet can no longer be cancelled'],
        'the refusal',
      );
      checkEqual((await betOf(user, placed)).status, 'pending', 'the bet');
      await checkFund(user, new D(FUND_START).minus(100), 100);
    });
    await step('the draw settles the bet held, once', async () => {
      const draw = await drawPeriod(control, user, period);
      const settled = await betOf(user, placed);
      const won = draw.number % 2 === 0;
      checkEqual(
        settled.status,
        won ? 'won' : 'lost',
        `the bet on even, ${String(draw.number)} drawn`,
      );
      checkEqual(
        await bookedFor(control, placed.id),
        ['game_bet', won ? 'game_win' : 'game_bet'],
        'what the ledger booked',
      );
      await checkFund(user, new D(FUND_START).minus(100).plus(settled.payout), 0);
    });
    return { email: trader.email };
  },
});

import { D } from '@bourse/formulas';
import { checkEqual, defineScenario } from '../scenario.ts';
import {
  bet,
  betOf,
  bookedFor,
  checkFund,
  checkSettled,
  digitsFeed,
  digitsSetUp,
  drawPeriod,
  fixedPeriod,
  FUND_START,
  nextPeriod,
  resultNotice,
  signInTrader,
  trader,
} from './digits.ts';

export default defineScenario({
  name: 'digits-lose',
  summary: 'a period fixed to draw 5, 100 USDT on big: lost at the draw, the stake to the house',
  setUp: digitsSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const feed = await step('open the live feed', () => digitsFeed(context, user));
    const period = await fixedPeriod(context, user, 5);
    const placed = await step('bet 100 USDT on big: pending, the stake frozen', async () => {
      const made = await bet(user, period.issue);
      checkEqual(made.status, 'pending', 'the bet');
      await checkFund(user, new D(FUND_START).minus(100), 100);
      return made;
    });
    await step('the draw: 5, small, big loses and pays nothing', async () => {
      const draw = await drawPeriod(control, user, period);
      checkEqual(draw.number, 5, 'the number drawn');
      const notice = await resultNotice(feed, period.issue);
      checkEqual(notice.summary, 'The number drawn is 5: no win this time.', 'the Notice');
      checkSettled(placed, await betOf(user, placed), draw, false);
      await checkFund(user, new D(FUND_START).minus(100), 0);
    });
    await step('the next period: lost once, nothing more booked', async () => {
      await nextPeriod(control, user);
      // the stake frozen, then handed to the house
      checkEqual(
        await bookedFor(control, placed.id),
        ['game_bet', 'game_bet'],
        'what the ledger booked',
      );
      checkEqual((await betOf(user, placed)).status, 'lost', 'the bet');
      await checkFund(user, new D(FUND_START).minus(100), 0);
    });
    return { email: trader.email };
  },
});

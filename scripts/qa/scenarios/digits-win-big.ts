import { D } from '@bourse/formulas';
import { betPayout } from '@bourse/formulas/digits';
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
  oddsOf,
  resultNotice,
  roundPush,
  signInTrader,
  trader,
} from './digits.ts';

export default defineScenario({
  name: 'digits-win-big',
  summary: 'a period fixed to draw 20, 100 USDT on big: paid stake × odds at the draw, once',
  setUp: digitsSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const feed = await step('open the live feed on the Digits topic', () =>
      digitsFeed(context, user),
    );
    const period = await fixedPeriod(context, user, 20);
    const placed = await step('bet 100 USDT on big: pending, the stake frozen', async () => {
      const odds = await oddsOf(user, 'big');
      const made = await bet(user, period.issue);
      checkEqual(
        [made.status, made.odds, made.payout, made.commitment, made.draw],
        ['pending', odds, '0.00', period.commitment, null],
        'the bet',
      );
      await checkFund(user, new D(FUND_START).minus(100), 100);
      return made;
    });
    const { paid: payout, draw } = await step(
      'the draw: 20, big wins, 100 × 1.94 paid back',
      async () => {
        const draw = await drawPeriod(control, user, period);
        checkEqual(draw.number, 20, 'the number drawn');
        const pushed = await roundPush(feed, period.issue, 'drawn');
        checkEqual(pushed.draw, draw, 'the draw the topic pushed');
        const notice = await resultNotice(feed, period.issue);
        const paid = checkSettled(placed, await betOf(user, placed), draw, true);
        checkEqual(paid.toFixed(2), betPayout('100', placed.odds).toFixed(2), 'stake × odds');
        checkEqual(
          notice.summary,
          `The number drawn is 20: you won ${paid.toFixed(2)} USDT.`,
          'the Notice',
        );
        await checkFund(user, new D(FUND_START).minus(100).plus(paid), 0);
        return { paid, draw };
      },
    );
    await step('the next period: the bet paid once, nothing more booked', async () => {
      await nextPeriod(control, user);
      checkEqual(
        await bookedFor(control, placed.id),
        ['game_bet', 'game_win'],
        'what the ledger booked',
      );
      checkSettled(placed, await betOf(user, placed), draw, true);
      await checkFund(user, new D(FUND_START).minus(100).plus(payout), 0);
    });
    return { email: trader.email };
  },
});

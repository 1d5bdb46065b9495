import { D } from '@bourse/formulas';
import { optionProfit } from '@bourse/formulas/options';
import { check, checkEqual, defineScenario } from '../scenario.ts';
import {
  btcSetUp,
  buy,
  checkAmount,
  checkOptionAccount,
  checkSettled,
  holdBtc,
  OPTION_START,
  optionPush,
  orderOf,
  bookedFor,
  recordsOf,
  signInTrader,
  trader,
} from './options.ts';

export default defineScenario({
  name: 'options-win',
  summary: 'an up option on BTC for 30 s, BTC higher at delivery: the stake and 80 % back, once',
  setUp: btcSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const feed = await step('open the live feed', () => context.feed(user));
    const order = await step(
      'buy 100 USDT up for 30 s: trading at 20000, stake frozen',
      async () => {
        const placed = await buy(user);
        checkEqual(
          [placed.status, placed.open_price, placed.payout_rate],
          ['trading', '20000.00', '80'],
          'the option',
        );
        check(placed.settle_at === (placed.opened_at ?? 0) + 30_000, 'delivery is 30 s on');
        await checkOptionAccount(user, new D(OPTION_START).minus(100), 100);
        return placed;
      },
    );
    await step('BTC rises to 20100: still trading, the estimate is the win', async () => {
      await holdBtc(control, '20100');
      const running = await orderOf(user, order.id);
      checkEqual([running.status, running.current_price], ['trading', '20100.00'], 'the option');
      checkAmount(running.profit, optionProfit(order.amount, order.payout_rate), 'the estimate');
    });
    await step('delivery: settled a win at 20100, the stake and 80 % back', async () => {
      await control.advance(30_000);
      await optionPush(feed, order.id, 'settled');
      const settled = await orderOf(user, order.id);
      const payout = checkSettled(settled, 'win');
      checkEqual([settled.close_price, settled.closed_at], ['20100.00', order.settle_at], 'exit');
      await checkOptionAccount(user, new D(OPTION_START).minus(order.amount).plus(payout), 0);
    });
    await step('a minute on: one settlement in the records, nothing paid twice', async () => {
      await control.advance(60_000);
      checkEqual(
        await recordsOf(user, order.order_no),
        [['option_settle', '80.00']],
        'the records of the option',
      );
      checkEqual(
        await bookedFor(control, order.order_no),
        ['option_stake', 'option_settle'],
        'what the ledger booked',
      );
      checkSettled(await orderOf(user, order.id), 'win');
      await checkOptionAccount(user, '580', 0);
    });
    return { email: trader.email };
  },
});

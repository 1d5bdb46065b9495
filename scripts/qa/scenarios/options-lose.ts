import { D } from '@bourse/formulas';
import { optionResultProfit } from '@bourse/formulas/options';
import { checkEqual, defineScenario } from '../scenario.ts';
import {
  btcSetUp,
  buy,
  checkAmount,
  checkOptionAccount,
  checkSettled,
  holdBtc,
  MINUTE_1,
  OPTION_START,
  orderOf,
  bookedFor,
  recordsOf,
  signInTrader,
  trader,
} from './options.ts';

export default defineScenario({
  name: 'options-lose',
  summary: 'a down option on BTC for a minute, BTC higher at delivery: the stake is lost',
  setUp: btcSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const order = await step('buy 250 USDT down for a minute: trading at 20000', async () => {
      const placed = await buy(user, { direction: 'down', amount: '250', duration_id: MINUTE_1 });
      checkEqual(
        [placed.status, placed.direction, placed.open_price, placed.payout_rate],
        ['trading', 'down', '20000.00', '85'],
        'the option',
      );
      await checkOptionAccount(user, new D(OPTION_START).minus(250), 250);
      return placed;
    });
    await step('BTC rises to 20000.01: the estimate is the loss', async () => {
      await holdBtc(control, '20000.01');
      checkAmount(
        (await orderOf(user, order.id)).profit,
        optionResultProfit('lose', order.amount, order.payout_rate),
        'the estimate',
      );
    });
    await step('delivery: settled a loss, nothing back, the frozen stake gone', async () => {
      await control.advance(60_000);
      const settled = await orderOf(user, order.id);
      checkSettled(settled, 'lose');
      checkEqual(settled.close_price, '20000.01', 'the exit');
      await checkOptionAccount(user, new D(OPTION_START).minus(order.amount), 0);
    });
    await step('a minute on: one settlement, the loss recorded once', async () => {
      await control.advance(60_000);
      checkEqual(
        await recordsOf(user, order.order_no),
        [['option_settle', '-250.00']],
        'the records of the option',
      );
      checkEqual(
        await bookedFor(control, order.order_no),
        ['option_stake', 'option_settle'],
        'what the ledger booked',
      );
      await checkOptionAccount(user, new D(OPTION_START).minus(order.amount), 0);
    });
    return { email: trader.email };
  },
});

import { D } from '@bourse/formulas';
import { checkEqual, defineScenario } from '../scenario.ts';
import {
  btcSetUp,
  buy,
  checkOptionAccount,
  checkSettled,
  holdBtc,
  OPTION_START,
  orderOf,
  bookedFor,
  recordsOf,
  signInTrader,
  trader,
} from './options.ts';

export default defineScenario({
  name: 'options-tie',
  summary: 'an up option on BTC for 30 s, BTC back at the entry at delivery: a draw, stake back',
  setUp: btcSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const order = await step('buy 100 USDT up for 30 s: trading at 20000', async () => {
      const placed = await buy(user);
      checkEqual([placed.status, placed.open_price], ['trading', '20000.00'], 'the option');
      await checkOptionAccount(user, new D(OPTION_START).minus(100), 100);
      return placed;
    });
    await step('BTC moves to 20300, then back to 20000 before delivery', async () => {
      await holdBtc(control, '20300');
      checkEqual((await orderOf(user, order.id)).current_price, '20300.00', 'the live price');
      await control.advance(10_000);
      await holdBtc(control, '20000');
    });
    await step('delivery: a draw at the entry price, the whole stake back', async () => {
      await control.advance(30_000);
      const settled = await orderOf(user, order.id);
      checkSettled(settled, 'draw');
      checkEqual(settled.close_price, settled.open_price, 'the exit against the entry');
      await checkOptionAccount(user, OPTION_START, 0);
      // the stake went to the frozen part and back: the account's total never moved
      checkEqual(await recordsOf(user, order.order_no), [], 'the records of the option');
      checkEqual(
        await bookedFor(control, order.order_no),
        ['option_stake', 'option_refund'],
        'what the ledger booked',
      );
    });
    return { email: trader.email };
  },
});

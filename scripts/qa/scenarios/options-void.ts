import { checkEqual, defineScenario } from '../scenario.ts';
import {
  AAPL,
  aaplStatus,
  advanceTo,
  buy,
  checkOptionAccount,
  checkSettled,
  nextNewYork,
  OPTION_START,
  optionsSetUp,
  orderOf,
  SECONDS_30,
  serverTime,
  bookedFor,
  recordsOf,
  signInTrader,
  trader,
} from './options.ts';

export default defineScenario({
  name: 'options-void',
  summary: 'AAPL up for 30 s bought in its last second before the close: void, the stake back',
  setUp: optionsSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const closes = await step('to half a second before AAPL closes (16:00 New York)', async () => {
      const at = nextNewYork(await serverTime(user), 16, 0);
      await advanceTo(control, user, at - 500);
      checkEqual(await aaplStatus(user), 'open', "AAPL's market");
      return at;
    });
    const order = await step('buy 100 USDT of AAPL up for 30 s: entry the last tick', async () => {
      const placed = await buy(user, { symbol_id: AAPL, duration_id: SECONDS_30 });
      checkEqual(
        [placed.status, placed.open_tick_at, placed.settle_at],
        ['trading', closes - 1000, closes + 29_500],
        'the option',
      );
      await checkOptionAccount(user, 400, 100);
      return placed;
    });
    await step('delivery after the close: no tick after the entry, void, stake back', async () => {
      await control.advance(31_000);
      checkEqual(await aaplStatus(user), 'closed', "AAPL's market");
      const settled = await orderOf(user, order.id);
      checkSettled(settled, 'void');
      checkEqual([settled.close_price, settled.close_tick_at], [null, null], 'the exit');
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

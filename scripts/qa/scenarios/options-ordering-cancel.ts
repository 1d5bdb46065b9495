import { checkEqual, defineScenario } from '../scenario.ts';
import { endpoints } from '@bourse/protocol';
import { intent } from './funds.ts';
import {
  AAPL,
  aaplStatus,
  advanceTo,
  buy,
  checkAmount,
  checkOptionAccount,
  nextNewYork,
  OPTION_START,
  optionsSetUp,
  orderOf,
  serverTime,
  bookedFor,
  recordsOf,
  signInTrader,
  trader,
} from './options.ts';

export default defineScenario({
  name: 'options-ordering-cancel',
  summary: 'AAPL up bought while its market is closed: ordering, cancelled, the stake back',
  setUp: optionsSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const opens = await step(
      'to 08:30 New York on a weekday: AAPL closed for an hour',
      async () => {
        const at = nextNewYork(await serverTime(user), 8, 30);
        await advanceTo(control, user, at);
        checkEqual(await aaplStatus(user), 'closed', "AAPL's market");
        return at + 3_600_000;
      },
    );
    const order = await step('buy 100 USDT of AAPL up: ordering until the open', async () => {
      const placed = await buy(user, { symbol_id: AAPL });
      checkEqual(
        [placed.status, placed.open_price, placed.opened_at, placed.settle_at],
        ['ordering', null, null, null],
        'the option',
      );
      const tab = await user.ok(endpoints.options.orderList, { status: 'ordering' });
      checkEqual(
        tab.list.map((item) => item.id),
        [placed.id],
        'the ordering tab',
      );
      await checkOptionAccount(user, 400, 100);
      return placed;
    });
    await step('cancel it: cancelled, the whole stake back', async () => {
      const cancelled = await user.ok(endpoints.options.orderCancel, {
        order_id: order.id,
        request_id: intent(),
      });
      checkEqual([cancelled.status, cancelled.result], ['cancelled', null], 'the option');
      checkAmount(cancelled.payout, order.amount, 'what came back');
      await checkOptionAccount(user, OPTION_START, 0);
      const tab = await user.ok(endpoints.options.orderList, { status: 'settled' });
      checkEqual(
        tab.list.map((item) => [item.id, item.status]),
        [[order.id, 'cancelled']],
        'the settled tab',
      );
    });
    await step('the market opens: the cancelled option does not begin', async () => {
      await advanceTo(control, user, opens + 60_000);
      checkEqual(await aaplStatus(user), 'open', "AAPL's market");
      checkEqual((await orderOf(user, order.id)).status, 'cancelled', 'the option');
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

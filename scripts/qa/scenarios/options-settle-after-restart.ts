import { D } from '@bourse/formulas';
import { endpoints } from '@bourse/protocol';
import { check, checkEqual, defineScenario } from '../scenario.ts';
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

/** The exported state's simulated clock (the engine's `ClockState`). */
const clockOf = (state: Record<string, unknown>): { offsetMs: number; frozenAt: number } => {
  const clock = state['clock'];
  if (typeof clock === 'object' && clock !== null && 'offsetMs' in clock && 'frozenAt' in clock) {
    const { offsetMs, frozenAt } = clock;
    if (typeof offsetMs === 'number' && typeof frozenAt === 'number') return { offsetMs, frozenAt };
  }
  throw new Error('the export holds no frozen clock');
};

export default defineScenario({
  name: 'options-settle-after-restart',
  summary: 'an option due while the mock was down: settled once, at its own delivery, on return',
  setUp: btcSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const order = await step('buy 100 USDT up on BTC for 30 s; BTC rises to 20100', async () => {
      const placed = await buy(user);
      checkEqual([placed.status, placed.open_price], ['trading', '20000.00'], 'the option');
      await holdBtc(control, '20100');
      return placed;
    });
    const saved = await step('export the state (sessions kept), the option trading', () =>
      control.exportState({ secrets: true }),
    );
    await step('the mock goes down: it restarts empty, the session is gone', async () => {
      await control.reset('empty');
      const reply = await user.call(endpoints.user.info, {});
      checkEqual(reply.code, 401, 'a call with the old session');
    });
    await step('it comes back from the export a minute later: past the delivery', async () => {
      const clock = clockOf(saved);
      check(order.settle_at !== null && order.settle_at < clock.frozenAt + 60_000, 'overdue');
      await control.importState({
        ...saved,
        clock: { ...clock, frozenAt: clock.frozenAt + 60_000 },
      });
    });
    await step('settled a win once, at the price of its own delivery', async () => {
      const settled = await orderOf(user, order.id);
      const payout = checkSettled(settled, 'win');
      checkEqual(
        [settled.close_price, settled.closed_at],
        ['20100.00', order.settle_at],
        'the exit and when it was settled',
      );
      await checkOptionAccount(user, new D(OPTION_START).minus(order.amount).plus(payout), 0);
      checkEqual(
        await recordsOf(user, order.order_no),
        [['option_settle', '80.00']],
        'the records of the option',
      );
    });
    await step('time goes on: still one settlement', async () => {
      await control.advance(120_000);
      checkEqual(
        await bookedFor(control, order.order_no),
        ['option_stake', 'option_settle'],
        'what the ledger booked',
      );
      checkSettled(await orderOf(user, order.id), 'win');
    });
    return { email: trader.email };
  },
});

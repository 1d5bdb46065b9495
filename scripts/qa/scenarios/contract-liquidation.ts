import { checkEqual, defineScenario } from '../scenario.ts';
import {
  contractSetUp,
  history,
  onlyPosition,
  order,
  positions,
  setBtc,
  signInTrader,
  trader,
} from './contracts.ts';

export default defineScenario({
  name: 'contract-liquidation',
  summary: 'a 50× BTC long liquidated when the price reaches its liquidation price, with a notice',
  setUp: contractSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const feed = await step('open the live feed', () => context.feed(user));
    await step('buy 0.1 BTC at market, 50×: liquidation at 19700.197', async () => {
      await order(user, { quantity: '0.1', leverage_id: '4' });
      checkEqual(
        (await onlyPosition(user)).liquidation_price,
        '19700.197',
        'the liquidation price',
      );
    });
    await step('the price falls to 19700.20: still open', async () => {
      await setBtc(control, '19700.20');
      checkEqual((await positions(user)).length, 1, 'open positions');
    });
    await step(
      'the price falls to 19700: liquidated at the mark, and a notice says so',
      async () => {
        await setBtc(control, '19700');
        checkEqual((await positions(user)).length, 0, 'open positions');
        const [close] = await history(user);
        checkEqual(
          [close?.source, close?.avg_price, close?.realized_pnl],
          ['liquidation', '19700.00', '-30.02'],
          'the liquidation order',
        );
        await feed.next(
          (push) =>
            push.func === 'Notice' && push.data.title === 'Position liquidated' ? push : undefined,
          5_000,
          'the liquidation notice',
        );
      },
    );
    await step('the back office sees it closed, its loss booked and its fee kept', async () => {
      const {
        positions: [held],
      } = await control.contracts({ email: trader.email });
      checkEqual(
        [held?.closed_at !== null, held?.margin, held?.realized_pnl, held?.fees],
        [true, '0', '-30.02', '1.200012'],
        'the position',
      );
    });
    return { email: trader.email };
  },
});

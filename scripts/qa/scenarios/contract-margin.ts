import { endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario } from '../scenario.ts';
import { intent } from './funds.ts';
import { contractSetUp, onlyPosition, order, signInTrader, trader } from './contracts.ts';

export default defineScenario({
  name: 'contract-margin',
  summary: 'margin added to a BTC long, then taken out up to the most the dialog offers',
  setUp: contractSetUp,
  run: async (context) => {
    const { step } = context;
    const user = await signInTrader(context);
    const position = await step(
      'buy 0.01 BTC at market, 20×: nothing can be taken out',
      async () => {
        await order(user);
        const opened = await onlyPosition(user);
        checkEqual([opened.margin, opened.max_reduce_margin], ['10.0001', '0.00'], 'the margin');
        return opened;
      },
    );
    const change = (action: 'add' | 'reduce', amount: string) =>
      user.call(endpoints.contract.depositChange, {
        position_id: position.id,
        action,
        amount,
        request_id: intent(),
      });
    await step('add 5: the liquidation price moves away, 4.998 can come out', async () => {
      const added = await change('add', '5');
      checkEqual(
        [added.data?.margin, added.data?.max_reduce_margin, added.data?.liquidation_price],
        ['15.0001', '4.998', '18600.191'],
        'the position',
      );
    });
    await step('take out 4.9981: refused, at most 4.998', async () => {
      const refused = await change('reduce', '4.9981');
      checkEqual(refused.msg, 'You can take out at most 4.998 USDT of margin', 'the refusal');
    });
    await step('take out 4.998: nothing more can come out', async () => {
      const reduced = await change('reduce', '4.998');
      checkEqual(
        [reduced.data?.margin, reduced.data?.max_reduce_margin],
        ['10.0021', '0.00'],
        'the position',
      );
    });
    return { email: trader.email };
  },
});

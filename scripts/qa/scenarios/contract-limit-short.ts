import { endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario } from '../scenario.ts';
import { intent } from './funds.ts';
import { contractSetUp, onlyPosition, order, setBtc, signInTrader, trader } from './contracts.ts';

export default defineScenario({
  name: 'contract-limit-short',
  summary:
    'a short by limit order on BTC: resting, filled when the price reaches it, partly closed',
  setUp: contractSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    const placed = await step('sell 0.01 BTC by limit at 21000: it rests, margin frozen', () =>
      order(user, { side: 'sell', type: 'limit', price: '21000' }),
    );
    checkEqual(
      [placed.status, placed.cost, placed.fee],
      ['pending', '10.50', '0.042'],
      'the order',
    );
    await step('the open orders list it', async () => {
      const open = await user.ok(endpoints.contract.orderList, { group: 'open' });
      checkEqual(
        open.list.map((item) => item.id),
        [placed.id],
        'open orders',
      );
    });
    await step(
      'the price rises until the bid is 21000: filled at 21000, a short is open',
      async () => {
        await setBtc(control, '21000.21');
        const position = await onlyPosition(user);
        checkEqual(
          [position.direction, position.entry_price, position.quantity],
          ['short', '21000.00', '0.01'],
          'the position',
        );
      },
    );
    await step('close 0.004 at market: 0.006 stays open', async () => {
      const position = await onlyPosition(user);
      const closed = await user.ok(endpoints.contract.partStop, {
        position_id: position.id,
        quantity: '0.004',
        request_id: intent(),
      });
      checkEqual(
        [closed.order.action, closed.position?.quantity, closed.position?.margin],
        ['close_short', '0.006', '6.30'],
        'the close and the rest',
      );
    });
    return { email: trader.email };
  },
});

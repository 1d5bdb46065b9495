import { checkEqual, defineScenario } from '../scenario.ts';
import {
  contractSetUp,
  history,
  order,
  positions,
  setBtc,
  signInTrader,
  trader,
} from './contracts.ts';

export default defineScenario({
  name: 'contract-stop-loss',
  summary: 'a market long on BTC with a stop loss, the price down, the stop loss closes it',
  setUp: contractSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    await step('buy 0.01 BTC at market, 20×, stop loss 19500', async () => {
      const placed = await order(user, { stop_loss: '19500' });
      checkEqual(placed.status, 'filled', 'the order');
    });
    await step('the price falls to 19600: still open', async () => {
      await setBtc(control, '19600');
      checkEqual((await positions(user)).length, 1, 'open positions');
    });
    await step('the price falls to 19500: the stop loss closes it at the bid', async () => {
      await setBtc(control, '19500');
      checkEqual((await positions(user)).length, 0, 'open positions');
      const [close] = await history(user);
      checkEqual(
        [close?.source, close?.avg_price, close?.realized_pnl],
        ['stop_loss', '19499.80', '-5.004'],
        'the closing order',
      );
    });
    return { email: trader.email };
  },
});

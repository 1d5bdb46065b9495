import { endpoints } from '@bourse/protocol';
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
  name: 'contract-take-profit',
  summary: 'a market long on BTC with a take profit, the price up, the take profit fires once',
  setUp: contractSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    await step('buy 0.01 BTC at market, 20×, take profit 21000: filled at the ask', async () => {
      const placed = await order(user, { take_profit: '21000' });
      checkEqual([placed.status, placed.avg_price], ['filled', '20000.20'], 'the order');
      const position = await onlyPosition(user);
      checkEqual([position.take_profit, position.margin], ['21000', '10.0001'], 'the position');
    });
    await step('the price rises to 21000: the take profit closes the position', async () => {
      await setBtc(control, '21000');
      checkEqual((await positions(user)).length, 0, 'open positions');
      const [close] = await history(user);
      checkEqual(
        [close?.source, close?.avg_price, close?.realized_pnl],
        ['take_profit', '20999.79', '9.9959'],
        'the closing order',
      );
    });
    await step('the price rises further: nothing fires again', async () => {
      await setBtc(control, '22000');
      const sources = (await history(user)).map((item) => item.source);
      checkEqual(sources, ['take_profit', 'user'], 'the order history');
    });
    await step('the fund records show the realised profit and both fees', async () => {
      const flows = await user.ok(endpoints.account.list, {
        account: 'contract',
        kinds: ['realized_pnl', 'trade_fee'],
      });
      checkEqual(
        flows.list.map((flow) => [flow.kind, flow.amount]),
        [
          ['trade_fee', '-0.12599874'],
          ['realized_pnl', '9.9959'],
          ['trade_fee', '-0.1200012'],
        ],
        'the records',
      );
    });
    return { email: trader.email };
  },
});

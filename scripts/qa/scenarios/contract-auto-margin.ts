import { endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario } from '../scenario.ts';
import { intent } from './funds.ts';
import { contractSetUp, onlyPosition, order, setBtc, signInTrader, trader } from './contracts.ts';

export default defineScenario({
  name: 'contract-auto-margin',
  summary: 'auto-margin on (50 %, 25 %): a BTC long losing half its margin gets a quarter more',
  setUp: contractSetUp,
  run: async (context) => {
    const { control, step } = context;
    const user = await signInTrader(context);
    await step('turn auto-margin on: at a loss of 50 % of the margin, add 25 %', async () => {
      const rule = await user.ok(endpoints.contract.setStrategy, {
        enabled: true,
        deposit_rate: '50',
        auto_add: '25',
        request_id: intent(),
      });
      checkEqual(rule.enabled, true, 'the rule');
    });
    await step('buy 0.1 BTC at market, 50×: margin 40.0004', async () => {
      await order(user, { quantity: '0.1', leverage_id: '4' });
      checkEqual((await onlyPosition(user)).margin, '40.0004', 'the margin');
    });
    await step('the price falls to 19850: a loss of 15.02, nothing added', async () => {
      await setBtc(control, '19850');
      checkEqual((await onlyPosition(user)).margin, '40.0004', 'the margin');
    });
    await step('the price falls to 19800: a loss of 20.02, 10.0001 added', async () => {
      await setBtc(control, '19800');
      const position = await onlyPosition(user);
      checkEqual(
        [position.margin, position.liquidation_price],
        ['50.0005', '19600.196'],
        'the position',
      );
    });
    return { email: trader.email };
  },
});

import { endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario } from '../scenario.ts';
import { readyToWithdraw, trader } from './funds.ts';

export default defineScenario({
  name: 'withdrawal-rejected',
  summary: 'a USDT withdrawal frozen, then rejected with a reason: the amount released',
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
  },
  run: async (context) => {
    const { user, id } = await readyToWithdraw(context);
    await context.step('the review rejects: the 1000 USDT is available again', async () => {
      await context.control.reviewWithdrawal({ id, decision: 'reject', reason: 'Name mismatch' });
      const fund = (await user.ok(endpoints.account.index, {})).list.find(
        (item) => item.account === 'fund',
      );
      checkEqual([fund?.available, fund?.frozen], ['10000.00', '0.00'], 'the fund account');
      const [record] = (await user.ok(endpoints.account.cashlog, {})).list;
      checkEqual(
        [record?.status, record?.reject_reason],
        ['rejected', 'Name mismatch'],
        'the record',
      );
    });
    return { email: trader.email };
  },
});

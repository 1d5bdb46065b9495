import { endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario } from '../scenario.ts';
import { readyToWithdraw, trader } from './funds.ts';

export default defineScenario({
  name: 'withdrawal-approved',
  summary: 'a USDT withdrawal frozen, then approved (debited, the fee taken), then paid out',
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
  },
  run: async (context) => {
    const { user, id } = await readyToWithdraw(context);
    await context.step('the review approves: the frozen 1000 USDT leaves', async () => {
      await context.control.reviewWithdrawal({ id, decision: 'approve' });
      const fund = (await user.ok(endpoints.account.index, {})).list.find(
        (item) => item.account === 'fund',
      );
      checkEqual([fund?.available, fund?.frozen], ['9000.00', '0.00'], 'the fund account');
      const [record] = (await user.ok(endpoints.account.cashlog, {})).list;
      checkEqual([record?.status, record?.paid_at], ['approved', null], 'the record');
    });
    await context.step('the payout goes out: the record is paid, with the time', async () => {
      const paid = await context.control.payWithdrawal({ id });
      const [record] = (await user.ok(endpoints.account.cashlog, {})).list;
      checkEqual([record?.status, record?.paid_at], ['paid', paid.paid_at], 'the record');
      const fund = (await user.ok(endpoints.account.index, {})).list.find(
        (item) => item.account === 'fund',
      );
      checkEqual(fund?.available, '9000.00', 'the fund account (nothing more moved)');
    });
    return { email: trader.email };
  },
});

import { endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario } from '../scenario.ts';
import { balances, declareDeposit, readyToDeposit, trader } from './funds.ts';

export default defineScenario({
  name: 'deposit-approved',
  summary: 'deposit account obtained (e-mail), a USDT deposit declared, approved and credited',
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
  },
  run: async (context) => {
    const user = await readyToDeposit(context);
    const id = await declareDeposit(context, user);
    await context.step('the review approves: 500 USDT credited to the fund account', async () => {
      await context.control.reviewDeposit({ id, decision: 'approve' });
      checkEqual((await balances(user))['fund'], '10500.00', 'the fund account');
      const [record] = (await user.ok(endpoints.account.rechlog, {})).list;
      checkEqual([record?.status, record?.credited_amount], ['approved', '500.00'], 'the record');
    });
    return { email: trader.email };
  },
});

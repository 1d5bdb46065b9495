import { endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario } from '../scenario.ts';
import { balances, declareDeposit, readyToDeposit, trader } from './funds.ts';

export default defineScenario({
  name: 'deposit-rejected',
  summary: 'a USDT deposit declared and rejected with a reason; nothing credited',
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
  },
  run: async (context) => {
    const user = await readyToDeposit(context);
    const id = await declareDeposit(context, user);
    await context.step('the review rejects: the reason shows, nothing credited', async () => {
      await context.control.reviewDeposit({ id, decision: 'reject', reason: 'No transfer found' });
      checkEqual((await balances(user))['fund'], '10000.00', 'the fund account');
      const [record] = (await user.ok(endpoints.account.rechlog, {})).list;
      checkEqual(
        [record?.status, record?.reject_reason],
        ['rejected', 'No transfer found'],
        'the record',
      );
    });
    return { email: trader.email };
  },
});

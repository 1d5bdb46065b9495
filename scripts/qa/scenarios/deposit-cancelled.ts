import { CODES, endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario } from '../scenario.ts';
import { balances, declareDeposit, intent, readyToDeposit, trader } from './funds.ts';

export default defineScenario({
  name: 'deposit-cancelled',
  summary: 'a USDT deposit declared and cancelled by the user; the review can no longer decide it',
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
  },
  run: async (context) => {
    const user = await readyToDeposit(context);
    const id = await declareDeposit(context, user);
    await context.step('cancel it: cancelled, and a second cancel is refused', async () => {
      const cancelled = await user.ok(endpoints.account.cancelRech, { id, request_id: intent() });
      checkEqual(cancelled.status, 'cancelled', 'the deposit');
      const again = await user.call(endpoints.account.cancelRech, { id, request_id: intent() });
      checkEqual(again.code, CODES.failed, 'a second cancel');
      checkEqual((await balances(user))['fund'], '10000.00', 'the fund account');
    });
    return { email: trader.email };
  },
});

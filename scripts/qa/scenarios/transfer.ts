import { CODES, endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario, signIn } from '../scenario.ts';
import { balances, intent, trader } from './funds.ts';

export default defineScenario({
  name: 'transfer',
  summary: 'a transfer from the fund to the contract account, repeated by a double tap: moved once',
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
  },
  run: async ({ client, step }) => {
    const user = client();
    await step('sign in: 10000 in fund, 2500 in contract', async () => {
      await signIn(user, trader);
      const money = await balances(user);
      checkEqual([money['fund'], money['contract']], ['10000.00', '2500.00'], 'the accounts');
    });
    const body = { from: 'fund', to: 'contract', amount: '1000', request_id: intent() } as const;
    await step('transfer 1000, twice with the same request id: moved once', async () => {
      const first = await user.ok(endpoints.account.transfer, body);
      const second = await user.ok(endpoints.account.transfer, body);
      checkEqual(second.transfer_id, first.transfer_id, 'the replayed transfer');
      const money = await balances(user);
      checkEqual([money['fund'], money['contract']], ['9000.00', '3500.00'], 'the accounts');
    });
    await step('the same id with another amount is refused (409)', async () => {
      const reply = await user.call(endpoints.account.transfer, { ...body, amount: '5' });
      checkEqual(reply.code, CODES.conflict, 'the reply code');
    });
    await step('the transfer records show it out of fund and into contract', async () => {
      const flows = await user.ok(endpoints.account.list, {
        kinds: ['transfer_in', 'transfer_out'],
      });
      checkEqual(
        flows.list.map((flow) => [flow.account, flow.kind, flow.amount]),
        [
          ['contract', 'transfer_in', '1000.00'],
          ['fund', 'transfer_out', '-1000.00'],
        ],
        'the records',
      );
    });
    return { email: trader.email };
  },
});

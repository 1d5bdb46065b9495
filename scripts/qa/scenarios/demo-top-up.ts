import { endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario, signIn } from '../scenario.ts';
import { accountOf } from './accounts.ts';
import { intent } from './funds.ts';

const fresh = accountOf('fresh-user');

export default defineScenario({
  name: 'demo-top-up',
  summary: 'the demo fund account topped up with play money; the real account untouched',
  setUp: async ({ control, step }) => {
    await step('reset to the fresh-user scenario', () => control.reset('fresh-user'));
  },
  run: async ({ client, step }) => {
    const user = client();
    await step('sign in and switch to demo: 100000 in the demo fund', async () => {
      await signIn(user, fresh);
      await user.ok(endpoints.user.changeMock, { account_mode: 'demo' });
      const index = await user.ok(endpoints.account.index, {});
      checkEqual(index.list[0]?.available, '100000.00', 'the demo fund');
    });
    await step('top up 50000: 150000 in the demo fund', async () => {
      const topped = await user.ok(endpoints.account.addRechMock, {
        amount: '50000',
        request_id: intent(),
      });
      checkEqual(topped.balance.available, '150000.00', 'the demo fund');
    });
    await step('back on real: nothing moved there', async () => {
      await user.ok(endpoints.user.changeMock, { account_mode: 'real' });
      const index = await user.ok(endpoints.account.index, {});
      checkEqual(index.list[0]?.available, '0.00', 'the real fund');
    });
    return { email: fresh.email };
  },
});

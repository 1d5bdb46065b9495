import { CODES, endpoints } from '@bourse/protocol';
import { check, checkEqual, defineScenario, signIn } from '../scenario.ts';
import { accountOf } from './accounts.ts';
import { intent } from './funds.ts';

const fresh = accountOf('fresh-user');

export default defineScenario({
  name: 'demo-top-up',
  summary:
    'a top-up refused on the real account, then the demo fund topped up with play money; real untouched',
  setUp: async ({ control, step }) => {
    await step('reset to the fresh-user scenario', () => control.reset('fresh-user'));
  },
  run: async ({ client, step }) => {
    const user = client();
    const topUp = intent();
    await step('sign in on the real account: a top-up is refused and moves nothing', async () => {
      await signIn(user, fresh);
      const reply = await user.call(endpoints.account.addRechMock, {
        amount: '50000',
        request_id: topUp,
      });
      checkEqual(reply.code, CODES.failed, 'the reply code');
      check(/demo account first/.test(reply.msg), `the message says why: ${reply.msg}`);
      const index = await user.ok(endpoints.account.index, {});
      checkEqual(index.list[0]?.available, '0.00', 'the real fund');
    });
    await step('switch to demo: 100000 in the demo fund', async () => {
      await user.ok(endpoints.user.changeMock, { account_mode: 'demo' });
      const index = await user.ok(endpoints.account.index, {});
      checkEqual(index.list[0]?.available, '100000.00', 'the demo fund');
    });
    await step('the same top-up again on demo: 150000 in the demo fund', async () => {
      const topped = await user.ok(endpoints.account.addRechMock, {
        amount: '50000',
        request_id: topUp,
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

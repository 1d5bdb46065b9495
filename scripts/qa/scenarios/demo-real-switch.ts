import { endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario, signIn } from '../scenario.ts';
import { accountOf } from './accounts.ts';

const account = accountOf('verified-trader');

export default defineScenario({
  name: 'demo-real-switch',
  summary: 'the verified trader switched to the demo account (and back), kept across sign-ins',
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
  },
  run: async ({ client, step }) => {
    const user = client();
    await step('sign in on the real account', async () => {
      await signIn(user, account);
      checkEqual((await user.ok(endpoints.user.info, {})).account_mode, 'real', 'the mode');
    });
    await step('switch to demo', async () => {
      const reply = await user.ok(endpoints.user.changeMock, { account_mode: 'demo' });
      checkEqual(reply.account_mode, 'demo', 'the reply');
    });
    await step('a new sign-in is on demo', async () => {
      const again = client();
      await signIn(again, account);
      checkEqual((await again.ok(endpoints.user.info, {})).account_mode, 'demo', 'the mode');
    });
    await step('switch back to real', async () => {
      await user.ok(endpoints.user.changeMock, { account_mode: 'real' });
      checkEqual((await user.ok(endpoints.user.info, {})).account_mode, 'real', 'the mode');
    });
    await step('leave it on demo', () =>
      user.ok(endpoints.user.changeMock, { account_mode: 'demo' }),
    );
    return { email: account.email };
  },
});

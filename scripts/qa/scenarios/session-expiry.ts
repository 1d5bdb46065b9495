import { CODES, endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario, signIn } from '../scenario.ts';
import { accountOf } from './accounts.ts';

const account = accountOf('fresh-user');
/** a session ends after a week unused */
const IDLE_MS = 7 * 24 * 60 * 60_000;

export default defineScenario({
  name: 'session-expiry',
  summary: 'a session ended by the back office, and one left unused for a week, both get 401',
  setUp: async ({ control, step }) => {
    await step('reset to the fresh-user scenario', () => control.reset('fresh-user'));
    await step('freeze the clock', () => control.clock({ action: 'freeze' }));
  },
  run: async ({ control, client, step }) => {
    const user = client();
    await step('sign in', () => signIn(user, account));
    await step('end the sessions through the control API', async () => {
      const { ended } = await control.expireSessions(account.email);
      checkEqual(ended, 1, 'sessions ended');
    });
    await step('the next call gets 401', async () => {
      checkEqual((await user.call(endpoints.user.info, {})).code, CODES.unauthorized, 'code');
    });
    await step('a new session left unused for a week gets 401', async () => {
      await signIn(user, account);
      checkEqual((await user.call(endpoints.user.info, {})).code, CODES.ok, 'while fresh');
      await control.advance(IDLE_MS + 1000);
      checkEqual((await user.call(endpoints.user.info, {})).code, CODES.unauthorized, 'after');
    });
    return { email: account.email };
  },
});

import { CODES, endpoints } from '@bourse/protocol';
import { check, checkEqual, defineScenario, signIn } from '../scenario.ts';
import { accountOf } from './accounts.ts';

const account = accountOf('fresh-user');
/** the engine locks an account after this many failed sign-ins in 15 minutes */
const FAILURES = 5;
const LOCK_MS = 15 * 60_000;

export default defineScenario({
  name: 'login-lockout',
  summary: 'sign-in locked after five wrong passwords, and open again 15 minutes later',
  setUp: async ({ control, step }) => {
    await step('reset to the fresh-user scenario', () => control.reset('fresh-user'));
    await step('freeze the clock', () => control.clock({ action: 'freeze' }));
  },
  run: async ({ control, client, step }) => {
    const guest = client();
    const attempt = (password: string) =>
      guest.call(endpoints.auth.login, { account: account.email, password });
    await step(`${String(FAILURES)} wrong passwords`, async () => {
      for (let i = 0; i < FAILURES; i += 1) {
        const reply = await attempt('Wrong-password-1');
        check(reply.code !== CODES.ok, 'a wrong password signed in');
      }
    });
    await step('the right password is refused while locked', async () => {
      const locked = await attempt(account.password);
      checkEqual(locked.code, CODES.tooManyRequests, 'the reply code');
      check(/\d+ minute/.test(locked.msg), `the refusal says how long: "${locked.msg}"`);
    });
    await step('15 minutes later the right password signs in', async () => {
      await control.advance(LOCK_MS + 1000);
      await signIn(guest, account);
      checkEqual((await guest.ok(endpoints.user.info, {})).email, account.email, 'the account');
    });
    return { email: account.email };
  },
});

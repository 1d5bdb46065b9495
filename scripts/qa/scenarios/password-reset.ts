import { CODES, endpoints } from '@bourse/protocol';
import { check, checkEqual, defineScenario, signIn } from '../scenario.ts';
import { accountOf, NEW_PASSWORD } from './accounts.ts';

const account = accountOf('fresh-user');

export default defineScenario({
  name: 'password-reset',
  summary: 'a password reset with the e-mailed code: old sessions end, only the new password works',
  setUp: async ({ control, step }) => {
    await step('reset to the fresh-user scenario', () => control.reset('fresh-user'));
  },
  run: async ({ control, client, step }) => {
    const before = client();
    await step('sign in with the old password', () => signIn(before, account));
    const guest = client();
    await step('reset the password with the e-mailed code', async () => {
      await guest.ok(endpoints.auth.sendEmail, { email: account.email, purpose: 'forget' });
      const code = await control.latestCode(account.email, 'forget');
      await guest.ok(endpoints.auth.forget, {
        email: account.email,
        code,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
    });
    await step('the session from before the reset gets 401', async () => {
      checkEqual((await before.call(endpoints.user.info, {})).code, CODES.unauthorized, 'code');
    });
    await step('the old password is refused', async () => {
      const old = await guest.call(endpoints.auth.login, {
        account: account.email,
        password: account.password,
      });
      check(old.code !== CODES.ok, 'the old password still signs in');
    });
    await step('the new password signs in', () =>
      signIn(client(), { email: account.email, password: NEW_PASSWORD }),
    );
    return { email: account.email };
  },
});

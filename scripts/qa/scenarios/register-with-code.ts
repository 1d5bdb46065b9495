import { CODES, endpoints } from '@bourse/protocol';
import { check, checkEqual, defineScenario } from '../scenario.ts';
import { NEW_PASSWORD } from './accounts.ts';

const email = 'qa.newcomer@example.com';

export default defineScenario({
  name: 'register-with-code',
  summary: 'a new account registered with the e-mailed code, signed in at once',
  setUp: async ({ control, step }) => {
    await step('reset to the empty scenario', () => control.reset('empty'));
  },
  run: async ({ control, client, step }) => {
    const guest = client();
    const sent = await step('ask for a registration code', () =>
      guest.ok(endpoints.auth.sendEmail, { email, purpose: 'register' }),
    );
    check(sent.expires_in > 0, 'the code has a lifetime');
    const code = await step('read the code from the mailbox', () =>
      control.latestCode(email, 'register'),
    );
    const session = await step('register with the code', () =>
      guest.ok(endpoints.auth.register, {
        email,
        code,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      }),
    );
    await step('the new session reads its own account', async () => {
      guest.token = session.token;
      const info = await guest.ok(endpoints.user.info, {});
      checkEqual(info.email, email, 'the account');
      checkEqual(info.identity_status, 'unverified', 'a new identity');
    });
    await step('the e-mail is now taken', async () => {
      const again = await client().call(endpoints.auth.sendEmail, { email, purpose: 'register' });
      check(again.code !== CODES.ok, `a second registration code was sent (${String(again.code)})`);
    });
    return { email };
  },
});

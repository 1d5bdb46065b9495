import { CODES, endpoints } from '@bourse/protocol';
import { check, checkEqual, defineScenario } from '../scenario.ts';
import { NEW_PASSWORD } from './accounts.ts';

const used = 'qa.used.code@example.com';
const late = 'qa.late.code@example.com';

export default defineScenario({
  name: 'code-expired-or-used',
  summary: 'an e-mailed code refused once used, and once its 10 minutes have passed',
  setUp: async ({ control, step }) => {
    await step('reset to the empty scenario', () => control.reset('empty'));
    await step('freeze the clock', () => control.clock({ action: 'freeze' }));
  },
  run: async ({ control, client, step }) => {
    const guest = client();
    const register = (email: string, code: string) =>
      guest.call(endpoints.auth.register, {
        email,
        code,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
    await step('register with a code', async () => {
      await guest.ok(endpoints.auth.sendEmail, { email: used, purpose: 'register' });
      const code = await control.latestCode(used, 'register');
      checkEqual((await register(used, code)).code, CODES.ok, 'the first use');
      const again = await register(used, code);
      check(again.code !== CODES.ok, 'a used code was taken again');
      check(again.msg !== '', 'the refusal says why');
    });
    await step('a code older than its lifetime is refused', async () => {
      const sent = await guest.ok(endpoints.auth.sendEmail, { email: late, purpose: 'register' });
      const code = await control.latestCode(late, 'register');
      await control.advance(sent.expires_in * 1000 + 1000);
      const expired = await register(late, code);
      checkEqual(expired.code, CODES.badRequest, 'the reply code');
      check(expired.msg !== '', 'the refusal says why');
    });
    return { email: used };
  },
});

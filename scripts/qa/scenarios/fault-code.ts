import { CODES } from '@bourse/protocol';
import { check, checkEqual, defineScenario } from '../scenario.ts';
import { accountOf } from './accounts.ts';
import { FAULTED } from './faults.ts';

export default defineScenario({
  name: 'fault-code',
  summary: `${FAULTED.path} answering code 500 twice, then recovering`,
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
    await step(`make ${FAULTED.path} answer 500 twice`, () =>
      control.fault({ path: FAULTED.path, code: CODES.failed, times: 2 }),
    );
  },
  run: async ({ client, step }) => {
    const guest = client();
    await step('two calls get 500 with a message', async () => {
      for (let i = 0; i < 2; i += 1) {
        const reply = await guest.call(FAULTED, {});
        checkEqual(reply.code, CODES.failed, 'the reply code');
        check(reply.msg !== '', 'the refusal has a message');
      }
    });
    await step('the third call answers', async () => {
      checkEqual((await guest.call(FAULTED, {})).code, CODES.ok, 'the reply code');
    });
    return { email: accountOf('verified-trader').email };
  },
});

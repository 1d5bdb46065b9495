import { CODES } from '@bourse/protocol';
import { check, checkEqual, defineScenario } from '../scenario.ts';
import { TransportError } from '../wire.ts';
import { accountOf } from './accounts.ts';
import { FAULTED } from './faults.ts';

export default defineScenario({
  name: 'fault-dropped',
  summary: `${FAULTED.path} dropping the connection without a reply, once`,
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
    await step(`drop ${FAULTED.path} once`, () =>
      control.fault({ path: FAULTED.path, drop: true, times: 1 }),
    );
  },
  run: async ({ client, step }) => {
    const guest = client();
    await step('the call gets no reply', async () => {
      const outcome = await guest.call(FAULTED, {}).then(
        (reply) => `a reply with code ${String(reply.code)}`,
        (error: unknown) => error,
      );
      check(outcome instanceof TransportError, `expected no reply, got ${String(outcome)}`);
    });
    await step('the retry answers', async () => {
      checkEqual((await guest.call(FAULTED, {})).code, CODES.ok, 'the reply code');
    });
    return { email: accountOf('verified-trader').email };
  },
});

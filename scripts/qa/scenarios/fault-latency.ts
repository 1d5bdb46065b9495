import { CODES } from '@bourse/protocol';
import { check, checkEqual, defineScenario } from '../scenario.ts';
import { accountOf } from './accounts.ts';
import { FAULTED } from './faults.ts';

const LATENCY_MS = 800;

export default defineScenario({
  name: 'fault-latency',
  summary: `${FAULTED.path} answering ${String(LATENCY_MS)} ms late, once`,
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
    await step(`delay ${FAULTED.path} once`, () =>
      control.fault({ path: FAULTED.path, latency_ms: LATENCY_MS, times: 1 }),
    );
  },
  run: async ({ client, step }) => {
    const guest = client();
    const timed = async () => {
      const started = performance.now();
      const reply = await guest.call(FAULTED, {});
      return { code: reply.code, ms: performance.now() - started };
    };
    await step('the call answers, late', async () => {
      const slow = await timed();
      checkEqual(slow.code, CODES.ok, 'the reply code');
      check(slow.ms >= LATENCY_MS, `answered in ${slow.ms.toFixed(0)} ms`);
    });
    await step('the next call is on time', async () => {
      const fast = await timed();
      checkEqual(fast.code, CODES.ok, 'the reply code');
      check(fast.ms < LATENCY_MS, `answered in ${fast.ms.toFixed(0)} ms`);
    });
    return { email: accountOf('verified-trader').email };
  },
});

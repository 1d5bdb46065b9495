import { endpoints } from '@bourse/protocol';
import { checkEqual, defineScenario } from '../scenario.ts';
import { reviewed, submitForReview } from './identity.ts';

export default defineScenario({
  name: 'identity-verified',
  summary: 'identity Not Verified → Pending Review → Verified by the review',
  setUp: async ({ control, step }) => {
    await step('reset to the fresh-user scenario', () => control.reset('fresh-user'));
  },
  run: async (context) => {
    const user = await submitForReview(context);
    await context.step('the review approves: verified', async () => {
      await context.control.decideIdentity({ email: reviewed.email, decision: 'approve' });
      const cash = await user.ok(endpoints.user.getCashStatus, {});
      checkEqual(cash.identity_status, 'verified', 'the identity');
    });
    return { email: reviewed.email };
  },
});

import { CODES, endpoints } from '@bourse/protocol';
import { check, checkEqual, defineScenario } from '../scenario.ts';
import { reviewed, submitForReview } from './identity.ts';

export default defineScenario({
  name: 'identity-rejected',
  summary:
    'identity Not Verified → Pending Review → Rejected by the review, which cannot be undone',
  setUp: async ({ control, step }) => {
    await step('reset to the fresh-user scenario', () => control.reset('fresh-user'));
  },
  run: async (context) => {
    const user = await submitForReview(context);
    await context.step('the review rejects: rejected', async () => {
      await context.control.decideIdentity({ email: reviewed.email, decision: 'reject' });
      const cash = await user.ok(endpoints.user.getCashStatus, {});
      checkEqual(cash.identity_status, 'rejected', 'the identity');
      checkEqual((await user.ok(endpoints.user.info, {})).identity_status, 'rejected', 'account');
    });
    await context.step('a second decision on a rejected review is refused', async () => {
      const again = context.control.decideIdentity({ email: reviewed.email, decision: 'approve' });
      const refused = await again.then(
        () => false,
        () => true,
      );
      check(refused, 'the review approved an identity that was not pending');
      checkEqual((await user.call(endpoints.user.info, {})).code, CODES.ok, 'still signed in');
    });
    return { email: reviewed.email };
  },
});

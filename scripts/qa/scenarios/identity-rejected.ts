import { CODES, endpoints } from '@bourse/protocol';
import { check, checkEqual, defineScenario } from '../scenario.ts';
import { reviewed, submitForReview } from './identity.ts';

const REASON = 'The photo of the document is blurred';

export default defineScenario({
  name: 'identity-rejected',
  summary:
    'identity Not Verified → Pending Review → Rejected with a reason the user reads (it may submit again)',
  setUp: async ({ control, step }) => {
    await step('reset to the fresh-user scenario', () => control.reset('fresh-user'));
  },
  run: async (context) => {
    const user = await submitForReview(context);
    await context.step('the review rejects with a reason: rejected, the reason shown', async () => {
      const decided = await context.control.decideIdentity({
        email: reviewed.email,
        decision: 'reject',
        reason: REASON,
      });
      checkEqual(decided.reject_reason, REASON, 'the reason the review kept');
      const cash = await user.ok(endpoints.user.getCashStatus, {});
      checkEqual(cash.identity_status, 'rejected', 'the identity');
      checkEqual(cash.identity_reject_reason, REASON, 'the reason the user reads');
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

// Identity review: shared by the verified and the rejected scenarios.
import { endpoints } from '@bourse/protocol';
import { checkEqual, signIn, type ScenarioContext } from '../scenario.ts';
import { accountOf } from './accounts.ts';
import type { WireClient } from '../wire.ts';

export const reviewed = accountOf('fresh-user');

/** a 1×1 PNG, as the app uploads a document photo */
const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** What the reviewed user submits. */
const DOCUMENTS = {
  name: 'Quinn Assurance',
  id_number: 'QA123456',
  phone: '+1 4155550123',
  birth_date: '1990-04-01',
  document_type: 'passport',
  front_image: PHOTO,
};

/** Signs the fresh user in, sees Not Verified, submits documents and sees Pending Review. */
export async function submitForReview({ client, step }: ScenarioContext): Promise<WireClient> {
  const user = client();
  await step('sign in: identity not verified', async () => {
    await signIn(user, reviewed);
    const cash = await user.ok(endpoints.user.getCashStatus, {});
    checkEqual(cash.identity_status, 'unverified', 'the identity');
  });
  await step('submit documents: pending review', async () => {
    const [document] = (await user.ok(endpoints.user.getDocumentType, {})).list;
    const reply = await user.ok(endpoints.user.setAuthentication, {
      ...DOCUMENTS,
      document_type: document?.id ?? DOCUMENTS.document_type,
    });
    checkEqual(reply.identity_status, 'pending', 'the reply');
    checkEqual((await user.ok(endpoints.user.info, {})).identity_status, 'pending', 'the account');
  });
  return user;
}

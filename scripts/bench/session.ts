// A signed-in session for the pages that need one, taken over the wire as the app's login does
// (signed headers, encrypted reply), and the local-storage entries the app reads it back from.
import { randomUUID } from 'node:crypto';
import { SCENARIOS } from '@bourse/fixtures';
import { CODES, endpoints, envelopeSchema, HEADERS, TIME_FIELD } from '@bourse/protocol';
import { createNodeCodec } from '@bourse/protocol/codec/node';

/** The demo account of the verified-trader scenario, which `npm start` starts from. */
export function demoAccount(): { email: string; password: string } {
  const user = SCENARIOS['verified-trader'].users[0];
  if (!user) throw new Error('the verified-trader scenario has no user');
  return { email: user.email, password: user.password };
}

/**
 * Signs in and answers what the app keeps in local storage for a session, keyed and encoded as
 * the app stores them (web/src/shared/storage: the `bourse.` prefix, effector-storage's JSON).
 */
export async function signedInStorage(
  origin: string,
  account: { email: string; password: string } = demoAccount(),
): Promise<Record<string, string>> {
  const codec = createNodeCodec();
  const uuid = randomUUID();
  const time = Date.now();
  const response = await fetch(`${origin}${endpoints.auth.login.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [HEADERS.language]: 'en',
      [HEADERS.uuid]: uuid,
      [HEADERS.token]: codec.signToken(null, time, uuid),
    },
    body: JSON.stringify({
      account: account.email,
      area_code: '',
      password: account.password,
      [TIME_FIELD]: time,
    }),
  });
  const envelope = envelopeSchema.parse(await response.json());
  if (envelope.code !== CODES.ok) throw new Error(`login refused: ${envelope.msg}`);
  const data: unknown =
    typeof envelope.data === 'string' ? JSON.parse(codec.decrypt(envelope.data)) : envelope.data;
  const { token, user } = endpoints.auth.login.response.parse(data);
  return {
    'bourse.uuid': JSON.stringify(uuid),
    'bourse.token': JSON.stringify(token),
    'bourse.is_login': JSON.stringify(true),
    'bourse.user_info': JSON.stringify(user),
  };
}

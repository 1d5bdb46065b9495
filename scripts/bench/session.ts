// A signed-in session for the pages that need one, taken over the wire as the app's login does
// (signed headers, encrypted reply), and the local-storage entries the app reads it back from.
import { randomUUID } from 'node:crypto';
import { SCENARIOS } from '@bourse/fixtures';
import {
  CODES,
  endpoints,
  envelopeSchema,
  HEADERS,
  TIME_FIELD,
  type ResponseOf,
} from '@bourse/protocol';
import { createNodeCodec } from '@bourse/protocol/codec/node';
import { VIEWER_COOKIE } from '@bourse/protocol/web-pages';
import type { Page } from 'playwright';

/** The demo account of the verified-trader scenario, which `npm start` starts from. */
export function demoAccount(): { email: string; password: string } {
  const user = SCENARIOS['verified-trader'].users[0];
  if (!user) throw new Error('the verified-trader scenario has no user');
  return { email: user.email, password: user.password };
}

/** A session taken over the wire: the device id it was signed with, the token and the user. */
export interface WireSession {
  uuid: string;
  token: string;
  user: ResponseOf<typeof endpoints.auth.login>['user'];
  /** whether the reply's data came encrypted, as the real backend sends it */
  encrypted: boolean;
}

/** Signs in at `origin` as the app's login does: signed headers, the reply decrypted. */
export async function wireSignIn(
  origin: string,
  account: { email: string; password: string } = demoAccount(),
  signal?: AbortSignal,
): Promise<WireSession> {
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
    ...(signal === undefined ? {} : { signal }),
  });
  const envelope = envelopeSchema.parse(await response.json());
  if (envelope.code !== CODES.ok)
    throw new Error(`login refused: ${String(envelope.code)} ${envelope.msg}`);
  const encrypted = typeof envelope.data === 'string';
  const data: unknown =
    typeof envelope.data === 'string' ? JSON.parse(codec.decrypt(envelope.data)) : envelope.data;
  const { token, user } = endpoints.auth.login.response.parse(data);
  return { uuid, token, user, encrypted };
}

/**
 * Signs in and answers what the app keeps in local storage for a session, keyed and encoded as
 * the app stores them (web/src/shared/storage: the `bourse.` prefix, effector-storage's JSON).
 */
export async function signedInStorage(
  origin: string,
  account: { email: string; password: string } = demoAccount(),
): Promise<Record<string, string>> {
  const { uuid, token, user } = await wireSignIn(origin, account);
  return {
    'bourse.uuid': JSON.stringify(uuid),
    'bourse.token': JSON.stringify(token),
    'bourse.is_login': JSON.stringify(true),
    'bourse.user_info': JSON.stringify(user),
  };
}

/**
 * Makes `page`'s device a guest's (`session` null) or a signed-in user's at `origin`: its local
 * storage written through a file beside index.html (the origin's storage, without starting the
 * app), and for a user the cookie the app keeps beside the login flag, by which a signed-in device
 * gets its routes' prerendered frames (the app sets it on its first start after signing in).
 */
export async function keepSessionOnDevice(
  page: Page,
  origin: string,
  session: Record<string, string> | null,
): Promise<void> {
  await page.goto(`${origin}/config.json`);
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, session ?? {});
  if (session !== null) {
    await page.context().addCookies([{ name: VIEWER_COOKIE, value: '1', url: origin }]);
  }
}

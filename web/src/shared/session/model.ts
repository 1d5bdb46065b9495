import { endpoints, userInfo as userInfoSchema, type UserInfo } from '@bourse/protocol';
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { z } from 'zod/mini';
import { createApiEffect, credentialsChanged, sessionExpired } from '#shared/api';
import { $language } from '#shared/i18n';
import { appStarted, keepPageCookie, uuidV4 } from '#shared/lib';
import { VIEWER_COOKIE } from '@bourse/protocol/web-pages';
import { navigated, PATHS } from '#shared/routing';
import { persistLocal } from '#shared/storage';

/** The per-install id; a new one is made when there is none (first start, or after a 401). */
export const $uuid = createStore('');
/** The session token from login or register; null for a guest. */
export const $token = createStore<string | null>(null);
/** The login flag of SPEC.md §3. */
export const $isLoggedIn = createStore(false);
/** The signed-in user as the server last described them. */
export const $userInfo = createStore<UserInfo | null>(null);

persistLocal($uuid, 'uuid', z.string());
persistLocal($token, 'token', z.nullable(z.string()));
persistLocal($isLoggedIn, 'isLogin', z.boolean());
persistLocal($userInfo, 'userInfo', z.nullable(userInfoSchema));

/** Login or register answered with a session. */
export const sessionStarted = createEvent<{ token: string; user: UserInfo }>();
/** The user logged out, or deleted the account: the session ends and nothing is kept. */
export const sessionEnded = createEvent();
export const userInfoUpdated = createEvent<UserInfo>();

const makeUuidFx = createEffect(() => uuidV4());

export const fetchUserInfoFx = createApiEffect(endpoints.user.info);
export const logoutFx = createApiEffect(endpoints.user.logout);

// A uuid exists before the first call: made once stored state has been read, and again
// whenever a session is cleared.
sample({ clock: appStarted, source: $uuid, filter: (uuid) => uuid === '', target: makeUuidFx });
sample({ clock: makeUuidFx.doneData, target: $uuid });

sample({ clock: sessionStarted, fn: ({ token }) => token, target: $token });
sample({ clock: sessionStarted, fn: () => true, target: $isLoggedIn });
sample({ clock: sessionStarted, fn: ({ user }) => user, target: $userInfo });
sample({ clock: [userInfoUpdated, fetchUserInfoFx.doneData], target: $userInfo });

// Beside the login flag, for the server: a signed-in device's next visit gets the frame of a
// signed-in screen, a guest's the guest's screen (never the session itself).
const keepViewerCookieFx = createEffect((loggedIn: boolean) => {
  keepPageCookie(VIEWER_COOKIE, loggedIn ? '1' : '0');
});
sample({
  clock: [appStarted, $isLoggedIn.updates],
  source: $isLoggedIn,
  target: keepViewerCookieFx,
});

// A resumed session refreshes who the user is.
sample({ clock: appStarted, filter: $isLoggedIn, fn: () => ({}), target: fetchUserInfoFx });

/**
 * A 401 clears the user info, uuid and token, turns the flag off and goes to the login page,
 * once, however many calls failed together: after the first, the flag is off.
 */
const sessionCleared = createEvent();
const expiredWhileLoggedIn = sample({
  clock: sessionExpired,
  source: { loggedIn: $isLoggedIn, user: $userInfo },
  filter: ({ loggedIn }) => loggedIn,
  // whose session it was, read before it is cleared
  fn: ({ user }) => user?.user_id ?? null,
});
sample({ clock: expiredWhileLoggedIn, target: sessionCleared });

/** The server ended the last session (a 401), not the user: the login page says so. */
export const $sessionExpiredNotice = createStore(false)
  .on(expiredWhileLoggedIn, () => true)
  .reset(sessionStarted, sessionEnded);
sample({ clock: sessionEnded, target: sessionCleared });

/**
 * How the last session ended, for the page to return to after signing in again: a page the user
 * was on when the server ended their session is theirs alone (another user signing in at this
 * device lands on the landing page), and a log out forgets it.
 */
export type SessionEnd = { reason: 'logout' } | { reason: 'expired'; userId: string | null };
export const $sessionEnd = createStore<SessionEnd | null>(null)
  .on(sessionEnded, () => ({ reason: 'logout' }))
  .reset(sessionStarted);
sample({
  clock: expiredWhileLoggedIn,
  fn: (userId): SessionEnd => ({ reason: 'expired', userId }),
  target: $sessionEnd,
});

/** What a guest is sent to log in with: the page to return to, and whose it is (null: anyone's). */
export interface ReturnTarget {
  readonly from: string;
  readonly owner: string | null;
}

/** The return target of a page a guest was turned away from; none after a log out. */
export const returnTargetOf = (path: string, end: SessionEnd | null): ReturnTarget | null =>
  end?.reason === 'logout'
    ? null
    : { from: path, owner: end?.reason === 'expired' ? end.userId : null };

/** The page to go back to for `userId`, when the target is theirs (or anyone's). */
export const returnPathFor = (
  target: { from: string | null; owner: string | null },
  userId: string | null,
): string | null =>
  target.from !== null && (target.owner === null || target.owner === userId) ? target.from : null;
$token.reset(sessionCleared);
$isLoggedIn.reset(sessionCleared);
$userInfo.reset(sessionCleared);
$uuid.reset(sessionCleared);
sample({ clock: sessionCleared, target: makeUuidFx });
sample({
  clock: sessionCleared,
  fn: () => ({ to: PATHS.login, replace: true }),
  target: navigated,
});

/** Logging out tells the server, then ends the session whatever it answered. */
export const logoutRequested = createEvent();
sample({ clock: logoutRequested, fn: () => ({}), target: logoutFx });
sample({ clock: logoutFx.finally, target: sessionEnded });

// Every call is signed with the current uuid, token and language.
sample({
  clock: combine({ uuid: $uuid, token: $token, language: $language }),
  target: credentialsChanged,
});

import { createCopyAction } from '#shared/ui/copy';
import { fetchUserInfoFx, logoutRequested, rememberedAccountForgotten } from '#shared/session';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

/** The personal centre is on screen. */
export const UserPageGate = createGate<Record<string, never>>({
  name: 'UserPage',
  defaultState: {},
});

// ---- who the user is ------------------------------------------------------------------

/** The user info could not be refreshed (what is shown is the last known one, if any). */
export const $userLoadFailed = createStore(false)
  .on(fetchUserInfoFx.fail, () => true)
  .reset(fetchUserInfoFx);
export const $userLoading = fetchUserInfoFx.pending;

export const userRetried = createEvent();

// Every visit refreshes the user: the identity status and account type change on the server.
sample({ clock: [UserPageGate.open, userRetried], fn: () => ({}), target: fetchUserInfoFx });

// ---- copying the user id and the invite code --------------------------------------------

export const { copyRequested, copyTextFx } = createCopyAction({
  copied: 'user.copied',
  failed: 'user.copyFailed',
});

// ---- logging out ----------------------------------------------------------------------

export const logoutClicked = createEvent();
export const logoutConfirmed = createEvent();
export const logoutDismissed = createEvent();

export const $logoutAsked = createStore(false)
  .on(logoutClicked, () => true)
  .reset(logoutConfirmed, logoutDismissed, UserPageGate.close);

/** "Forget me on this device": the log out also forgets the account the login form remembers. */
export const forgetMeToggled = createEvent<boolean>();
export const $forgetMe = createStore(false)
  .on(forgetMeToggled, (_, forget) => forget)
  .reset(logoutClicked, UserPageGate.close);

sample({ clock: logoutConfirmed, filter: $forgetMe, target: rememberedAccountForgotten });
sample({ clock: logoutConfirmed, target: logoutRequested });

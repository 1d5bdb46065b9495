import { endpoints, type AccountMode } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import { createCopyAction } from '#shared/ui/copy';
import { notifyFx } from '#shared/ui/toast';
import {
  $accountType,
  $userInfo,
  accountTypeChanged,
  fetchUserInfoFx,
  logoutRequested,
  rememberedAccountForgotten,
  userInfoUpdated,
} from '#shared/session';
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

// ---- real and demo accounts (SPEC.md §4) ----------------------------------------------

export const changeAccountModeFx = createApiEffect(endpoints.user.changeMock);

/** The user flipped the account switch: ask first, nothing changes yet. */
export const accountSwitchRequested = createEvent();
export const accountSwitchConfirmed = createEvent();
export const accountSwitchDismissed = createEvent();

/** The account the confirmation sheet offers to switch to (kept while the sheet closes). */
export const $switchTarget = createStore<AccountMode>('demo');
/** The confirmation sheet is open. */
export const $switchAsked = createStore(false);
export const $switching = changeAccountModeFx.pending;

const switchAsked = sample({
  clock: accountSwitchRequested,
  source: $accountType,
  filter: $switching.map((switching) => !switching),
  fn: (current): AccountMode => (current === 'real' ? 'demo' : 'real'),
});
sample({ clock: switchAsked, target: $switchTarget });
sample({ clock: switchAsked, fn: () => true, target: $switchAsked });

sample({
  clock: accountSwitchConfirmed,
  source: $switchTarget,
  filter: $switchAsked,
  fn: (account_mode) => ({ account_mode }),
  target: changeAccountModeFx,
});
$switchAsked.reset(accountSwitchDismissed, changeAccountModeFx, UserPageGate.close);

sample({
  clock: changeAccountModeFx.doneData,
  source: $userInfo,
  filter: Boolean,
  fn: (user, { account_mode }) => ({ ...user, account_mode }),
  target: userInfoUpdated,
});
sample({
  clock: changeAccountModeFx.doneData,
  fn: ({ account_mode }) => account_mode,
  target: accountTypeChanged,
});
sample({
  clock: changeAccountModeFx.doneData,
  fn: ({ account_mode }) =>
    account_mode === 'demo' ? 'user.switch.nowDemo' : 'user.switch.nowReal',
  target: notifyFx,
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

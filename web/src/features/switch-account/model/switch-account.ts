import { endpoints, type AccountMode } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import { $accountType, $userInfo, accountTypeChanged, userInfoUpdated } from '#shared/session';
import { notifyFx } from '#shared/ui/toast';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

/** The confirmation sheet is on a screen (the personal centre, or where demo stands in the way). */
export const SwitchSheetGate = createGate<Record<string, never>>({
  name: 'SwitchSheet',
  defaultState: {},
});

export const changeAccountModeFx = createApiEffect(endpoints.user.changeMock);

/** The user asked to switch between real and demo (SPEC.md §4): ask first, nothing changes yet. */
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
$switchAsked.reset(accountSwitchDismissed, changeAccountModeFx, SwitchSheetGate.close);

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
    account_mode === 'demo' ? 'accountSwitch.nowDemo' : 'accountSwitch.nowReal',
  target: notifyFx,
});

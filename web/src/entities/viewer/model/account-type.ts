import { accountMode, type AccountMode } from '@bourse/protocol';
import { $userInfo } from '#shared/session';
import { persistLocal } from '#shared/storage';
import { createEvent, createStore, sample } from 'effector';

/**
 * Which set of accounts the user trades with (SPEC.md §3 `account type`, real by default). It
 * is kept locally so that screens know it before the user info arrives; the server's
 * `account_mode` is the truth and overrides it whenever the user info changes.
 */
export const $accountType = createStore<AccountMode>('real');
persistLocal($accountType, 'accountType', accountMode);

/** The server confirmed a switch between the real and the demo accounts. */
export const accountTypeChanged = createEvent<AccountMode>();

sample({ clock: accountTypeChanged, target: $accountType });

sample({
  clock: $userInfo,
  fn: (user): AccountMode => user?.account_mode ?? 'real',
  target: $accountType,
});

import { accountMode, type AccountMode, type UserInfo } from '@bourse/protocol';
import { mirrorLocal } from '#shared/storage';
import { createEvent, sample } from 'effector';
import { $userInfo, userInfoUpdated } from './model.ts';

/**
 * Which set of accounts the user trades with (SPEC.md §3 `account type`, real by default): the
 * kept user info's `account_mode`, the server's word. One copy of the fact: a separate store read
 * from the device at start would miss that start when its page's code loads later, and would
 * disagree with the kept user info after a switch.
 */
export const $accountType = $userInfo.map((user): AccountMode => user?.account_mode ?? 'real');
// SPEC.md §3 lists the account type among the device's keys: kept there too, never read back.
mirrorLocal($accountType, 'accountType', accountMode);

/** The server confirmed a switch between the real and the demo accounts. */
export const accountTypeChanged = createEvent<AccountMode>();

sample({
  clock: accountTypeChanged,
  source: $userInfo,
  filter: (user: UserInfo | null): user is UserInfo => user !== null,
  fn: (user, mode): UserInfo => ({ ...user, account_mode: mode }),
  target: userInfoUpdated,
});

import { EXAMPLE_USER, type UserInfo } from '@bourse/protocol';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $accountType, accountTypeChanged } from './account-type.ts';
import { $isLoggedIn, $userInfo, sessionEnded, userInfoUpdated } from './model.ts';

const USER: UserInfo = { ...EXAMPLE_USER };

describe('the account type', () => {
  it('is real by default', () => {
    expect(fork().getState($accountType)).toBe('real');
  });

  it('follows the account mode the server reports for the user', async () => {
    const scope = fork({ values: [[$userInfo, USER]] });

    await allSettled(userInfoUpdated, { scope, params: { ...USER, account_mode: 'demo' } });

    expect(scope.getState($accountType)).toBe('demo');
  });

  it('takes a confirmed switch', async () => {
    const scope = fork({ values: [[$userInfo, USER]] });

    await allSettled(accountTypeChanged, { scope, params: 'demo' });

    expect(scope.getState($accountType)).toBe('demo');
  });

  it('keeps the kept user info in step with a confirmed switch, so a restart stays on it', async () => {
    const scope = fork({ values: [[$userInfo, USER]] });

    await allSettled(accountTypeChanged, { scope, params: 'demo' });

    expect(scope.getState($userInfo)?.account_mode).toBe('demo');
    expect(scope.getState($accountType)).toBe('demo');
  });

  it('goes back to real when the session ends', async () => {
    const scope = fork({
      values: [
        [$userInfo, { ...USER, account_mode: 'demo' }],
        [$isLoggedIn, true],
      ],
    });

    await allSettled(sessionEnded, { scope });

    expect(scope.getState($accountType)).toBe('real');
  });
});

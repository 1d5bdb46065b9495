import { EXAMPLE_USER } from '@bourse/protocol';
import { allSettled, createWatch, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $credentials, ApiError, sessionExpired } from '#shared/api';
import { appStarted } from '#shared/lib';
import { navigated, navigateFx, PATHS } from '#shared/routing';
import {
  $isLoggedIn,
  $sessionEnd,
  $sessionExpiredNotice,
  $token,
  $userInfo,
  $uuid,
  fetchUserInfoFx,
  logoutFx,
  logoutRequested,
  returnPathFor,
  returnTargetOf,
  sessionStarted,
} from './model.ts';

const user = { ...EXAMPLE_USER };

function setup(values: { loggedIn?: boolean } = {}) {
  const navigate = vi.fn();
  const scope = fork({
    values: values.loggedIn
      ? [
          [$token, 'tok'],
          [$isLoggedIn, true],
          [$userInfo, user],
          [$uuid, 'old-uuid'],
        ]
      : [],
    handlers: [
      [navigateFx, navigate],
      [fetchUserInfoFx, () => user],
      [logoutFx, () => ({})],
    ],
  });
  return { scope, navigate };
}

describe('the session', () => {
  it('makes a uuid on first start and signs calls with it', async () => {
    const { scope } = setup();
    await allSettled(appStarted, { scope });
    const uuid = scope.getState($uuid);
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(scope.getState($credentials)).toMatchObject({ uuid, token: null, language: 'en' });
  });

  it('starts on login and signs calls with the token', async () => {
    const { scope } = setup();
    await allSettled(appStarted, { scope });
    await allSettled(sessionStarted, { scope, params: { token: 'abc', user } });
    expect(scope.getState($isLoggedIn)).toBe(true);
    expect(scope.getState($userInfo)?.email).toBe(user.email);
    expect(scope.getState($credentials).token).toBe('abc');
  });

  it('on 401 clears user info, uuid and token, and goes to login once however many calls failed', async () => {
    const { scope } = setup({ loggedIn: true });
    const navigate = vi.fn();
    createWatch({ unit: navigated, fn: navigate, scope });
    await Promise.all([
      allSettled(sessionExpired, { scope }),
      allSettled(sessionExpired, { scope }),
      allSettled(sessionExpired, { scope }),
    ]);
    expect(scope.getState($isLoggedIn)).toBe(false);
    expect(scope.getState($token)).toBeNull();
    expect(scope.getState($userInfo)).toBeNull();
    expect(scope.getState($uuid)).not.toBe('old-uuid');
    expect(scope.getState($uuid)).not.toBe('');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0]?.[0]).toMatchObject({ to: PATHS.login, replace: true });
  });

  it('remembers that the server ended the session, until the next one starts', async () => {
    const { scope } = setup({ loggedIn: true });
    expect(scope.getState($sessionExpiredNotice)).toBe(false);
    await allSettled(sessionExpired, { scope });
    expect(scope.getState($sessionExpiredNotice)).toBe(true);
    await allSettled(sessionStarted, { scope, params: { token: 'abc', user } });
    expect(scope.getState($sessionExpiredNotice)).toBe(false);
  });

  it('says nothing of an expired session after a log out, or for a guest refused', async () => {
    const { scope } = setup({ loggedIn: true });
    await allSettled(logoutRequested, { scope });
    expect(scope.getState($sessionExpiredNotice)).toBe(false);
    await allSettled(sessionExpired, { scope });
    expect(scope.getState($sessionExpiredNotice)).toBe(false);
  });

  it('keeps whose session the server ended, and forgets the page to return to on a log out', async () => {
    const expired = setup({ loggedIn: true });
    await allSettled(sessionExpired, { scope: expired.scope });
    const end = expired.scope.getState($sessionEnd);
    expect(end).toEqual({ reason: 'expired', userId: user.user_id });
    expect(returnTargetOf('/pages/user/user', end)).toEqual({
      from: '/pages/user/user',
      owner: user.user_id,
    });
    expect(returnPathFor({ from: '/pages/user/user', owner: user.user_id }, user.user_id)).toBe(
      '/pages/user/user',
    );
    expect(returnPathFor({ from: '/pages/user/user', owner: user.user_id }, 'someone-else')).toBe(
      null,
    );

    const loggedOut = setup({ loggedIn: true });
    await allSettled(logoutRequested, { scope: loggedOut.scope });
    expect(returnTargetOf('/pages/user/user', loggedOut.scope.getState($sessionEnd))).toBeNull();
    await allSettled(sessionStarted, { scope: loggedOut.scope, params: { token: 'abc', user } });
    expect(loggedOut.scope.getState($sessionEnd)).toBeNull();
    // A guest who never signed in here: anyone's.
    expect(returnTargetOf('/pages/user/user', null)).toEqual({
      from: '/pages/user/user',
      owner: null,
    });
  });

  it('refreshes who the user is when a stored session resumes', async () => {
    const { scope } = setup({ loggedIn: true });
    const calls = vi.fn();
    createWatch({ unit: fetchUserInfoFx, fn: calls, scope });
    await allSettled(appStarted, { scope });
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('logs out even when the server call fails', async () => {
    const navigate = vi.fn();
    const scope = fork({
      values: [
        [$token, 'tok'],
        [$isLoggedIn, true],
      ],
      handlers: [
        [navigateFx, navigate],
        [
          logoutFx,
          () => {
            throw new ApiError({ kind: 'transport', msg: 'offline' });
          },
        ],
      ],
    });
    await allSettled(logoutRequested, { scope });
    expect(scope.getState($isLoggedIn)).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});

import { EXAMPLE_USER, type UserInfo } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { $isLoggedIn, $userInfo, forgetRememberedAccountFx } from '#shared/session';
import { showToastFx } from '#shared/ui/toast';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import {
  $forgetMe,
  $logoutAsked,
  $userLoadFailed,
  copyRequested,
  copyTextFx,
  forgetMeToggled,
  logoutClicked,
  logoutConfirmed,
  logoutDismissed,
  UserPageGate,
  userRetried,
} from './model.ts';

const USER: UserInfo = { ...EXAMPLE_USER };

function setup(replies: Record<string, Reply> = {}, user: UserInfo = USER) {
  const api = fakeClient({
    '/api/users/changeMock': (body) => body,
    '/api/users/logout': () => ({}),
    '/api/users/info': () => user,
    ...replies,
  });
  const toasts: string[] = [];
  const copied: string[] = [];
  const forgotten = vi.fn();
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$userInfo, user],
      [$isLoggedIn, true],
    ],
    handlers: [
      [showToastFx, (text: string) => void toasts.push(text)],
      [copyTextFx, (text: string) => void copied.push(text)],
      [forgetRememberedAccountFx, forgotten],
    ],
  });
  // This suite compares what was sent, not who sent it.
  return { scope, api: { calls: api.sent, paths: api.paths }, toasts, copied, forgotten };
}

describe('entering the personal centre', () => {
  it('refreshes the user from the server', async () => {
    const fresh: UserInfo = { ...USER, identity_status: 'verified', nickname: 'Fresh' };
    const { scope, api } = setup({ '/api/users/info': () => fresh });

    await allSettled(UserPageGate.open, { scope, params: {} });

    expect(api.paths()).toStrictEqual(['/api/users/info']);
    expect(scope.getState($userInfo)).toStrictEqual(fresh);
  });

  it('keeps the last known user when the refresh fails, and a retry asks again', async () => {
    const { scope, api } = setup({ '/api/users/info': failWith(403, 'nope') });

    await allSettled(UserPageGate.open, { scope, params: {} });

    expect(scope.getState($userLoadFailed)).toBe(true);
    expect(scope.getState($userInfo)).toStrictEqual(USER);

    await allSettled(userRetried, { scope });
    expect(api.paths()).toStrictEqual(['/api/users/info', '/api/users/info']);
  });
});

describe('copying', () => {
  it('copies the invite code and says so', async () => {
    const { scope, copied, toasts } = setup();

    await allSettled(copyRequested, { scope, params: 'K7Q2M9' });

    expect(copied).toStrictEqual(['K7Q2M9']);
    expect(toasts).toStrictEqual(['user.copied']);
  });

  it('says so when the clipboard refuses', async () => {
    const toasts: string[] = [];
    const refused = vi.fn(() => Promise.reject(new Error('denied')));
    const scope = fork({
      handlers: [
        [copyTextFx, refused],
        [showToastFx, (text: string) => void toasts.push(text)],
      ],
    });

    await allSettled(copyRequested, { scope, params: '100001' });

    expect(refused).toHaveBeenCalledWith('100001');
    expect(toasts).toStrictEqual(['user.copyFailed']);
  });
});

describe('logging out', () => {
  it('asks first, then tells the server and ends the session', async () => {
    const { scope, api } = setup();

    await allSettled(logoutClicked, { scope });
    expect(scope.getState($logoutAsked)).toBe(true);
    expect(api.calls).toHaveLength(0);

    await allSettled(logoutConfirmed, { scope });

    expect(api.paths()).toStrictEqual(['/api/users/logout']);
    expect(scope.getState($isLoggedIn)).toBe(false);
    expect(scope.getState($userInfo)).toBeNull();
    expect(scope.getState($logoutAsked)).toBe(false);
  });

  it('keeps the remembered account unless "Forget me" is ticked', async () => {
    const { scope, forgotten } = setup();

    await allSettled(logoutClicked, { scope });
    expect(scope.getState($forgetMe)).toBe(false);
    await allSettled(logoutConfirmed, { scope });

    expect(forgotten).not.toHaveBeenCalled();
  });

  it('with "Forget me" ticked, also forgets the remembered account', async () => {
    const { scope, forgotten } = setup();

    await allSettled(logoutClicked, { scope });
    await allSettled(forgetMeToggled, { scope, params: true });
    await allSettled(logoutConfirmed, { scope });

    expect(forgotten).toHaveBeenCalledOnce();
    expect(scope.getState($isLoggedIn)).toBe(false);
  });

  it('a dismissed question keeps the user signed in', async () => {
    const { scope, api } = setup();

    await allSettled(logoutClicked, { scope });
    await allSettled(logoutDismissed, { scope });

    expect(api.calls).toHaveLength(0);
    expect(scope.getState($isLoggedIn)).toBe(true);
  });
});

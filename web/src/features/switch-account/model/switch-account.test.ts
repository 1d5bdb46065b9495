import { EXAMPLE_USER, type UserInfo } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { $accountType, $isLoggedIn, $userInfo } from '#shared/session';
import { showToastFx } from '#shared/ui/toast';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $switchAsked,
  $switchTarget,
  accountSwitchConfirmed,
  accountSwitchDismissed,
  accountSwitchRequested,
  SwitchSheetGate,
} from './switch-account.ts';

const USER: UserInfo = { ...EXAMPLE_USER };

function setup(replies: Record<string, Reply> = {}, user: UserInfo = USER) {
  const api = fakeClient({ '/api/users/changeMock': (body) => body, ...replies });
  const toasts: string[] = [];
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$userInfo, user],
      [$isLoggedIn, true],
    ],
    handlers: [[showToastFx, (text: string) => void toasts.push(text)]],
  });
  return { scope, api: { calls: api.sent, paths: api.paths }, toasts };
}

describe('switching between the real and the demo account', () => {
  it('asks first and calls nothing until the user confirms', async () => {
    const { scope, api } = setup();

    await allSettled(accountSwitchRequested, { scope });

    expect(scope.getState($switchAsked)).toBe(true);
    expect(scope.getState($switchTarget)).toBe('demo');
    expect(api.calls).toHaveLength(0);
    expect(scope.getState($accountType)).toBe('real');
  });

  it('dismissing the question changes nothing', async () => {
    const { scope, api } = setup();

    await allSettled(accountSwitchRequested, { scope });
    await allSettled(accountSwitchDismissed, { scope });
    await allSettled(accountSwitchConfirmed, { scope });

    expect(scope.getState($switchAsked)).toBe(false);
    expect(api.calls).toHaveLength(0);
    expect(scope.getState($userInfo)?.account_mode).toBe('real');
  });

  it('after confirmation switches to demo and updates the user and the account type', async () => {
    const { scope, api, toasts } = setup();

    await allSettled(accountSwitchRequested, { scope });
    await allSettled(accountSwitchConfirmed, { scope });

    expect(api.calls).toStrictEqual([
      { path: '/api/users/changeMock', body: { account_mode: 'demo' } },
    ]);
    expect(scope.getState($userInfo)).toStrictEqual({ ...USER, account_mode: 'demo' });
    expect(scope.getState($accountType)).toBe('demo');
    expect(scope.getState($switchAsked)).toBe(false);
    expect(toasts).toStrictEqual(['accountSwitch.nowDemo']);
  });

  it('from the demo account offers the way back to the real one', async () => {
    const { scope, api } = setup({}, { ...USER, account_mode: 'demo' });

    await allSettled(accountSwitchRequested, { scope });
    expect(scope.getState($switchTarget)).toBe('real');
    await allSettled(accountSwitchConfirmed, { scope });

    expect(api.calls[0]?.body).toStrictEqual({ account_mode: 'real' });
    expect(scope.getState($accountType)).toBe('real');
    expect(scope.getState($userInfo)?.account_mode).toBe('real');
  });

  it('a refused switch leaves the account as it was', async () => {
    const { scope, toasts } = setup({ '/api/users/changeMock': failWith(500, 'Not now') });

    await allSettled(accountSwitchRequested, { scope });
    await allSettled(accountSwitchConfirmed, { scope });

    expect(scope.getState($accountType)).toBe('real');
    expect(scope.getState($userInfo)?.account_mode).toBe('real');
    expect(toasts).toStrictEqual([]);
  });
});

describe('the switch offered where demo stands in the way', () => {
  it('forgets an open question when its screen is left', async () => {
    const { scope, api } = setup({}, { ...USER, account_mode: 'demo' });
    await allSettled(SwitchSheetGate.open, { scope, params: {} });

    await allSettled(accountSwitchRequested, { scope });
    await allSettled(SwitchSheetGate.close, { scope, params: {} });
    await allSettled(accountSwitchConfirmed, { scope });

    expect(scope.getState($switchAsked)).toBe(false);
    expect(api.calls).toHaveLength(0);
    expect(scope.getState($accountType)).toBe('demo');
  });
});

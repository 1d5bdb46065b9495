import { EXAMPLE_USER, type UserInfo } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { PATHS, returnFx } from '#shared/routing';
import { showToastFx } from '#shared/ui/toast';
import { $userInfo } from '#shared/session';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import {
  $nickname,
  $nicknameError,
  $nicknameLength,
  NamePageGate,
  nicknameChanged,
  saveClicked,
} from './model.ts';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';

const USER: UserInfo = { ...EXAMPLE_USER, nickname: 'Trader 100001' };

function setup(replies: Record<string, Reply> = {}) {
  const api = fakeClient({ '/api/users/setNickname': (body) => body, ...replies });
  const toasts: string[] = [];
  const goBack = vi.fn();
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$userInfo, USER],
    ],
    handlers: [
      [showToastFx, (text: string) => void toasts.push(text)],
      [returnFx, goBack],
    ],
  });
  return { scope, api, toasts, goBack };
}

async function typed(scope: ReturnType<typeof setup>['scope'], nickname: string) {
  await allSettled(NamePageGate.open, { scope, params: {} });
  await allSettled(nicknameChanged, { scope, params: nickname });
  await allSettled(saveClicked, { scope });
}

describe('editing the nickname', () => {
  it('starts from the current nickname', async () => {
    const { scope } = setup();

    await allSettled(NamePageGate.open, { scope, params: {} });

    expect(scope.getState($nickname)).toBe('Trader 100001');
  });

  it('refuses an empty nickname without calling', async () => {
    const { scope, api } = setup();

    await typed(scope, '   ');

    expect(scope.getState($nicknameError)).toStrictEqual({ key: 'validation.required' });
    expect(api.calls).toHaveLength(0);
    expect(scope.getState($nickname)).toBe('   ');
  });

  it('refuses more than 20 characters without calling, and keeps what was typed', async () => {
    const { scope, api } = setup();
    const long = 'A nickname far too long';

    await typed(scope, long);

    expect(scope.getState($nicknameLength)).toBe(23);
    expect(scope.getState($nicknameError)).toStrictEqual({ key: 'setupName.tooLong' });
    expect(api.calls).toHaveLength(0);
    expect(scope.getState($nickname)).toBe(long);
  });

  it('typing again clears the error', async () => {
    const { scope } = setup();

    await typed(scope, '');
    await allSettled(nicknameChanged, { scope, params: 'M' });

    expect(scope.getState($nicknameError)).toBeNull();
  });

  it('saves the trimmed nickname, updates the user and goes back', async () => {
    const { scope, api, toasts, goBack } = setup();

    await typed(scope, '  Moonwalker  ');

    expect(api.calls.map(({ path, body }) => ({ path, body }))).toStrictEqual([
      { path: '/api/users/setNickname', body: { nickname: 'Moonwalker' } },
    ]);
    expect(scope.getState($userInfo)?.nickname).toBe('Moonwalker');
    expect(toasts).toStrictEqual(['setupName.saved']);
    expect(goBack).toHaveBeenCalledWith(expect.objectContaining({ fallback: PATHS.setup }));
  });

  it('an unchanged nickname goes back without calling', async () => {
    const { scope, api, goBack } = setup();

    await typed(scope, 'Trader 100001 ');

    expect(api.calls).toHaveLength(0);
    expect(goBack).toHaveBeenCalledTimes(1);
  });

  it('shows the server refusal next to the field and stays', async () => {
    const { scope, goBack } = setup({
      '/api/users/setNickname': failWith(400, 'nickname: must be at most 20 characters'),
    });

    await typed(scope, 'Moonwalker');

    expect(scope.getState($nicknameError)).toStrictEqual({
      text: 'must be at most 20 characters',
    });
    expect(scope.getState($userInfo)?.nickname).toBe('Trader 100001');
    expect(goBack).not.toHaveBeenCalled();
  });
});

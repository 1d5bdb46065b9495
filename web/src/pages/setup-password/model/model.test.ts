import { $apiClient } from '#shared/api';
import { PATHS, returnFx } from '#shared/routing';
import { showToastFx } from '#shared/ui/toast';
import { $isLoggedIn, $token } from '#shared/session';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import {
  $errors,
  $values,
  fieldChanged,
  PasswordPageGate,
  submitted,
  type PasswordValues,
} from './model.ts';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';

function setup(replies: Record<string, Reply> = {}) {
  const api = fakeClient({ '/api/users/changePassword': () => ({}), ...replies });
  const toasts: string[] = [];
  const goBack = vi.fn();
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$isLoggedIn, true],
      [$token, 'token-of-the-session'],
    ],
    handlers: [
      [showToastFx, (text: string) => void toasts.push(text)],
      [returnFx, goBack],
    ],
  });
  return { scope, api, toasts, goBack };
}

async function fill(scope: ReturnType<typeof setup>['scope'], values: PasswordValues) {
  await allSettled(PasswordPageGate.open, { scope, params: {} });
  for (const field of ['current', 'next', 'confirm'] as const) {
    await allSettled(fieldChanged, { scope, params: { field, value: values[field] } });
  }
  await allSettled(submitted, { scope });
}

describe('changing the password', () => {
  it('checks every field before calling', async () => {
    const { scope, api } = setup();

    await fill(scope, { current: '', next: 'short', confirm: 'other' });

    expect(scope.getState($errors)).toStrictEqual({
      current: { key: 'validation.required' },
      next: { key: 'validation.password' },
      confirm: { key: 'validation.passwordsMismatch' },
    });
    expect(api.calls).toHaveLength(0);
    expect(scope.getState($values)).toStrictEqual({
      current: '',
      next: 'short',
      confirm: 'other',
    });
  });

  it('refuses a new password equal to the current one', async () => {
    const { scope, api } = setup();

    await fill(scope, { current: 'Secret123', next: 'Secret123', confirm: 'Secret123' });

    expect(scope.getState($errors)).toStrictEqual({ next: { key: 'setupPassword.same' } });
    expect(api.calls).toHaveLength(0);
  });

  it('sends the three fields, says so, goes back and keeps the session', async () => {
    const { scope, api, toasts, goBack } = setup();

    await fill(scope, { current: 'Secret123', next: 'Better456', confirm: 'Better456' });

    expect(api.calls.map(({ path, body }) => ({ path, body }))).toStrictEqual([
      {
        path: '/api/users/changePassword',
        body: { old_password: 'Secret123', password: 'Better456', confirm_password: 'Better456' },
      },
    ]);
    expect(toasts).toStrictEqual(['setupPassword.changed']);
    expect(goBack).toHaveBeenCalledWith(expect.objectContaining({ fallback: PATHS.setup }));
    expect(scope.getState($isLoggedIn)).toBe(true);
    expect(scope.getState($token)).toBe('token-of-the-session');
    expect(scope.getState($values)).toStrictEqual({ current: '', next: '', confirm: '' });
  });

  it('puts a wrong current password next to its field and keeps what was typed', async () => {
    const { scope, goBack } = setup({
      '/api/users/changePassword': failWith(400, 'old_password: The current password is incorrect'),
    });

    await fill(scope, { current: 'Wrong1234', next: 'Better456', confirm: 'Better456' });

    expect(scope.getState($errors)).toStrictEqual({
      current: { text: 'The current password is incorrect' },
    });
    expect(scope.getState($values).next).toBe('Better456');
    expect(goBack).not.toHaveBeenCalled();
  });

  it('puts the server refusal of the new password next to the new password', async () => {
    const { scope } = setup({
      '/api/users/changePassword': failWith(
        400,
        'password: The new password must differ from the current one',
      ),
    });

    await fill(scope, { current: 'Secret123', next: 'Better456', confirm: 'Better456' });

    expect(scope.getState($errors)).toStrictEqual({
      next: { text: 'The new password must differ from the current one' },
    });
  });

  it('editing a field clears its error only', async () => {
    const { scope } = setup();

    await fill(scope, { current: '', next: '', confirm: '' });
    await allSettled(fieldChanged, { scope, params: { field: 'current', value: 'S' } });

    expect(Object.keys(scope.getState($errors))).toStrictEqual(['next', 'confirm']);
  });

  it('forgets the passwords when the page is left', async () => {
    const { scope } = setup();

    await allSettled(PasswordPageGate.open, { scope, params: {} });
    await allSettled(fieldChanged, { scope, params: { field: 'current', value: 'Secret123' } });
    await allSettled(PasswordPageGate.close, { scope, params: {} });

    expect(scope.getState($values).current).toBe('');
  });
});

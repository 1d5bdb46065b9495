import { endpoints } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { $navigator, PATHS } from '#shared/routing';
import { recordNavigations } from '#shared/routing/testing';
import { allSettled, fork, type Scope } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import {
  $codeSentTo,
  $errors,
  $form,
  $formError,
  codeChanged,
  codeRequested,
  confirmPasswordChanged,
  emailChanged,
  loginAfterReset,
  passwordChanged,
  submitted,
} from './forget.ts';

/** What the server answers unless a test says otherwise. */
const DEFAULT_REPLIES: Record<string, Reply> = {
  // resend_in 0: no countdown timers in these tests (the feature's own tests count down)
  [endpoints.auth.sendEmail.path]: () => ({ expires_in: 600, resend_in: 0 }),
  [endpoints.auth.forget.path]: () => ({}),
};

function setup(replies: Record<string, Reply> = {}) {
  const api = fakeClient({ ...DEFAULT_REPLIES, ...replies });
  const navigate = vi.fn();
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$navigator, { navigate }],
    ],
  });
  return { scope, api, navigate, ...recordNavigations(scope) };
}

async function fill(scope: Scope, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    email: 'trader@example.com',
    code: '654321',
    password: 'Better456',
    confirm: 'Better456',
    ...overrides,
  };
  await allSettled(emailChanged, { scope, params: values.email });
  await allSettled(codeChanged, { scope, params: values.code });
  await allSettled(passwordChanged, { scope, params: values.password });
  await allSettled(confirmPasswordChanged, { scope, params: values.confirm });
}

describe('checks before calling', () => {
  it('an empty form: each field says what it needs, and no call', async () => {
    const { scope, api } = setup();

    await allSettled(submitted, { scope });

    expect(scope.getState($errors)).toEqual({
      email: { key: 'validation.required' },
      code: { key: 'validation.required' },
      password: { key: 'validation.required' },
      confirmPassword: { key: 'validation.required' },
    });
    expect(api.callsTo(endpoints.auth.forget)).toHaveLength(0);
  });

  it('a 5-digit code, a weak password and a mismatch are caught', async () => {
    const { scope, api } = setup();
    await fill(scope, { code: '65432', password: 'password', confirm: 'Better456' });

    await allSettled(submitted, { scope });

    expect(scope.getState($errors)).toEqual({
      code: { key: 'validation.code' },
      password: { key: 'validation.password' },
      confirmPassword: { key: 'validation.passwordsMismatch' },
    });
    expect(api.callsTo(endpoints.auth.forget)).toHaveLength(0);
  });
});

describe('the e-mail code', () => {
  it('is asked for with purpose forget', async () => {
    const { scope, api } = setup();
    await allSettled(emailChanged, { scope, params: 'trader@example.com' });

    await allSettled(codeRequested, { scope });

    expect(api.callsTo(endpoints.auth.sendEmail)).toEqual([
      { path: '/api/login/sendEmail', body: { email: 'trader@example.com', purpose: 'forget' } },
    ]);
    expect(scope.getState($codeSentTo)).toBe('trader@example.com');
  });

  it('is not asked for without an e-mail', async () => {
    const { scope, api } = setup();

    await allSettled(codeRequested, { scope });

    expect(scope.getState($errors)).toEqual({ email: { key: 'validation.required' } });
    expect(api.callsTo(endpoints.auth.sendEmail)).toHaveLength(0);
  });
});

describe('a successful reset', () => {
  it('goes back to the login page with the e-mail filled in and a success notice', async () => {
    const { scope, api, navigate, navigations, stop } = setup();
    await fill(scope);

    await allSettled(submitted, { scope });
    stop();

    expect(api.callsTo(endpoints.auth.forget)).toEqual([
      {
        path: '/api/login/forget',
        body: {
          email: 'trader@example.com',
          code: '654321',
          password: 'Better456',
          confirm_password: 'Better456',
        },
      },
    ]);
    const to = `${PATHS.login}?email=trader%40example.com&reset=1`;
    expect(loginAfterReset('trader@example.com')).toBe(to);
    expect(navigations).toEqual([{ to, replace: true }]);
    expect(navigate).toHaveBeenCalledWith(to, { replace: true });
    // the new password does not stay behind
    expect(scope.getState($form).password).toBe('');
  });
});

describe('a refused reset', () => {
  it('400 "code: …" lands next to the code, the inputs kept', async () => {
    const { scope, navigations, stop } = setup({
      [endpoints.auth.forget.path]: failWith(
        400,
        'code: The verification code is incorrect or has expired',
      ),
    });
    await fill(scope);

    await allSettled(submitted, { scope });
    stop();

    expect(scope.getState($errors)).toEqual({
      code: { text: 'The verification code is incorrect or has expired' },
    });
    expect(scope.getState($form)).toEqual({
      email: 'trader@example.com',
      code: '654321',
      password: 'Better456',
      confirmPassword: 'Better456',
    });
    expect(navigations).toEqual([]);
  });

  it('a refusal that names no field is shown above the button', async () => {
    const { scope } = setup({
      [endpoints.auth.forget.path]: failWith(429, 'Too many requests, please try again later'),
    });
    await fill(scope);

    await allSettled(submitted, { scope });

    expect(scope.getState($formError)).toBe('Too many requests, please try again later');
  });
});

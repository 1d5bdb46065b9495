import { endpoints } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { appStarted } from '#shared/lib';
import { $navigator, LANDING_PATH } from '#shared/routing';
import { recordNavigations } from '#shared/routing/testing';
import { $isLoggedIn, $token, fetchUserInfoFx } from '#shared/session';
import { storageKey } from '#shared/storage';
import { allSettled, fork, type EventCallable, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $codeSentTo,
  $errors,
  $form,
  $formError,
  $inviteCode,
  codeChanged,
  codeRequested,
  codeSender,
  confirmPasswordChanged,
  emailChanged,
  inviteCodeChanged,
  passwordChanged,
  RegisterGate,
  submitted,
} from './register.ts';

// A local storage for this file, in place before the models persist into it (vi.hoisted runs
// before the imports).
const storage = await vi.hoisted(async () => {
  const { installMemoryStorage } = await import('#shared/storage/testing');
  return installMemoryStorage();
});

const SESSION = endpoints.auth.register.response.parse(endpoints.auth.register.example.response);

/** What the server answers unless a test says otherwise. */
const DEFAULT_REPLIES: Record<string, Reply> = {
  [endpoints.auth.sendEmail.path]: () => ({ expires_in: 600, resend_in: 60 }),
  [endpoints.auth.register.path]: () => SESSION,
};

function setup(replies: Record<string, Reply> = {}) {
  const api = fakeClient({ ...DEFAULT_REPLIES, ...replies });
  const navigate = vi.fn();
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$navigator, { navigate }],
    ],
    handlers: [[fetchUserInfoFx, () => SESSION.user]],
  });
  return { scope, api, navigate, ...recordNavigations(scope) };
}

async function fill(scope: Scope, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    email: 'new.trader@example.com',
    code: '123456',
    password: 'Secret123',
    confirm: 'Secret123',
    ...overrides,
  };
  await allSettled(emailChanged, { scope, params: values.email });
  await allSettled(codeChanged, { scope, params: values.code });
  await allSettled(passwordChanged, { scope, params: values.password });
  await allSettled(confirmPasswordChanged, { scope, params: values.confirm });
}

beforeEach(() => {
  storage.clear();
});

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
    expect(api.callsTo(endpoints.auth.register)).toHaveLength(0);
  });

  it('a bad e-mail, a short code, a weak password, a mismatch, a bad invitation', async () => {
    const { scope, api } = setup();
    await fill(scope, {
      email: 'new.trader@',
      code: '12a4',
      password: 'short',
      confirm: 'shorter',
    });
    await allSettled(inviteCodeChanged, { scope, params: 'no!' });

    await allSettled(submitted, { scope });

    expect(scope.getState($errors)).toEqual({
      email: { key: 'validation.email' },
      code: { key: 'validation.code' },
      password: { key: 'validation.password' },
      confirmPassword: { key: 'validation.passwordsMismatch' },
      inviteCode: { key: 'register.errors.invite' },
    });
    expect(api.callsTo(endpoints.auth.register)).toHaveLength(0);
  });

  it('the passwords must match', async () => {
    const { scope, api } = setup();
    await fill(scope, { confirm: 'Secret124' });

    await allSettled(submitted, { scope });

    expect(scope.getState($errors)).toEqual({
      confirmPassword: { key: 'validation.passwordsMismatch' },
    });
    expect(api.callsTo(endpoints.auth.register)).toHaveLength(0);
  });
});

describe('the e-mail code', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is not asked for without a valid e-mail', async () => {
    const { scope, api } = setup();
    await allSettled(emailChanged, { scope, params: 'nope' });

    await allSettled(codeRequested, { scope });

    expect(scope.getState($errors)).toEqual({ email: { key: 'validation.email' } });
    expect(api.callsTo(endpoints.auth.sendEmail)).toHaveLength(0);
  });

  it('is sent for registering, then resending waits for the countdown', async () => {
    vi.useFakeTimers();
    const { scope, api } = setup();
    await allSettled(emailChanged, { scope, params: ' new.trader@example.com ' });

    const first = allSettled(codeRequested, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo(endpoints.auth.sendEmail)).toEqual([
      {
        path: '/api/login/sendEmail',
        body: { email: 'new.trader@example.com', purpose: 'register' },
      },
    ]);
    expect(scope.getState($codeSentTo)).toBe('new.trader@example.com');
    expect(scope.getState(codeSender.$secondsLeft)).toBe(60);

    await vi.advanceTimersByTimeAsync(30_000);
    const second = allSettled(codeRequested, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo(endpoints.auth.sendEmail)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(30_000);
    await Promise.all([first, second]);
    expect(scope.getState(codeSender.$canSend)).toBe(true);
  });

  /** Runs a unit with fake timers on: a running countdown keeps its run open till the end. */
  const acting = (scope: Scope) => {
    const runs: Promise<unknown>[] = [];
    const act = async (unit: EventCallable<string> | EventCallable<void>, params?: string) => {
      runs.push(allSettled(unit as EventCallable<string | undefined>, { scope, params }));
      await vi.advanceTimersByTimeAsync(0);
    };
    const done = async () => {
      await vi.advanceTimersByTimeAsync(120_000);
      await Promise.all(runs);
    };
    return { act, done };
  };

  it('once sent, the code field shows the hint, not the "required" of an earlier submit', async () => {
    vi.useFakeTimers();
    const { scope } = setup();
    const { act, done } = acting(scope);
    await act(submitted);
    expect(scope.getState($errors).code).toEqual({ key: 'validation.required' });

    await act(emailChanged, 'new.trader@example.com');
    await act(codeRequested);

    expect(scope.getState($errors).code).toBeUndefined();
    expect(scope.getState($codeSentTo)).toBe('new.trader@example.com');
    // Submitting again with the code still empty says so again.
    await act(submitted);
    expect(scope.getState($errors).code).toEqual({ key: 'validation.required' });
    await done();
  });

  it('counts down per address: another address may have a code at once, the first runs on', async () => {
    vi.useFakeTimers();
    const { scope, api } = setup();
    const { act, done } = acting(scope);
    await act(emailChanged, 'first@example.com');
    await act(codeRequested);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(scope.getState(codeSender.$secondsLeft)).toBe(40);

    // Another address: no countdown of its own yet, so a code goes at once.
    await act(emailChanged, 'second@example.com');
    expect(scope.getState(codeSender.$secondsLeft)).toBe(0);
    expect(scope.getState(codeSender.$canSend)).toBe(true);
    expect(scope.getState($codeSentTo)).toBeNull();
    await act(codeRequested);
    expect(api.callsTo(endpoints.auth.sendEmail)).toHaveLength(2);
    expect(scope.getState(codeSender.$secondsLeft)).toBe(60);

    // Back to the first address: its countdown has run on meanwhile, and it still blocks.
    await vi.advanceTimersByTimeAsync(10_000);
    await act(emailChanged, 'First@Example.com ');
    expect(scope.getState(codeSender.$secondsLeft)).toBe(30);
    expect(scope.getState($codeSentTo)).toBe('First@Example.com');
    await act(codeRequested);
    expect(api.callsTo(endpoints.auth.sendEmail)).toHaveLength(2);

    await done();
    expect(scope.getState(codeSender.$canSend)).toBe(true);
  });

  it('"This e-mail is already registered" is shown next to the e-mail', async () => {
    const { scope } = setup({
      [endpoints.auth.sendEmail.path]: failWith(400, 'email: This e-mail is already registered'),
    });
    await allSettled(emailChanged, { scope, params: 'taken@example.com' });

    await allSettled(codeRequested, { scope });

    expect(scope.getState($errors)).toEqual({
      email: { text: 'This e-mail is already registered' },
    });
    expect(scope.getState($codeSentTo)).toBeNull();
  });
});

describe('server messages', () => {
  it('stay through another submit until their field is edited', async () => {
    const { scope } = setup({
      [endpoints.auth.sendEmail.path]: failWith(400, 'email: This e-mail is already registered'),
    });
    await allSettled(emailChanged, { scope, params: 'taken@example.com' });
    await allSettled(codeRequested, { scope });

    await allSettled(submitted, { scope });

    expect(scope.getState($errors)).toEqual({
      email: { text: 'This e-mail is already registered' },
      code: { key: 'validation.required' },
      password: { key: 'validation.required' },
      confirmPassword: { key: 'validation.required' },
    });

    await allSettled(emailChanged, { scope, params: 'free@example.com' });

    expect(scope.getState($errors).email).toBeUndefined();
  });
});

describe('a successful registration', () => {
  it('starts the session and goes to the landing page', async () => {
    const { scope, api, navigate, navigations, stop } = setup();
    await fill(scope);
    await allSettled(inviteCodeChanged, { scope, params: 'K7Q2M9' });

    await allSettled(submitted, { scope });
    stop();

    expect(api.callsTo(endpoints.auth.register)).toEqual([
      {
        path: '/api/login/register',
        body: {
          email: 'new.trader@example.com',
          code: '123456',
          password: 'Secret123',
          confirm_password: 'Secret123',
          invite_code: 'K7Q2M9',
        },
      },
    ]);
    expect(scope.getState($isLoggedIn)).toBe(true);
    expect(scope.getState($token)).toBe(SESSION.token);
    expect(navigations).toEqual([{ to: LANDING_PATH, replace: true }]);
    expect(navigate).toHaveBeenCalledWith(LANDING_PATH, { replace: true });
    // the invitation has done its work
    expect(scope.getState($inviteCode)).toBe('');
    expect(scope.getState($form).password).toBe('');
  });
});

describe('a refused registration', () => {
  it.each([
    ['code: The verification code is incorrect or has expired', 'code'],
    ['email: This e-mail is already registered', 'email'],
    ['invite_code: The invitation code is not valid', 'inviteCode'],
    ['confirm_password: The passwords do not match', 'confirmPassword'],
  ])('400 "%s" lands on %s, the inputs kept', async (msg, field) => {
    const { scope, navigations, stop } = setup({
      [endpoints.auth.register.path]: failWith(400, msg),
    });
    await fill(scope);

    await allSettled(submitted, { scope });
    stop();

    expect(scope.getState($errors)).toEqual({ [field]: { text: msg.split(': ')[1] } });
    expect(scope.getState($form)).toEqual({
      email: 'new.trader@example.com',
      code: '123456',
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect(scope.getState($isLoggedIn)).toBe(false);
    expect(navigations).toEqual([]);
  });

  it('a refusal that names no field is shown above the button', async () => {
    const { scope } = setup({
      [endpoints.auth.register.path]: failWith(429, 'Too many requests, please try again later'),
    });
    await fill(scope);

    await allSettled(submitted, { scope });

    expect(scope.getState($formError)).toBe('Too many requests, please try again later');
  });
});

describe('an invitation link', () => {
  it('fills the invitation code, which survives leaving and coming back', async () => {
    const first = setup();
    await allSettled(RegisterGate.open, { scope: first.scope, params: { invite: ' K7Q2M9 ' } });
    expect(first.scope.getState($inviteCode)).toBe('K7Q2M9');
    expect(storage.get(storageKey('inviteCode'))).toBe('"K7Q2M9"');

    // Later, a new start of the app, the register page opened without the link.
    const next = setup();
    await allSettled(appStarted, { scope: next.scope });
    await allSettled(RegisterGate.open, { scope: next.scope, params: { invite: null } });
    await fill(next.scope);
    await allSettled(submitted, { scope: next.scope });

    expect(next.api.callsTo(endpoints.auth.register)[0]?.body).toMatchObject({
      invite_code: 'K7Q2M9',
    });
  });

  it('is read as the page opens, since the page loads after the app has started', async () => {
    storage.set(storageKey('inviteCode'), '"ALICE7"');
    // no appStarted in this scope: it fired before this page's code was loaded
    const { scope } = setup();

    await allSettled(RegisterGate.open, { scope, params: { invite: null } });

    expect(scope.getState($inviteCode)).toBe('ALICE7');
  });

  it('a newer link wins over the kept code', async () => {
    storage.set(storageKey('inviteCode'), '"ALICE7"');
    const { scope } = setup();

    await allSettled(RegisterGate.open, { scope, params: { invite: 'BOB9K2' } });

    expect(scope.getState($inviteCode)).toBe('BOB9K2');
    expect(storage.get(storageKey('inviteCode'))).toBe('"BOB9K2"');
  });

  it('a newer link replaces the kept code', async () => {
    const { scope } = setup();
    await allSettled(RegisterGate.open, { scope, params: { invite: 'K7Q2M9' } });
    await allSettled(RegisterGate.close, { scope, params: { invite: 'K7Q2M9' } });

    await allSettled(RegisterGate.open, { scope, params: { invite: 'FRSH26' } });

    expect(scope.getState($inviteCode)).toBe('FRSH26');
  });
});

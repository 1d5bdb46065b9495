import { endpoints } from '@bourse/protocol';
import { $apiClient, ApiError, sessionExpired } from '#shared/api';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { appStarted } from '#shared/lib';
import { $navigator, LANDING_PATH, PATHS } from '#shared/routing';
import { recordNavigations } from '#shared/routing/testing';
import {
  $isLoggedIn,
  $token,
  $userInfo,
  fetchUserInfoFx,
  rememberedAccountForgotten,
  sessionStarted,
} from '#shared/session';
import { storageKey } from '#shared/storage';
import { allSettled, fork, type Scope } from 'effector';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $country,
  $errors,
  $form,
  $formError,
  $notice,
  $phoneCodesFailed,
  $rememberInfo,
  $rememberPassword,
  agreementToggled,
  countryPicked,
  emailChanged,
  LoginGate,
  modeChanged,
  passwordChanged,
  phoneChanged,
  phoneCodesRequested,
  rememberToggled,
  submitted,
  type LoginGateProps,
} from './login.ts';

// A local storage for this file, in place before the models persist into it (vi.hoisted runs
// before the imports).
const storage = await vi.hoisted(async () => {
  const { installMemoryStorage } = await import('#shared/storage/testing');
  return installMemoryStorage();
});

const SESSION = endpoints.auth.login.response.parse(endpoints.auth.login.example.response);
const PHONE_CODES = [
  { iso: 'CA', country: 'Canada', code: '+1' },
  { iso: 'DE', country: 'Germany', code: '+49' },
  { iso: 'US', country: 'United States', code: '+1' },
];

/** What the server answers unless a test says otherwise. */
const DEFAULT_REPLIES: Record<string, Reply> = {
  [endpoints.index.getPhoneCode.path]: () => ({ list: PHONE_CODES }),
  [endpoints.auth.login.path]: () => SESSION,
};

const GATE: LoginGateProps = {
  from: null,
  owner: null,
  email: null,
  passwordReset: false,
  region: null,
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

async function open(scope: Scope, props: Partial<LoginGateProps> = {}) {
  await allSettled(LoginGate.open, { scope, params: { ...GATE, ...props } });
}

async function fillEmailForm(scope: Scope, email = 'trader@example.com', password = 'Secret123') {
  await allSettled(emailChanged, { scope, params: email });
  await allSettled(passwordChanged, { scope, params: password });
  await allSettled(agreementToggled, { scope, params: true });
}

beforeEach(() => {
  storage.clear();
});

describe('checks before calling', () => {
  it('an empty form: every rule in the user language, and no call', async () => {
    const { scope, api } = setup();
    await open(scope);

    await allSettled(submitted, { scope });

    expect(scope.getState($errors)).toEqual({
      account: { key: 'validation.required' },
      password: { key: 'validation.required' },
      agreement: { key: 'validation.agreement' },
    });
    expect(api.callsTo(endpoints.auth.login)).toHaveLength(0);
  });

  it('e-mail mode wants an e-mail address', async () => {
    const { scope, api } = setup();
    await fillEmailForm(scope, 'trader@example');

    await allSettled(submitted, { scope });

    expect(scope.getState($errors)).toEqual({ account: { key: 'validation.email' } });
    expect(api.callsTo(endpoints.auth.login)).toHaveLength(0);
  });

  it('phone mode wants digits and a calling code', async () => {
    const { scope, api } = setup();
    await allSettled(modeChanged, { scope, params: 'phone' });
    await allSettled(phoneChanged, { scope, params: '415-CALL-ME' });
    await allSettled(passwordChanged, { scope, params: 'Secret123' });
    await allSettled(agreementToggled, { scope, params: true });

    await allSettled(submitted, { scope });

    expect(scope.getState($errors)).toEqual({
      account: { key: 'login.errors.phone' },
      areaCode: { key: 'login.errors.areaCode' },
    });
    expect(api.callsTo(endpoints.auth.login)).toHaveLength(0);
  });

  it('the agreement must be accepted', async () => {
    const { scope, api } = setup();
    await fillEmailForm(scope);
    await allSettled(agreementToggled, { scope, params: false });

    await allSettled(submitted, { scope });

    expect(scope.getState($errors)).toEqual({ agreement: { key: 'validation.agreement' } });
    expect(api.callsTo(endpoints.auth.login)).toHaveLength(0);
  });

  it('editing a field clears its message only', async () => {
    const { scope } = setup();
    await allSettled(submitted, { scope });

    await allSettled(emailChanged, { scope, params: 't' });

    expect(Object.keys(scope.getState($errors)).sort()).toEqual(['agreement', 'password']);
  });
});

describe('a successful login', () => {
  it('by e-mail: starts the session and goes to the landing page', async () => {
    const { scope, api, navigate, navigations, stop } = setup();
    await open(scope);
    await fillEmailForm(scope, '  trader@example.com ');

    await allSettled(submitted, { scope });
    stop();

    expect(api.callsTo(endpoints.auth.login)).toEqual([
      {
        path: '/api/login/index',
        body: { account: 'trader@example.com', area_code: '', password: 'Secret123' },
      },
    ]);
    expect(scope.getState($isLoggedIn)).toBe(true);
    expect(scope.getState($token)).toBe(SESSION.token);
    expect(scope.getState($userInfo)).toEqual(SESSION.user);
    expect(navigations).toEqual([{ to: LANDING_PATH, replace: true }]);
    expect(navigate).toHaveBeenCalledWith(LANDING_PATH, { replace: true });
    // the password does not stay behind in the form
    expect(scope.getState($form).password).toBe('');
  });

  it('by phone: the digits and the chosen calling code', async () => {
    const { scope, api } = setup();
    await open(scope, { region: 'de' });
    await allSettled(modeChanged, { scope, params: 'phone' });
    expect(scope.getState($country)?.iso).toBe('DE');
    await allSettled(countryPicked, { scope, params: PHONE_CODES[2]! });
    await allSettled(phoneChanged, { scope, params: '(415) 555-0101' });
    await allSettled(passwordChanged, { scope, params: 'Secret123' });
    await allSettled(agreementToggled, { scope, params: true });

    await allSettled(submitted, { scope });

    expect(api.callsTo(endpoints.auth.login)[0]?.body).toEqual({
      account: '4155550101',
      area_code: '+1',
      password: 'Secret123',
    });
    expect(scope.getState($isLoggedIn)).toBe(true);
  });

  it('goes back to the page the layout sent the user from', async () => {
    const { scope, navigations, stop } = setup();
    await open(scope, { from: '/pages/setup/setup?tab=1' });
    await fillEmailForm(scope);

    await allSettled(submitted, { scope });
    stop();

    expect(navigations).toEqual([{ to: '/pages/setup/setup?tab=1', replace: true }]);
  });

  it('goes back there only for the user whose session ended there; another lands on Home', async () => {
    const mine = setup();
    await open(mine.scope, { from: '/pages/user/user', owner: SESSION.user.user_id });
    await fillEmailForm(mine.scope);
    await allSettled(submitted, { scope: mine.scope });
    mine.stop();
    expect(mine.navigations).toEqual([{ to: '/pages/user/user', replace: true }]);

    const someoneElses = setup();
    await open(someoneElses.scope, { from: '/pages/user/user', owner: 'another-user' });
    await fillEmailForm(someoneElses.scope);
    await allSettled(submitted, { scope: someoneElses.scope });
    someoneElses.stop();
    expect(someoneElses.navigations).toEqual([{ to: LANDING_PATH, replace: true }]);
  });

  it.each(['//evil.example/steal', 'https://evil.example', PATHS.register])(
    'ignores a return address %s that is not an in-app page',
    async (from) => {
      const { scope, navigations, stop } = setup();
      await open(scope, { from });
      await fillEmailForm(scope);

      await allSettled(submitted, { scope });
      stop();

      expect(navigations).toEqual([{ to: LANDING_PATH, replace: true }]);
    },
  );
});

describe('a refused login', () => {
  it('400 "password: …" lands next to the password, the inputs kept', async () => {
    const { scope, navigations, stop } = setup({
      [endpoints.auth.login.path]: failWith(400, 'password: is required'),
    });
    await fillEmailForm(scope);

    await allSettled(submitted, { scope });
    stop();

    expect(scope.getState($errors)).toEqual({ password: { text: 'is required' } });
    expect(scope.getState($form)).toMatchObject({
      email: 'trader@example.com',
      password: 'Secret123',
    });
    expect(scope.getState($isLoggedIn)).toBe(false);
    expect(navigations).toEqual([]);
  });

  it('429 (locked out): the message is shown, the inputs kept', async () => {
    const msg = 'Too many requests, please try again later';
    const { scope } = setup({ [endpoints.auth.login.path]: failWith(429, msg) });
    await fillEmailForm(scope);

    await allSettled(submitted, { scope });

    expect(scope.getState($formError)).toBe(msg);
    expect(scope.getState($form).password).toBe('Secret123');
  });

  it('500 (wrong credentials) is the app toast: nothing more here, the inputs kept', async () => {
    const { scope } = setup({
      [endpoints.auth.login.path]: failWith(500, 'Incorrect account or password'),
    });
    await fillEmailForm(scope);

    await allSettled(submitted, { scope });

    expect(scope.getState($formError)).toBeNull();
    expect(scope.getState($errors)).toEqual({});
    expect(scope.getState($form)).toMatchObject({
      email: 'trader@example.com',
      password: 'Secret123',
    });
  });
});

describe('remember me', () => {
  it('on: the account is there on the next visit, never the password', async () => {
    const first = setup();
    await open(first.scope);
    await allSettled(rememberToggled, { scope: first.scope, params: true });
    await fillEmailForm(first.scope);
    await allSettled(submitted, { scope: first.scope });

    expect(first.scope.getState($rememberInfo)).toEqual({
      mode: 'email',
      account: 'trader@example.com',
      area_code: '',
      country: '',
    });
    expect(storage.get(storageKey('rememberPassword'))).toBe('true');
    expect(storage.get(storageKey('rememberInfo'))).toContain('trader@example.com');
    expect(storage.get(storageKey('rememberInfo'))).not.toContain('Secret123');

    // The next visit: a new start of the app, with what local storage kept.
    const next = setup();
    await allSettled(appStarted, { scope: next.scope });
    await open(next.scope);

    expect(next.scope.getState($rememberPassword)).toBe(true);
    expect(next.scope.getState($form)).toMatchObject({
      mode: 'email',
      email: 'trader@example.com',
      password: '',
      agreed: true,
    });
  });

  it('is read as the page opens, since the page loads after the app has started', async () => {
    storage.set(storageKey('rememberPassword'), 'true');
    storage.set(
      storageKey('rememberInfo'),
      JSON.stringify({
        mode: 'email',
        account: 'kept@example.com',
        area_code: '',
        country: '',
        password: 'Kept1234',
      }),
    );
    // no appStarted in this scope: it fired before this page's code was loaded
    const { scope } = setup();

    await open(scope);

    expect(scope.getState($rememberPassword)).toBe(true);
    // A password an older version kept is not filled in.
    expect(scope.getState($form)).toMatchObject({ email: 'kept@example.com', password: '' });
  });

  it('a remembered phone login comes back in phone mode with its country', async () => {
    const first = setup();
    await open(first.scope);
    await allSettled(rememberToggled, { scope: first.scope, params: true });
    await allSettled(modeChanged, { scope: first.scope, params: 'phone' });
    await allSettled(countryPicked, { scope: first.scope, params: PHONE_CODES[0]! });
    await allSettled(phoneChanged, { scope: first.scope, params: '4155550101' });
    await allSettled(passwordChanged, { scope: first.scope, params: 'Secret123' });
    await allSettled(agreementToggled, { scope: first.scope, params: true });
    await allSettled(submitted, { scope: first.scope });

    const next = setup();
    await allSettled(appStarted, { scope: next.scope });
    await open(next.scope, { region: 'DE' });

    expect(next.scope.getState($form)).toMatchObject({
      mode: 'phone',
      phone: '4155550101',
      areaCode: '+1',
      countryIso: 'CA',
    });
    expect(next.scope.getState($country)?.country).toBe('Canada');
  });

  it('off: what was kept is cleared at once', async () => {
    const { scope } = setup();
    await allSettled(rememberToggled, { scope, params: true });
    await fillEmailForm(scope);
    await allSettled(submitted, { scope });
    expect(scope.getState($rememberInfo)).not.toBeNull();

    await allSettled(rememberToggled, { scope, params: false });

    expect(scope.getState($rememberInfo)).toBeNull();
    expect(storage.get(storageKey('rememberInfo')) ?? 'null').toBe('null');
    const next = setup();
    await allSettled(appStarted, { scope: next.scope });
    await open(next.scope);
    expect(next.scope.getState($form).email).toBe('');
  });

  it('a reset, a deleted account or "Forget me" forgets it, here and on the device', async () => {
    const { scope } = setup();
    await allSettled(rememberToggled, { scope, params: true });
    await fillEmailForm(scope);
    await allSettled(submitted, { scope });

    await allSettled(rememberedAccountForgotten, { scope });

    expect(scope.getState($rememberInfo)).toBeNull();
    expect(scope.getState($rememberPassword)).toBe(false);
    expect(storage.get(storageKey('rememberInfo')) ?? 'null').toBe('null');
    const next = setup();
    await allSettled(appStarted, { scope: next.scope });
    await open(next.scope);
    expect(next.scope.getState($form).email).toBe('');
    expect(next.scope.getState($rememberPassword)).toBe(false);
  });

  it('never on: nothing is kept', async () => {
    const { scope } = setup();
    await fillEmailForm(scope);
    await allSettled(submitted, { scope });

    expect(scope.getState($rememberInfo)).toBeNull();
    expect(storage.get(storageKey('rememberInfo')) ?? 'null').toBe('null');
  });

  it('does not overwrite what the user is typing', async () => {
    const first = setup();
    await allSettled(rememberToggled, { scope: first.scope, params: true });
    await fillEmailForm(first.scope);
    await allSettled(submitted, { scope: first.scope });

    const next = setup();
    await allSettled(appStarted, { scope: next.scope });
    await allSettled(emailChanged, { scope: next.scope, params: 'other@example.com' });
    await allSettled(passwordChanged, { scope: next.scope, params: 'Typed999' });
    await open(next.scope);

    expect(next.scope.getState($form)).toMatchObject({
      email: 'other@example.com',
      password: 'Typed999',
    });
  });
});

describe('after a password reset', () => {
  it('opens with that e-mail, an empty password and a notice', async () => {
    const { scope } = setup();
    await allSettled(modeChanged, { scope, params: 'phone' });
    await allSettled(passwordChanged, { scope, params: 'old-one' });

    await open(scope, { email: 'trader@example.com', passwordReset: true });

    expect(scope.getState($form)).toMatchObject({
      mode: 'email',
      email: 'trader@example.com',
      password: '',
    });
    expect(scope.getState($notice)).toBe('passwordReset');
  });
});

describe('a session the server ended', () => {
  it('is said so on a page already open when the refusal comes', async () => {
    const { scope } = setup();
    await allSettled(sessionStarted, { scope, params: SESSION });
    await open(scope);
    expect(scope.getState($notice)).toBeNull();

    await allSettled(sessionExpired, { scope });

    expect(scope.getState($notice)).toBe('sessionExpired');
  });

  it('is not said by a refusal that comes with no session (a guest)', async () => {
    const { scope } = setup();
    await open(scope);
    await allSettled(sessionExpired, { scope });
    expect(scope.getState($notice)).toBeNull();
  });
});

describe('calling codes', () => {
  it('are not fetched for the e-mail login', async () => {
    const { scope, api } = setup();
    await open(scope);
    expect(api.callsTo(endpoints.index.getPhoneCode)).toHaveLength(0);
  });

  it('are fetched once the phone login shows; the region picks the first one', async () => {
    const { scope, api } = setup();

    await open(scope, { region: 'CA' });
    await allSettled(modeChanged, { scope, params: 'phone' });
    await allSettled(modeChanged, { scope, params: 'email' });
    await allSettled(modeChanged, { scope, params: 'phone' });
    await open(scope, { region: 'CA' });

    expect(api.callsTo(endpoints.index.getPhoneCode)).toHaveLength(1);
    expect(scope.getState($form)).toMatchObject({ countryIso: 'CA', areaCode: '+1' });
  });

  it('a failed list can be fetched again', async () => {
    let fail = true;
    const { scope, api } = setup({
      [endpoints.index.getPhoneCode.path]: () =>
        fail
          ? Promise.reject(new ApiError({ kind: 'transport', msg: 'offline' }))
          : Promise.resolve({ list: PHONE_CODES }),
    });
    await open(scope);
    await allSettled(modeChanged, { scope, params: 'phone' });
    expect(scope.getState($phoneCodesFailed)).toBe(true);

    fail = false;
    await allSettled(phoneCodesRequested, { scope });

    expect(api.callsTo(endpoints.index.getPhoneCode)).toHaveLength(2);
    expect(scope.getState($phoneCodesFailed)).toBe(false);
    expect(scope.getState($form).areaCode).toBe('+1');
  });
});

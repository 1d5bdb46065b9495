import { auth } from '@bourse/protocol/endpoints/auth';
import type { RequestOf, ResponseOf } from '@bourse/protocol/endpoints/endpoint';
import { index } from '@bourse/protocol/endpoints/index';
import { createApiEffect } from '#shared/api';
import {
  checkMessages,
  createFormSubmission,
  withoutErrors,
  type FormErrors,
} from '#shared/api/form';
import { LANDING_PATH, navigated, PATHS } from '#shared/routing';
import {
  $sessionExpiredNotice,
  rememberedAccountForgotten,
  returnPathFor,
  sessionStarted,
  type ReturnTarget,
} from '#shared/session';
import { appStarted, required, validEmail } from '#shared/lib';
import { storageKey } from '#shared/storage';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { persist } from 'effector-storage/local';
import { z } from 'zod/mini';

export type LoginMode = 'email' | 'phone';
export type PhoneCode = ResponseOf<typeof index.getPhoneCode>['list'][number];

/** What the user has typed; kept as it is whatever the server answers. */
export interface LoginForm {
  readonly mode: LoginMode;
  readonly email: string;
  /** the national number, as typed */
  readonly phone: string;
  /** the chosen country (ISO 3166 alpha-2); several share a calling code */
  readonly countryIso: string;
  /** '+1'; '' until a country is chosen */
  readonly areaCode: string;
  readonly password: string;
  readonly agreed: boolean;
}

export type LoginField = 'account' | 'areaCode' | 'password' | 'agreement';
export type LoginErrors = FormErrors<LoginField>;

export interface LoginGateProps {
  /** the page the layout sent a guest here from (`location.state.from`) */
  readonly from: string | null;
  /** whose page `from` is: the user whose session ended there; null when anyone's */
  readonly owner: string | null;
  /** `?email=`: the address whose password was just reset */
  readonly email: string | null;
  /** `?reset=1`: the password was just reset */
  readonly passwordReset: boolean;
  /** the browser's region ('US' of 'en-US'): the calling code to start from */
  readonly region: string | null;
}

export const LoginGate = createGate<LoginGateProps>({
  name: 'LoginGate',
  defaultState: { from: null, owner: null, email: null, passwordReset: false, region: null },
});

const EMPTY_FORM: LoginForm = {
  mode: 'email',
  email: '',
  phone: '',
  countryIso: '',
  areaCode: '',
  password: '',
  agreed: false,
};

/** The remembered account; never a password (the browser's password manager keeps that). */
const rememberInfoSchema = z.object({
  mode: z.enum(['email', 'phone']),
  account: z.string(),
  area_code: z.string(),
  country: z.string(),
});
export type RememberInfo = z.infer<typeof rememberInfoSchema>;

export const loginFx = createApiEffect(auth.login);
export const fetchPhoneCodesFx = createApiEffect(index.getPhoneCode);

export const $form = createStore<LoginForm>(EMPTY_FORM);
export const $errors = createStore<LoginErrors>({});
/** A refusal that belongs to no field (429: locked out for a while). */
export const $formError = createStore<string | null>(null);
/** The banner above the form. */
export const $notice = createStore<'passwordReset' | 'sessionExpired' | null>(null);
export const $submitting = loginFx.pending;

/**
 * SPEC.md §3's remember flag ("Remember me" on screen), and the account it keeps for the next
 * visit; the password is left to the browser's password manager.
 */
export const $rememberPassword = createStore(false);
export const $rememberInfo = createStore<RememberInfo | null>(null);

// These two SPEC.md §3 keys are kept as `persistLocal` keeps its keys, but read again each time
// the page opens: `persistLocal` reads at `appStarted`, and this page's code is loaded later, on
// demand, so it would never see what the last visit kept. What is read comes through events,
// so the form is filled from it whatever order the reads finish in.
const rememberFlagLoaded = createEvent<boolean>();
const rememberInfoLoaded = createEvent<RememberInfo | null>();
persist({
  source: $rememberPassword,
  target: rememberFlagLoaded,
  key: storageKey('rememberPassword'),
  contract: z.boolean(),
  pickup: [appStarted, LoginGate.open],
});
persist({
  source: $rememberInfo,
  target: rememberInfoLoaded,
  key: storageKey('rememberInfo'),
  contract: z.nullable(rememberInfoSchema),
  pickup: [appStarted, LoginGate.open],
});
sample({ clock: rememberFlagLoaded, target: $rememberPassword });
sample({ clock: rememberInfoLoaded, target: $rememberInfo });

export const $phoneCodes = createStore<readonly PhoneCode[]>([]);
export const $phoneCodesFailed = createStore(false);
export const $phoneCodesLoading = fetchPhoneCodesFx.pending;
export const $country = combine(
  $form,
  $phoneCodes,
  (form, codes) =>
    codes.find((entry) => entry.iso === form.countryIso) ??
    codes.find((entry) => entry.code === form.areaCode) ??
    null,
);

/**
 * Where a successful login goes: back to the page that asked for it when it is the signing-in
 * user's (or anyone's), else the landing page.
 */
const $returnTo = createStore<ReturnTarget | null>(null);

export const modeChanged = createEvent<LoginMode>();
export const emailChanged = createEvent<string>();
export const phoneChanged = createEvent<string>();
export const countryPicked = createEvent<PhoneCode>();
export const passwordChanged = createEvent<string>();
export const agreementToggled = createEvent<boolean>();
export const rememberToggled = createEvent<boolean>();
export const phoneCodesRequested = createEvent();
export const submitted = createEvent();

// ---- the inputs ----------------------------------------------------------------------------

$form
  .on(modeChanged, (form, mode) => ({ ...form, mode }))
  .on(emailChanged, (form, email) => ({ ...form, email }))
  .on(phoneChanged, (form, phone) => ({ ...form, phone }))
  .on(countryPicked, (form, { iso, code }) => ({ ...form, countryIso: iso, areaCode: code }))
  .on(passwordChanged, (form, password) => ({ ...form, password }))
  .on(agreementToggled, (form, agreed) => ({ ...form, agreed }));

$errors
  .on(modeChanged, (errors) => withoutErrors<LoginField>(errors, 'account', 'areaCode'))
  .on([emailChanged, phoneChanged], (errors) => withoutErrors<LoginField>(errors, 'account'))
  .on(countryPicked, (errors) => withoutErrors<LoginField>(errors, 'areaCode'))
  .on(passwordChanged, (errors) => withoutErrors<LoginField>(errors, 'password'))
  .on(agreementToggled, (errors) => withoutErrors<LoginField>(errors, 'agreement'));

$rememberPassword.on(rememberToggled, (_, remember) => remember);
// A password reset, a deleted account or a log out with "Forget me" forget it (and storage does).
$rememberPassword.reset(rememberedAccountForgotten);
$rememberInfo.reset(rememberedAccountForgotten);
// Turning it off forgets what was kept, at once.
sample({
  clock: rememberToggled,
  filter: (remember) => !remember,
  fn: () => null,
  target: $rememberInfo,
});

// ---- opening the page ----------------------------------------------------------------------

/** A return address the layout gave: an in-app page, never a guest page or another site. */
const safeReturn = (from: string | null): string | null => {
  if (from === null || !from.startsWith('/') || from.startsWith('//')) return null;
  const path = from.split(/[?#]/)[0] ?? '';
  const guestPages: string[] = [PATHS.root, PATHS.login, PATHS.register, PATHS.forget];
  return guestPages.includes(path) ? null : from;
};

/** The form as the page opens: after a reset, that e-mail; else what was remembered, if anything. */
export function formOnOpen(
  form: LoginForm,
  props: LoginGateProps,
  remember: boolean,
  info: RememberInfo | null,
): LoginForm {
  if (props.email !== null && props.email.trim() !== '') {
    return { ...form, mode: 'email', email: props.email.trim(), password: '' };
  }
  if (!remember || info === null || form.password !== '') return form;
  const current = info.mode === 'email' ? form.email : form.phone;
  if (current !== '' && current !== info.account) return form;
  const account =
    info.mode === 'email'
      ? { email: info.account }
      : { phone: info.account, areaCode: info.area_code, countryIso: info.country };
  // Kept info is written only by a login that accepted the agreement.
  return { ...form, mode: info.mode, ...account, agreed: true };
}

const opened = sample({
  clock: LoginGate.open,
  source: {
    form: $form,
    remember: $rememberPassword,
    info: $rememberInfo,
    expired: $sessionExpiredNotice,
  },
  fn: ({ form, remember, info, expired }, props) => ({
    form: formOnOpen(form, props, remember, info),
    props,
    expired,
  }),
});
sample({ clock: opened, fn: ({ form }) => form, target: $form });
sample({
  clock: opened,
  fn: ({ props }) => {
    const from = safeReturn(props.from);
    return from === null ? null : { from, owner: props.owner };
  },
  target: $returnTo,
});
sample({
  clock: opened,
  // A session the server ended is said so, rather than a silent return to this page.
  fn: ({ props, expired }) =>
    props.passwordReset ? 'passwordReset' : expired ? 'sessionExpired' : null,
  target: $notice,
});
sample({ clock: opened, fn: () => null, target: $formError });

// What the last visit kept arrives once storage has been read: the form is filled again then.
sample({
  clock: rememberFlagLoaded,
  source: { open: LoginGate.status, props: LoginGate.state, form: $form, info: $rememberInfo },
  filter: ({ open }) => open,
  fn: ({ form, props, info }, remember) => formOnOpen(form, props, remember, info),
  target: $form,
});
sample({
  clock: rememberInfoLoaded,
  source: {
    open: LoginGate.status,
    props: LoginGate.state,
    form: $form,
    remember: $rememberPassword,
  },
  filter: ({ open }) => open,
  fn: ({ form, props, remember }, info) => formOnOpen(form, props, remember, info),
  target: $form,
});

// ---- calling codes -------------------------------------------------------------------------

// Fetched once the phone login is on screen (chosen, or remembered from the last visit), so the
// picker is ready when the user gets to it. An e-mail login (the default) never needs them: the
// first screen then makes no call, and the API client's code loads at idle, not before drawing.
const $phoneLoginShown = combine(
  LoginGate.status,
  $form,
  (open, form) => open && form.mode === 'phone',
);
sample({
  clock: [$phoneLoginShown, LoginGate.open],
  source: $phoneLoginShown,
  filter: Boolean,
  fn: () => undefined,
  target: phoneCodesRequested,
});
sample({
  clock: phoneCodesRequested,
  source: { codes: $phoneCodes, loading: $phoneCodesLoading },
  filter: ({ codes, loading }) => codes.length === 0 && !loading,
  fn: () => ({}),
  target: fetchPhoneCodesFx,
});
sample({ clock: fetchPhoneCodesFx.doneData, fn: ({ list }) => list, target: $phoneCodes });
$phoneCodesFailed.on(fetchPhoneCodesFx.fail, () => true).reset(fetchPhoneCodesFx);

/** The country to start from: the browser's region, else the United States, else the first. */
export function defaultCountry(
  codes: readonly PhoneCode[],
  region: string | null,
): PhoneCode | null {
  const wanted = region?.toUpperCase();
  return (
    codes.find((entry) => entry.iso === wanted) ??
    codes.find((entry) => entry.iso === 'US') ??
    codes[0] ??
    null
  );
}

sample({
  clock: fetchPhoneCodesFx.doneData,
  source: { form: $form, gate: LoginGate.state },
  filter: ({ form }) => form.areaCode === '',
  fn: ({ form, gate }, { list }) => {
    const country = defaultCountry(list, gate.region);
    return country ? { ...form, countryIso: country.iso, areaCode: country.code } : form;
  },
  target: $form,
});

// ---- checking and sending ------------------------------------------------------------------

const PHONE_NUMBER = /^\d{4,15}$/;
/** The national number without the spaces, dashes and brackets people type. */
export const phoneDigits = (phone: string): string => phone.replace(/[\s\-().]/g, '');

/** SPEC.md §5: the account (an e-mail, or a phone number), the password, the agreement. */
export function validateLogin(form: LoginForm): LoginErrors {
  const account =
    form.mode === 'email'
      ? validEmail(form.email)
      : (required(form.phone) ??
        (PHONE_NUMBER.test(phoneDigits(form.phone)) ? null : 'login.errors.phone'));
  return checkMessages<LoginField>({
    account,
    areaCode: form.mode === 'phone' && form.areaCode === '' ? 'login.errors.areaCode' : null,
    password: required(form.password),
    agreement: form.agreed ? null : 'validation.agreement',
  });
}

export const requestOf = (form: LoginForm): RequestOf<typeof auth.login> =>
  form.mode === 'email'
    ? { account: form.email.trim(), area_code: '', password: form.password }
    : { account: phoneDigits(form.phone), area_code: form.areaCode, password: form.password };

const { checked } = createFormSubmission({
  clock: submitted,
  source: $form,
  check: validateLogin,
  request: requestOf,
  effect: loginFx,
  $errors,
  $formError,
  wireFields: { account: 'account', area_code: 'areaCode', password: 'password' },
});
sample({ clock: checked, fn: () => null, target: $notice });
// A refusal handled once the page is open says so too: the session's first call may come back
// after the app, slow to start, has already drawn this page.
sample({
  clock: $sessionExpiredNotice.updates,
  source: LoginGate.status,
  filter: (open, expired) => open && expired,
  fn: () => 'sessionExpired' as const,
  target: $notice,
});

// ---- the answer ----------------------------------------------------------------------------

sample({
  clock: loginFx.doneData,
  fn: ({ token, user }) => ({ token, user }),
  target: sessionStarted,
});
sample({
  clock: loginFx.done,
  source: { remember: $rememberPassword, form: $form },
  fn: ({ remember, form }, { params }): RememberInfo | null =>
    remember
      ? {
          mode: form.mode,
          account: params.account,
          area_code: params.area_code ?? '',
          country: form.mode === 'phone' ? form.countryIso : '',
        }
      : null,
  target: $rememberInfo,
});
const left = sample({
  clock: loginFx.done,
  source: $returnTo,
  fn: (returnTo, { result }) => ({
    to: (returnTo && returnPathFor(returnTo, result.user.user_id)) ?? LANDING_PATH,
    replace: true,
  }),
});
sample({ clock: left, target: navigated });
$returnTo.reset(left);
// The password does not stay in memory after use, nor on the device.
$form.on(loginFx.done, (form) => ({ ...form, password: '' }));

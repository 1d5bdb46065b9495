import { CODES, endpoints, type RequestOf } from '@bourse/protocol';
import { createEmailCodeSender } from '#features/email-code';
import { createApiEffect, fieldErrorOf, isCodeError, type ApiError } from '#shared/api';
import { appStarted, matchingPassword, validCode, validEmail, validPassword } from '#shared/lib';
import { LANDING_PATH, navigated } from '#shared/routing';
import { sessionStarted } from '#shared/session';
import { storageKey } from '#shared/storage';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { persist } from 'effector-storage/local';
import { z } from 'zod';

export interface RegisterForm {
  readonly email: string;
  readonly code: string;
  readonly password: string;
  readonly confirmPassword: string;
}

export type RegisterField = keyof RegisterForm | 'inviteCode';
/** A translation key of our own checks, or the server's words (already in the app language). */
export type FieldMessage = { readonly key: string } | { readonly text: string };
export type RegisterErrors = Partial<Record<RegisterField, FieldMessage>>;

export interface RegisterGateProps {
  /** `?invite=` or `?code=` of an invitation link */
  readonly invite: string | null;
}

export const RegisterGate = createGate<RegisterGateProps>({
  name: 'RegisterGate',
  defaultState: { invite: null },
});

const EMPTY_FORM: RegisterForm = { email: '', code: '', password: '', confirmPassword: '' };

export const registerFx = createApiEffect(endpoints.auth.register);
export const codeSender = createEmailCodeSender(endpoints.auth.sendEmail);

export const $form = createStore<RegisterForm>(EMPTY_FORM);
/**
 * SPEC.md §3: the invitation code, kept from an invitation link until the account is made, so
 * that it survives the user leaving and coming back.
 */
export const $inviteCode = createStore('');
// Kept as `persistLocal` keeps SPEC.md §3 keys, but read again each time the page opens:
// `persistLocal` reads at `appStarted`, and this page's code is loaded later, on demand.
const inviteCodeLoaded = createEvent<string>();
persist({
  source: $inviteCode,
  target: inviteCodeLoaded,
  key: storageKey('inviteCode'),
  contract: z.string().max(64),
  pickup: [appStarted, RegisterGate.open],
});

export const $errors = createStore<RegisterErrors>({});
/** A refusal that belongs to no field. */
export const $formError = createStore<string | null>(null);
/** The address the last code went to, for the hint under the code field. */
export const $codeSentTo = createStore<string | null>(null);
export const $submitting = registerFx.pending;

export const emailChanged = createEvent<string>();
export const codeChanged = createEvent<string>();
export const passwordChanged = createEvent<string>();
export const confirmPasswordChanged = createEvent<string>();
export const inviteCodeChanged = createEvent<string>();
/** The user tapped "Send code". */
export const codeRequested = createEvent();
export const submitted = createEvent();

const without = (errors: RegisterErrors, field: RegisterField): RegisterErrors =>
  field in errors
    ? Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field))
    : errors;

$form
  .on(emailChanged, (form, email) => ({ ...form, email }))
  .on(codeChanged, (form, code) => ({ ...form, code }))
  .on(passwordChanged, (form, password) => ({ ...form, password }))
  .on(confirmPasswordChanged, (form, confirmPassword) => ({ ...form, confirmPassword }));
$inviteCode.on(inviteCodeChanged, (_, code) => code);

$errors
  .on(emailChanged, (errors) => without(errors, 'email'))
  .on(codeChanged, (errors) => without(errors, 'code'))
  .on(passwordChanged, (errors) => without(errors, 'password'))
  .on(confirmPasswordChanged, (errors) => without(errors, 'confirmPassword'))
  .on(inviteCodeChanged, (errors) => without(errors, 'inviteCode'));
$codeSentTo.reset(emailChanged);

/** The code of the invitation link the page was opened with, if any. */
const linkInvite = ({ invite }: RegisterGateProps): string | null =>
  invite === null || invite.trim() === '' ? null : invite.trim();

// An invitation link's code is kept; opening the page without one keeps what was kept. A link
// wins over a kept code, whichever comes first.
sample({
  clock: RegisterGate.open,
  filter: (props) => linkInvite(props) !== null,
  fn: (props) => linkInvite(props) ?? '',
  target: $inviteCode,
});
sample({
  clock: inviteCodeLoaded,
  source: { open: RegisterGate.status, props: RegisterGate.state },
  fn: ({ open, props }, kept) => (open ? linkInvite(props) : null) ?? kept,
  target: $inviteCode,
});

// ---- the code ------------------------------------------------------------------------------

const codeAsked = sample({
  clock: codeRequested,
  source: $form,
  fn: (form) => ({ email: form.email.trim(), error: validEmail(form.email) }),
});
sample({
  clock: codeAsked,
  source: $errors,
  fn: (errors, { error }): RegisterErrors =>
    error === null ? without(errors, 'email') : { ...errors, email: { key: error } },
  target: $errors,
});
sample({
  clock: codeAsked,
  filter: ({ error }) => error === null,
  fn: ({ email }) => ({ email, purpose: 'register' as const }),
  target: codeSender.sendRequested,
});
sample({
  clock: codeSender.sent,
  source: $form,
  fn: (form) => form.email.trim(),
  target: $codeSentTo,
});
// "This e-mail is already registered" belongs next to the e-mail.
sample({
  clock: codeSender.failed,
  source: $errors,
  filter: (_, error) => fieldErrorOf(error)?.field === 'email',
  fn: (errors, error): RegisterErrors => ({
    ...errors,
    email: { text: fieldErrorOf(error)?.reason ?? error.msg },
  }),
  target: $errors,
});

// ---- checking and sending ------------------------------------------------------------------

const INVITE_CODE = /^[A-Za-z0-9]{4,12}$/;

/** SPEC.md §5: e-mail, code, password, matching confirmation; the invitation code is optional. */
export function validateRegister(form: RegisterForm, inviteCode: string): RegisterErrors {
  const rules: Record<RegisterField, string | null> = {
    email: validEmail(form.email),
    code: validCode(form.code),
    password: validPassword(form.password),
    confirmPassword: matchingPassword(form.password, form.confirmPassword),
    inviteCode:
      inviteCode.trim() === '' || INVITE_CODE.test(inviteCode.trim())
        ? null
        : 'register.errors.invite',
  };
  const errors: RegisterErrors = {};
  for (const [field, key] of Object.entries(rules) as [RegisterField, string | null][]) {
    if (key !== null) errors[field] = { key };
  }
  return errors;
}

const requestOf = (
  form: RegisterForm,
  inviteCode: string,
): RequestOf<typeof endpoints.auth.register> => ({
  email: form.email.trim(),
  code: form.code.trim(),
  password: form.password,
  confirm_password: form.confirmPassword,
  invite_code: inviteCode.trim(),
});

/**
 * The form's own checks, plus what the server said of fields not edited since: a field's
 * server message (e.g. "This e-mail is already registered") stays until the field is edited.
 */
const withServerErrors = (previous: RegisterErrors, checks: RegisterErrors): RegisterErrors => ({
  ...Object.fromEntries(Object.entries(previous).filter(([, message]) => 'text' in message)),
  ...checks,
});

const checked = sample({
  clock: submitted,
  source: { form: $form, inviteCode: $inviteCode, submitting: $submitting },
  filter: ({ submitting }) => !submitting,
  fn: ({ form, inviteCode }) => ({
    request: requestOf(form, inviteCode),
    errors: validateRegister(form, inviteCode),
  }),
});
sample({
  clock: checked,
  source: $errors,
  fn: (previous, { errors }) => withServerErrors(previous, errors),
  target: $errors,
});
sample({ clock: checked, fn: () => null, target: $formError });
sample({
  clock: checked,
  filter: ({ errors }) => Object.keys(errors).length === 0,
  fn: ({ request }) => request,
  target: registerFx,
});

// ---- the answer ----------------------------------------------------------------------------

sample({
  clock: registerFx.doneData,
  fn: ({ token, user }) => ({ token, user }),
  target: sessionStarted,
});
sample({
  clock: registerFx.done,
  fn: () => ({ to: LANDING_PATH, replace: true }),
  target: navigated,
});
// The account is made: the form, the countdown and the invitation have done their work.
$form.reset(registerFx.done);
$inviteCode.reset(registerFx.done);
$codeSentTo.reset(registerFx.done);
sample({ clock: registerFx.done, target: codeSender.reset });

const WIRE_FIELDS: Readonly<Record<string, RegisterField>> = {
  email: 'email',
  code: 'code',
  password: 'password',
  confirm_password: 'confirmPassword',
  invite_code: 'inviteCode',
};
const fieldOf = (error: ApiError): RegisterField | null => {
  const wire = fieldErrorOf(error)?.field;
  return wire === undefined ? null : (WIRE_FIELDS[wire] ?? null);
};

sample({
  clock: registerFx.failData,
  source: $errors,
  filter: (_, error) => fieldOf(error) !== null,
  fn: (errors, error): RegisterErrors => ({
    ...errors,
    [fieldOf(error) ?? 'email']: { text: fieldErrorOf(error)?.reason ?? error.msg },
  }),
  target: $errors,
});
// 401, 500 and transport failures are the app's toasts; what else comes back is shown here.
sample({
  clock: registerFx.failData,
  filter: (error) =>
    isCodeError(error) &&
    error.code !== CODES.unauthorized &&
    error.code !== CODES.failed &&
    fieldOf(error) === null,
  fn: (error) => fieldErrorOf(error)?.reason ?? error.msg,
  target: $formError,
});

import { CODES, endpoints, type RequestOf } from '@bourse/protocol';
import { createEmailCodeSender } from '#features/email-code';
import { createApiEffect, fieldErrorOf, isCodeError, type ApiError } from '#shared/api';
import { matchingPassword, validCode, validEmail, validPassword } from '#shared/lib';
import { navigated, PATHS } from '#shared/routing';
import { createEvent, createStore, sample } from 'effector';

export interface ForgetForm {
  readonly email: string;
  readonly code: string;
  readonly password: string;
  readonly confirmPassword: string;
}

export type ForgetField = keyof ForgetForm;
/** A translation key of our own checks, or the server's words (already in the app language). */
export type FieldMessage = { readonly key: string } | { readonly text: string };
export type ForgetErrors = Partial<Record<ForgetField, FieldMessage>>;

const EMPTY_FORM: ForgetForm = { email: '', code: '', password: '', confirmPassword: '' };

export const resetPasswordFx = createApiEffect(endpoints.auth.forget);
export const codeSender = createEmailCodeSender(endpoints.auth.sendEmail);

export const $form = createStore<ForgetForm>(EMPTY_FORM);
export const $errors = createStore<ForgetErrors>({});
/** A refusal that belongs to no field. */
export const $formError = createStore<string | null>(null);
/** The address the last code went to, for the hint under the code field. */
export const $codeSentTo = createStore<string | null>(null);
export const $submitting = resetPasswordFx.pending;

export const emailChanged = createEvent<string>();
export const codeChanged = createEvent<string>();
export const passwordChanged = createEvent<string>();
export const confirmPasswordChanged = createEvent<string>();
/** The user tapped "Send code". */
export const codeRequested = createEvent();
export const submitted = createEvent();

/** Where the login page opens after a reset: that e-mail filled in, and a word of success. */
export const loginAfterReset = (email: string): string =>
  `${PATHS.login}?${new URLSearchParams({ email, reset: '1' }).toString()}`;

const without = (errors: ForgetErrors, field: ForgetField): ForgetErrors =>
  field in errors
    ? Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field))
    : errors;

$form
  .on(emailChanged, (form, email) => ({ ...form, email }))
  .on(codeChanged, (form, code) => ({ ...form, code }))
  .on(passwordChanged, (form, password) => ({ ...form, password }))
  .on(confirmPasswordChanged, (form, confirmPassword) => ({ ...form, confirmPassword }));

$errors
  .on(emailChanged, (errors) => without(errors, 'email'))
  .on(codeChanged, (errors) => without(errors, 'code'))
  .on(passwordChanged, (errors) => without(errors, 'password'))
  .on(confirmPasswordChanged, (errors) => without(errors, 'confirmPassword'));
$codeSentTo.reset(emailChanged);

// ---- the code ------------------------------------------------------------------------------

const codeAsked = sample({
  clock: codeRequested,
  source: $form,
  fn: (form) => ({ email: form.email.trim(), error: validEmail(form.email) }),
});
sample({
  clock: codeAsked,
  source: $errors,
  fn: (errors, { error }): ForgetErrors =>
    error === null ? without(errors, 'email') : { ...errors, email: { key: error } },
  target: $errors,
});
sample({
  clock: codeAsked,
  filter: ({ error }) => error === null,
  fn: ({ email }) => ({ email, purpose: 'forget' as const }),
  target: codeSender.sendRequested,
});
sample({
  clock: codeSender.sent,
  source: $form,
  fn: (form) => form.email.trim(),
  target: $codeSentTo,
});
sample({
  clock: codeSender.failed,
  source: $errors,
  filter: (_, error) => fieldErrorOf(error)?.field === 'email',
  fn: (errors, error): ForgetErrors => ({
    ...errors,
    email: { text: fieldErrorOf(error)?.reason ?? error.msg },
  }),
  target: $errors,
});

// ---- checking and sending ------------------------------------------------------------------

/** SPEC.md §5: e-mail, code, a new password and its matching confirmation. */
export function validateForget(form: ForgetForm): ForgetErrors {
  const rules: Record<ForgetField, string | null> = {
    email: validEmail(form.email),
    code: validCode(form.code),
    password: validPassword(form.password),
    confirmPassword: matchingPassword(form.password, form.confirmPassword),
  };
  const errors: ForgetErrors = {};
  for (const [field, key] of Object.entries(rules) as [ForgetField, string | null][]) {
    if (key !== null) errors[field] = { key };
  }
  return errors;
}

const requestOf = (form: ForgetForm): RequestOf<typeof endpoints.auth.forget> => ({
  email: form.email.trim(),
  code: form.code.trim(),
  password: form.password,
  confirm_password: form.confirmPassword,
});

/**
 * The form's own checks, plus what the server said of fields not edited since: a field's
 * server message (e.g. "This e-mail is already registered") stays until the field is edited.
 */
const withServerErrors = (previous: ForgetErrors, checks: ForgetErrors): ForgetErrors => ({
  ...Object.fromEntries(Object.entries(previous).filter(([, message]) => 'text' in message)),
  ...checks,
});

const checked = sample({
  clock: submitted,
  source: { form: $form, submitting: $submitting },
  filter: ({ submitting }) => !submitting,
  fn: ({ form }) => ({ request: requestOf(form), errors: validateForget(form) }),
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
  target: resetPasswordFx,
});

// ---- the answer ----------------------------------------------------------------------------

sample({
  clock: resetPasswordFx.done,
  fn: ({ params }) => ({ to: loginAfterReset(params.email), replace: true }),
  target: navigated,
});
// Done: nothing of the old attempt stays in memory (the countdown stays: the server's limit does).
$form.reset(resetPasswordFx.done);
$errors.reset(resetPasswordFx.done);
$codeSentTo.reset(resetPasswordFx.done);

const WIRE_FIELDS: Readonly<Record<string, ForgetField>> = {
  email: 'email',
  code: 'code',
  password: 'password',
  confirm_password: 'confirmPassword',
};
const fieldOf = (error: ApiError): ForgetField | null => {
  const wire = fieldErrorOf(error)?.field;
  return wire === undefined ? null : (WIRE_FIELDS[wire] ?? null);
};

sample({
  clock: resetPasswordFx.failData,
  source: $errors,
  filter: (_, error) => fieldOf(error) !== null,
  fn: (errors, error): ForgetErrors => ({
    ...errors,
    [fieldOf(error) ?? 'email']: { text: fieldErrorOf(error)?.reason ?? error.msg },
  }),
  target: $errors,
});
// 401, 500 and transport failures are the app's toasts; what else comes back is shown here.
sample({
  clock: resetPasswordFx.failData,
  filter: (error) =>
    isCodeError(error) &&
    error.code !== CODES.unauthorized &&
    error.code !== CODES.failed &&
    fieldOf(error) === null,
  fn: (error) => fieldErrorOf(error)?.reason ?? error.msg,
  target: $formError,
});

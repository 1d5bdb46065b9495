import { endpoints } from '@bourse/protocol';
import {
  CODE_FORM_WIRE_FIELDS,
  codeFormChecks,
  codeFormRequest,
  createCodeForm,
  type CodeForm,
  type CodeFormField,
} from '#features/email-code';
import { createApiEffect } from '#shared/api';
import { checkMessages, createFormSubmission, type FormErrors } from '#shared/api/form';
import { navigated, PATHS } from '#shared/routing';
import { rememberedAccountForgotten } from '#shared/session';
import { sample } from 'effector';

export type ForgetForm = CodeForm;
export type ForgetField = CodeFormField;
export type ForgetErrors = FormErrors<ForgetField>;

export const resetPasswordFx = createApiEffect(endpoints.auth.forget);

/** The fields and the code, as CodeFormFields shows them. */
export const codeForm = createCodeForm({ purpose: 'forget' });
export const {
  codeSender,
  $form,
  $errors,
  $formError,
  $codeSentTo,
  emailChanged,
  codeChanged,
  passwordChanged,
  confirmPasswordChanged,
  codeRequested,
  submitted,
} = codeForm;
export const $submitting = resetPasswordFx.pending;

/** Where the login page opens after a reset: that e-mail filled in, and a word of success. */
export const loginAfterReset = (email: string): string =>
  `${PATHS.login}?${new URLSearchParams({ email, reset: '1' }).toString()}`;

/** SPEC.md §5: e-mail, code, a new password and its matching confirmation. */
export const validateForget = (form: ForgetForm): ForgetErrors =>
  checkMessages(codeFormChecks(form));

createFormSubmission({
  clock: submitted,
  source: $form,
  check: validateForget,
  request: codeFormRequest,
  effect: resetPasswordFx,
  $errors,
  $formError,
  wireFields: CODE_FORM_WIRE_FIELDS,
});

sample({
  clock: resetPasswordFx.done,
  fn: ({ params }) => ({ to: loginAfterReset(params.email), replace: true }),
  target: navigated,
});
// The account remembered on this device is forgotten: the login page offers the reset one.
sample({ clock: resetPasswordFx.done, target: rememberedAccountForgotten });
// Done: nothing of the old attempt stays in memory (the countdown stays: the server's limit does).
$form.reset(resetPasswordFx.done);
$errors.reset(resetPasswordFx.done);

import { endpoints, type RequestOf } from '@bourse/protocol';
import {
  CODE_FORM_WIRE_FIELDS,
  codeFormChecks,
  codeFormRequest,
  createCodeForm,
  type CodeForm,
  type CodeFormField,
} from '#features/email-code';
import { createApiEffect } from '#shared/api';
import {
  checkMessages,
  createFormSubmission,
  withoutErrors,
  type FormErrors,
} from '#shared/api/form';
import { appStarted } from '#shared/lib';
import { LANDING_PATH, navigated } from '#shared/routing';
import { sessionStarted } from '#shared/session';
import { storageKey } from '#shared/storage';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { persist } from 'effector-storage/local';
import { z } from 'zod/mini';

export type RegisterForm = CodeForm;
export type RegisterField = CodeFormField | 'inviteCode';
export type RegisterErrors = FormErrors<RegisterField>;

export interface RegisterGateProps {
  /** `?invite_code=` (the links `team/shareInfo` gives), `?invite=` or `?code=` of an invitation link */
  readonly invite: string | null;
}

export const RegisterGate = createGate<RegisterGateProps>({
  name: 'RegisterGate',
  defaultState: { invite: null },
});

export const registerFx = createApiEffect(endpoints.auth.register);

/** The fields and the code, as CodeFormFields shows them. */
export const codeForm = createCodeForm<'inviteCode'>({ purpose: 'register' });
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
export const $submitting = registerFx.pending;

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
  contract: z.string().check(z.maxLength(64)),
  pickup: [appStarted, RegisterGate.open],
});

export const inviteCodeChanged = createEvent<string>();

$inviteCode.on(inviteCodeChanged, (_, code) => code);
$errors.on(inviteCodeChanged, (errors) => withoutErrors<RegisterField>(errors, 'inviteCode'));

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

// ---- checking and sending ------------------------------------------------------------------

const INVITE_CODE = /^[A-Za-z0-9]{4,12}$/;

/** SPEC.md §5: e-mail, code, password, matching confirmation; the invitation code is optional. */
export function validateRegister(form: RegisterForm, inviteCode: string): RegisterErrors {
  return checkMessages<RegisterField>({
    ...codeFormChecks(form),
    inviteCode:
      inviteCode.trim() === '' || INVITE_CODE.test(inviteCode.trim())
        ? null
        : 'register.errors.invite',
  });
}

const requestOf = (
  form: RegisterForm,
  inviteCode: string,
): RequestOf<typeof endpoints.auth.register> => ({
  ...codeFormRequest(form),
  invite_code: inviteCode.trim(),
});

createFormSubmission({
  clock: submitted,
  source: combine({ form: $form, inviteCode: $inviteCode }),
  check: ({ form, inviteCode }) => validateRegister(form, inviteCode),
  request: ({ form, inviteCode }) => requestOf(form, inviteCode),
  effect: registerFx,
  $errors,
  $formError,
  wireFields: { ...CODE_FORM_WIRE_FIELDS, invite_code: 'inviteCode' },
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
sample({ clock: registerFx.done, target: codeSender.reset });

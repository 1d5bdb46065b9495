import { endpoints, type RequestOf } from '@bourse/protocol';
import { fieldErrorOf } from '#shared/api';
import { withoutErrors, type FormErrors } from '#shared/api/form';
import {
  matchingPassword,
  validCode,
  validEmail,
  validPassword,
  type ValidationKey,
} from '#shared/lib';
import {
  combine,
  createEvent,
  createStore,
  sample,
  type EventCallable,
  type Store,
} from 'effector';
import { addressKey, createEmailCodeSender, type EmailCodeSender } from './sender.ts';

/** A guest's form that proves an e-mail address with a code and sets a password. */
export interface CodeForm {
  readonly email: string;
  readonly code: string;
  readonly password: string;
  readonly confirmPassword: string;
}

export type CodeFormField = keyof CodeForm;

type GuestPurpose = RequestOf<typeof endpoints.auth.sendEmail>['purpose'];

const EMPTY_FORM: CodeForm = { email: '', code: '', password: '', confirmPassword: '' };

/** SPEC.md §5: e-mail, code, password and its matching confirmation; a key for each that fails. */
export const codeFormChecks = (form: CodeForm): Record<CodeFormField, ValidationKey | null> => ({
  email: validEmail(form.email),
  code: validCode(form.code),
  password: validPassword(form.password),
  confirmPassword: matchingPassword(form.password, form.confirmPassword),
});

/** The four fields as the request carries them. */
export const codeFormRequest = (form: CodeForm) => ({
  email: form.email.trim(),
  code: form.code.trim(),
  password: form.password,
  confirm_password: form.confirmPassword,
});

/** The field of each wire name a 400 "field: reason" may name. */
export const CODE_FORM_WIRE_FIELDS: Readonly<Record<string, CodeFormField>> = {
  email: 'email',
  code: 'code',
  password: 'password',
  confirm_password: 'confirmPassword',
};

/** What the fields of a code form read and call (see CodeFormFields). */
export interface CodeFormView {
  readonly codeSender: Pick<
    EmailCodeSender<typeof endpoints.auth.sendEmail>,
    '$secondsLeft' | '$canSend' | '$pending' | '$refusal'
  >;
  readonly $form: Store<CodeForm>;
  readonly $errors: Store<FormErrors<CodeFormField>>;
  readonly $codeSentTo: Store<string | null>;
  readonly emailChanged: EventCallable<string>;
  readonly codeChanged: EventCallable<string>;
  readonly passwordChanged: EventCallable<string>;
  readonly confirmPasswordChanged: EventCallable<string>;
  readonly codeRequested: EventCallable<void>;
}

/**
 * The inputs of a guest's code form (register, forget), and its "Send code": the e-mail is
 * checked first, a code goes to it with `purpose`, and the hint under the code field names the
 * address it went to. `Extra` names fields the page adds (their errors share `$errors`). The
 * page sends the form itself. Call it at module level, once per form.
 */
export function createCodeForm<Extra extends string = never>({
  purpose,
}: {
  purpose: GuestPurpose;
}) {
  type Field = CodeFormField | Extra;

  const codeSender = createEmailCodeSender(endpoints.auth.sendEmail);

  const $form = createStore<CodeForm>(EMPTY_FORM);
  const $errors = createStore<FormErrors<Field>>({});
  /** A refusal that belongs to no field. */
  const $formError = createStore<string | null>(null);
  /** The addresses a code went to from this form (as their countdowns are kept). */
  const $sentTo = createStore<readonly string[]>([]);
  /**
   * The address in the field when a code went to it, for the hint under the code field; null
   * when the field holds an address no code went to.
   */
  const $codeSentTo = combine($sentTo, $form, (sent, form) =>
    sent.includes(addressKey(form.email)) ? form.email.trim() : null,
  );

  const emailChanged = createEvent<string>();
  const codeChanged = createEvent<string>();
  const passwordChanged = createEvent<string>();
  const confirmPasswordChanged = createEvent<string>();
  /** The user tapped "Send code". */
  const codeRequested = createEvent();
  const submitted = createEvent();

  $form
    .on(emailChanged, (form, email) => ({ ...form, email }))
    .on(codeChanged, (form, code) => ({ ...form, code }))
    .on(passwordChanged, (form, password) => ({ ...form, password }))
    .on(confirmPasswordChanged, (form, confirmPassword) => ({ ...form, confirmPassword }));

  $errors
    .on(emailChanged, (errors) => withoutErrors<Field>(errors, 'email'))
    .on(codeChanged, (errors) => withoutErrors<Field>(errors, 'code'))
    .on(passwordChanged, (errors) => withoutErrors<Field>(errors, 'password'))
    .on(confirmPasswordChanged, (errors) => withoutErrors<Field>(errors, 'confirmPassword'));
  // Each address has its own countdown: another address may have a code at once.
  sample({ clock: emailChanged, target: codeSender.addressChanged });

  const codeAsked = sample({
    clock: codeRequested,
    source: $form,
    fn: (form) => ({ email: form.email.trim(), error: validEmail(form.email) }),
  });
  sample({
    clock: codeAsked,
    source: $errors,
    fn: (errors, { error }): FormErrors<Field> =>
      error === null ? withoutErrors<Field>(errors, 'email') : { ...errors, email: { key: error } },
    target: $errors,
  });
  sample({
    clock: codeAsked,
    filter: ({ error }) => error === null,
    fn: ({ email }) => ({ email, purpose }),
    target: codeSender.sendRequested,
  });
  sample({
    clock: codeSender.sent,
    source: $sentTo,
    fn: (sent, address) => [...sent.filter((to) => to !== address), address],
    target: $sentTo,
  });
  // A code is on its way: the field says so, rather than an earlier "required".
  $errors.on(codeSender.sent, (errors) => withoutErrors<Field>(errors, 'code'));
  // "This e-mail is already registered" belongs next to the e-mail.
  sample({
    clock: codeSender.failed,
    source: $errors,
    filter: (_, error) => fieldErrorOf(error)?.field === 'email',
    fn: (errors, error): FormErrors<Field> => ({
      ...errors,
      email: { text: fieldErrorOf(error)?.reason ?? error.msg },
    }),
    target: $errors,
  });

  return {
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
  };
}

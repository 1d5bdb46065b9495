import { endpoints } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import { matchingPassword, required, validate, validPassword } from '#shared/lib';
import { goBackFx, PATHS } from '#shared/routing';
import { notifyFx } from '#shared/ui/toast';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { refusalOf, type FormMessage } from '#shared/api';

export type PasswordField = 'current' | 'next' | 'confirm';
export type PasswordValues = Readonly<Record<PasswordField, string>>;
export type PasswordErrors = Partial<Record<PasswordField | 'form', FormMessage>>;

/** The form's fields as the server names them. */
const WIRE_FIELDS: Readonly<Record<string, PasswordField>> = {
  old_password: 'current',
  password: 'next',
  confirm_password: 'confirm',
};

const EMPTY: PasswordValues = { current: '', next: '', confirm: '' };

/** The rules of SPEC.md §5, plus one the server would refuse anyway: a new password must be new. */
export function passwordProblems({ current, next, confirm }: PasswordValues): PasswordErrors {
  const problems: Partial<Record<PasswordField, string>> = validate<PasswordField>({
    current: () => required(current),
    next: () => validPassword(next),
    confirm: () => matchingPassword(next, confirm),
  });
  if (problems.next === undefined && current !== '' && next === current) {
    problems.next = 'setupPassword.same';
  }
  return Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, { key }]));
}

export const PasswordPageGate = createGate<Record<string, never>>({
  name: 'PasswordPage',
  defaultState: {},
});

export const changePasswordFx = createApiEffect(endpoints.user.changePassword);

export const fieldChanged = createEvent<{ field: PasswordField; value: string }>();
export const submitted = createEvent();

export const $values = createStore<PasswordValues>(EMPTY);
export const $errors = createStore<PasswordErrors>({});
export const $saving = changePasswordFx.pending;

$values.on(fieldChanged, (values, { field, value }) => ({ ...values, [field]: value }));
// Editing a field takes its error away, and the form's.
$errors.on(fieldChanged, (errors, { field }) =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field && name !== 'form')),
);

const checked = sample({
  clock: submitted,
  source: $values,
  filter: $saving.map((saving) => !saving),
  fn: (values) => ({ values, problems: passwordProblems(values) }),
});
sample({ clock: checked, fn: ({ problems }) => problems, target: $errors });
sample({
  clock: checked,
  filter: ({ problems }) => Object.keys(problems).length === 0,
  fn: ({ values }) => ({
    old_password: values.current,
    password: values.next,
    confirm_password: values.confirm,
  }),
  target: changePasswordFx,
});

// This session stays; the server ends the others.
sample({ clock: changePasswordFx.done, fn: () => 'setupPassword.changed', target: notifyFx });
sample({ clock: changePasswordFx.done, fn: () => PATHS.setup, target: goBackFx });

sample({
  clock: changePasswordFx.failData,
  fn: (error): PasswordErrors => {
    const refusal = refusalOf(error);
    if (refusal === null) return {};
    const field = refusal.field === null ? undefined : WIRE_FIELDS[refusal.field];
    return { [field ?? 'form']: refusal.message };
  },
  target: $errors,
});

// Passwords are not kept once the page is left.
$values.reset(PasswordPageGate.close, changePasswordFx.done);
$errors.reset(PasswordPageGate.close, PasswordPageGate.open);

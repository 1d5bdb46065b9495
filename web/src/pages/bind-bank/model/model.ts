import { endpoints } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import {
  checkMessages,
  createFormSubmission,
  withoutErrors,
  type FormErrors,
} from '#shared/api/form';
import { goBackFx, PATHS } from '#shared/routing';
import { notifyFx } from '#shared/ui/toast';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { createBindRule } from '#entities/viewer';

export const BANK_FIELDS = [
  'bank_name',
  'account_no',
  'holder_name',
  'branch',
  'swift_code',
] as const;
export type BankField = (typeof BANK_FIELDS)[number];
export type BankForm = Record<BankField, string>;

export const BindBankGate = createGate<Record<string, never>>({
  name: 'BindBankPage',
  defaultState: {},
});

/** The identity status, asked as the page opens: the form shows only once it is verified. */
export const { $identityStatus } = createBindRule(BindBankGate.open, BindBankGate.close);

export const setUserBankFx = createApiEffect(endpoints.user.setUserBank);

export const fieldChanged = createEvent<{ field: BankField; value: string }>();
export const submitted = createEvent();

const EMPTY: BankForm = {
  bank_name: '',
  account_no: '',
  holder_name: '',
  branch: '',
  swift_code: '',
};
export const $form = createStore<BankForm>(EMPTY);
export const $errors = createStore<FormErrors<BankField>>({});
export const $formError = createStore<string | null>(null);
export const $submitting = setUserBankFx.pending;

$form
  .on(fieldChanged, (form, { field, value }) => ({ ...form, [field]: value }))
  .reset(BindBankGate.open, setUserBankFx.done);
$errors
  .on(fieldChanged, (errors, { field }) => withoutErrors(errors, field))
  .reset(BindBankGate.open);
$formError.reset(BindBankGate.open);

/** SPEC.md §5, "bank details required", with the server's shapes for the number and the SWIFT. */
export function validateBank(form: BankForm): FormErrors<BankField> {
  const required = (value: string) => (value.trim() === '' ? 'validation.required' : null);
  return checkMessages<BankField>({
    bank_name: required(form.bank_name),
    account_no:
      required(form.account_no) ??
      (/^[A-Za-z0-9 -]{6,34}$/.test(form.account_no.trim()) ? null : 'bindBank.accountShape'),
    holder_name: required(form.holder_name),
    branch: null,
    swift_code:
      form.swift_code.trim() === '' ||
      /^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/.test(form.swift_code.trim())
        ? null
        : 'bindBank.swiftShape',
  });
}

createFormSubmission({
  clock: submitted,
  source: $form,
  check: validateBank,
  request: (form) => ({
    bank_name: form.bank_name.trim(),
    account_no: form.account_no.trim(),
    holder_name: form.holder_name.trim(),
    branch: form.branch.trim(),
    swift_code: form.swift_code.trim(),
  }),
  effect: setUserBankFx,
  $errors,
  $formError,
  wireFields: Object.fromEntries(BANK_FIELDS.map((field) => [field, field])),
});

sample({ clock: setUserBankFx.done, fn: () => 'bindBank.bound', target: notifyFx });
sample({ clock: setUserBankFx.done, fn: () => PATHS.bind, target: goBackFx });

import { endpoints, type IdentityStatus, type ResponseOf } from '@bourse/protocol';
import { FUNC } from '@bourse/protocol/socket/wire';
import { birthDateProblem } from '@bourse/protocol/identity-rules';
import { preparePhoto, type PhotoTarget } from '#shared/lib';
import { createApiEffect } from '#shared/api';
import {
  checkMessages,
  createFormSubmission,
  withoutErrors,
  type FormErrors,
} from '#shared/api/form';
import { $userInfo, userInfoUpdated } from '#shared/session';
import { pushReceived } from '#shared/socket';
import { notifyFx } from '#shared/ui/toast';
import { createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export const IDENTITY_FIELDS = [
  'name',
  'id_number',
  'document_type',
  'area_code',
  'phone',
  'birth_date',
] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number] | 'front_image';
export type IdentityForm = Record<(typeof IDENTITY_FIELDS)[number], string> & {
  front_image: string | null;
};

export type DocumentType = ResponseOf<typeof endpoints.user.getDocumentType>['list'][number];
export type PhoneCode = ResponseOf<typeof endpoints.index.getPhoneCode>['list'][number];

export const VerifiedPageGate = createGate<Record<string, never>>({
  name: 'VerifiedPage',
  defaultState: {},
});

export const getCashStatusFx = createApiEffect(endpoints.user.getCashStatus);
export const getDocumentTypeFx = createApiEffect(endpoints.user.getDocumentType);
export const getPhoneCodeFx = createApiEffect(endpoints.index.getPhoneCode);
export const setAuthenticationFx = createApiEffect(endpoints.user.setAuthentication);

/** A document photo: at most 1600 px, well under the server's 700 000 characters. */
export const DOCUMENT_PHOTO: PhotoTarget = {
  maxSide: 1600,
  maxBytes: 400 * 1024,
  quality: 0.85,
  sendSmallAsIs: true,
};

export const compressPhotoFx = createEffect((file: File) => preparePhoto(file, DOCUMENT_PHOTO));

export const fieldChanged = createEvent<{
  field: (typeof IDENTITY_FIELDS)[number];
  value: string;
}>();
export const photoSelected = createEvent<File>();
export const submitted = createEvent();
export const retried = createEvent();

const EMPTY: IdentityForm = {
  name: '',
  id_number: '',
  document_type: '',
  area_code: '',
  phone: '',
  birth_date: '',
  front_image: null,
};
export const $form = createStore<IdentityForm>(EMPTY);
export const $errors = createStore<FormErrors<IdentityField>>({});
export const $formError = createStore<string | null>(null);
export const $status = createStore<IdentityStatus | null>(null);
export const $rejectReason = createStore<string | null>(null);
export const $documentTypes = createStore<DocumentType[]>([]);
export const $phoneCodes = createStore<PhoneCode[]>([]);
export const $loadFailed = createStore(false);
export const $submitting = setAuthenticationFx.pending;
export const $compressing = compressPhotoFx.pending;

sample({ clock: [VerifiedPageGate.open, retried], fn: () => ({}), target: getCashStatusFx });
sample({
  clock: VerifiedPageGate.open,
  fn: () => ({}),
  target: [getDocumentTypeFx, getPhoneCodeFx],
});
sample({ clock: getCashStatusFx.doneData, fn: (cash) => cash.identity_status, target: $status });
// PROTOCOL.md §3 has no identity push: the review's decision comes as a Notice, on which the page
// left open under review asks again, so the status changes without a reload.
sample({
  clock: pushReceived,
  source: { open: VerifiedPageGate.status, status: $status },
  filter: ({ open, status }, push) => open && status === 'pending' && push.func === FUNC.notice,
  fn: () => ({}),
  target: getCashStatusFx,
});
// The rest of the app (the user centre's tag, Withdraw) reads the status from the user info.
sample({
  clock: getCashStatusFx.doneData,
  source: $userInfo,
  filter: Boolean,
  fn: (user, cash) => ({ ...user, identity_status: cash.identity_status }),
  target: userInfoUpdated,
});
sample({
  clock: getCashStatusFx.doneData,
  fn: (cash) => cash.identity_reject_reason,
  target: $rejectReason,
});
$loadFailed.on(getCashStatusFx.fail, () => true).reset(getCashStatusFx);
sample({ clock: getDocumentTypeFx.doneData, fn: ({ list }) => list, target: $documentTypes });
sample({ clock: getPhoneCodeFx.doneData, fn: ({ list }) => list, target: $phoneCodes });

// The first document type and the user's own calling code are chosen until the user picks.
sample({
  clock: getDocumentTypeFx.doneData,
  source: $form,
  filter: (form) => form.document_type === '',
  fn: (form, { list }) => ({ ...form, document_type: list[0]?.id ?? '' }),
  target: $form,
});
sample({
  clock: getPhoneCodeFx.doneData,
  source: { form: $form, user: $userInfo },
  filter: ({ form }) => form.area_code === '',
  fn: ({ form, user }, { list }) => ({
    ...form,
    area_code: user?.area_code || list[0]?.code || '',
    phone: form.phone || user?.phone || '',
  }),
  target: $form,
});

/**
 * After a rejection the form starts from what was sent (getCashStatus' identity_submitted: the
 * text fields, not the photo), until the user edits it; the phone was sent as "+code number".
 */
const $edited = createStore(false)
  .on(fieldChanged, () => true)
  .reset(VerifiedPageGate.close, setAuthenticationFx.done);
export const $prefilled = createStore(false).reset(
  VerifiedPageGate.close,
  setAuthenticationFx.done,
);
const resubmitLoaded = sample({
  clock: getCashStatusFx.doneData,
  source: { form: $form, edited: $edited },
  filter: ({ edited }, cash) =>
    !edited && cash.identity_status === 'rejected' && Boolean(cash.identity_submitted),
  fn: ({ form }, cash): IdentityForm => {
    const sent = cash.identity_submitted;
    if (!sent) return form;
    const phone = /^(\+\d{1,4})\s+(.+)$/.exec(sent.phone.trim());
    return {
      ...form,
      name: sent.name,
      id_number: sent.id_number,
      birth_date: sent.birth_date,
      document_type: sent.document_type || form.document_type,
      area_code: phone?.[1] ?? form.area_code,
      phone: phone?.[2] ?? sent.phone,
    };
  },
});
sample({ clock: resubmitLoaded, target: $form });
$prefilled.on(resubmitLoaded, () => true);

$form
  .on(fieldChanged, (form, { field, value }) => ({ ...form, [field]: value }))
  .on(compressPhotoFx.doneData, (form, front_image) => ({ ...form, front_image }))
  .reset(VerifiedPageGate.close, setAuthenticationFx.done);
$errors
  .on(fieldChanged, (errors, { field }) => withoutErrors(errors, field))
  .on(compressPhotoFx.done, (errors) => withoutErrors(errors, 'front_image'))
  .on(compressPhotoFx.fail, (errors) => ({
    ...errors,
    front_image: { key: 'verified.photoUnreadable' },
  }))
  .reset(VerifiedPageGate.close);
$formError.reset(VerifiedPageGate.close);
sample({ clock: photoSelected, target: compressPhotoFx });

/** The key of a birth date the review would refuse (identity-rules: past, adult), or null. */
function birthDateKey(birthDate: string, now: number): string | null {
  if (birthDate.trim() === '') return 'validation.required';
  const problem = birthDateProblem(birthDate, now);
  // the texts name the age (ADULT_AGE, 18), which the model test holds them to
  if (problem === 'minor') return 'verified.birthMinor';
  if (problem === 'future') return 'verified.birthFuture';
  return problem === 'malformed' ? 'verified.dateShape' : null;
}

/**
 * SPEC.md §5: name, ID number, phone, date of birth and ID photo are all required; the birth date
 * is in the past and an adult's on the day of `now`, as the review holds it.
 */
export function validateIdentity(
  form: IdentityForm,
  now: number = Date.now(),
): FormErrors<IdentityField> {
  const required = (value: string) => (value.trim() === '' ? 'validation.required' : null);
  return checkMessages<IdentityField>({
    name: required(form.name),
    id_number:
      required(form.id_number) ?? (form.id_number.trim().length < 4 ? 'verified.idShort' : null),
    document_type: required(form.document_type),
    area_code: null,
    phone:
      required(form.phone) ??
      (/^[0-9 -]{4,16}$/.test(form.phone.trim()) ? null : 'verified.phoneShape'),
    birth_date: birthDateKey(form.birth_date, now),
    front_image: form.front_image === null ? 'verified.photoRequired' : null,
  });
}

createFormSubmission({
  clock: submitted,
  source: $form,
  check: (form) => validateIdentity(form),
  request: (form) => ({
    name: form.name.trim(),
    id_number: form.id_number.trim(),
    phone: `${form.area_code} ${form.phone.trim()}`.trim(),
    birth_date: form.birth_date,
    document_type: form.document_type,
    front_image: form.front_image ?? '',
  }),
  effect: setAuthenticationFx,
  $errors,
  $formError,
  wireFields: {
    name: 'name',
    id_number: 'id_number',
    phone: 'phone',
    birth_date: 'birth_date',
    document_type: 'document_type',
    front_image: 'front_image',
  },
});

sample({
  clock: setAuthenticationFx.doneData,
  fn: (reply) => reply.identity_status,
  target: $status,
});
$rejectReason.reset(setAuthenticationFx.done);
sample({
  clock: setAuthenticationFx.doneData,
  source: $userInfo,
  filter: Boolean,
  fn: (user, reply) => ({ ...user, identity_status: reply.identity_status }),
  target: userInfoUpdated,
});
sample({ clock: setAuthenticationFx.done, fn: () => 'verified.submittedToast', target: notifyFx });

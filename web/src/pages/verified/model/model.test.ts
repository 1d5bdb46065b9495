import { EXAMPLE_USER, LANGUAGES, type UserInfo } from '@bourse/protocol';
import { ADULT_AGE } from '@bourse/protocol/identity-rules';
import { $apiClient } from '#shared/api';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { $userInfo } from '#shared/session';
import { pushReceived } from '#shared/socket';
import { showToastFx } from '#shared/ui/toast';
import { allSettled, fork } from 'effector';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  $errors,
  $form,
  $prefilled,
  $rejectReason,
  $status,
  compressPhotoFx,
  fieldChanged,
  photoSelected,
  retried,
  submitted,
  VerifiedPageGate,
} from './model.ts';

const USER: UserInfo = { ...EXAMPLE_USER, area_code: '+44', phone: '7700900123' };
const JPEG = 'data:image/jpeg;base64,/9j/4AAQ';
const NOTICE = {
  func: 'Notice',
  topic: 'Notice',
  data: { id: 'ID1', title: 'Identity verified', summary: '', created_at: 1_763_900_000_000 },
} as const;
const LOCALES = join(import.meta.dirname, '..', '..', '..', 'shared', 'i18n', 'locales');

function setup(
  status: 'unverified' | 'rejected' = 'unverified',
  replies: Record<string, Reply> = {},
) {
  const api = fakeClient({
    '/api/users/getCashStatus': () => ({
      identity_status: status,
      identity_reject_reason: status === 'rejected' ? 'The photo is blurred' : null,
      bank: null,
      wallet: null,
    }),
    '/api/users/getDocumentType': () => ({
      list: [
        { id: 'passport', name: 'Passport', needs_back: false },
        { id: 'id_card', name: 'ID card', needs_back: true },
      ],
    }),
    '/api/index/getPhoneCode': () => ({
      list: [
        { iso: 'US', country: 'United States', code: '+1' },
        { iso: 'GB', country: 'United Kingdom', code: '+44' },
      ],
    }),
    '/api/users/setAuthentication': () => ({ identity_status: 'pending' }),
    ...replies,
  });
  const toasts: string[] = [];
  const compress = vi.fn((_file: File) => Promise.resolve(JPEG));
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$userInfo, USER],
    ],
    handlers: [
      [showToastFx, (text: string) => void toasts.push(text)],
      [compressPhotoFx, compress],
    ],
  });
  return { scope, api, toasts, compress };
}

type Scope = ReturnType<typeof setup>['scope'];

async function fillAll(scope: Scope) {
  for (const [field, value] of [
    ['name', ' Alex Doe '],
    ['id_number', 'X1234567'],
    ['birth_date', '1990-04-01'],
  ] as const) {
    await allSettled(fieldChanged, { scope, params: { field, value } });
  }
  await allSettled(photoSelected, {
    scope,
    params: new File(['x'], 'id.jpg', { type: 'image/jpeg' }),
  });
}

describe('identity verification', () => {
  it('opens with the status, the document types and the user own calling code and phone', async () => {
    const { scope } = setup();

    await allSettled(VerifiedPageGate.open, { scope, params: {} });

    expect(scope.getState($status)).toBe('unverified');
    expect(scope.getState($form)).toMatchObject({
      document_type: 'passport',
      area_code: '+44',
      phone: '7700900123',
    });
  });

  it('asks for every field and the photo without calling', async () => {
    const { scope, api } = setup();
    await allSettled(VerifiedPageGate.open, { scope, params: {} });
    await allSettled(fieldChanged, { scope, params: { field: 'phone', value: '' } });

    await allSettled(submitted, { scope });

    expect(scope.getState($errors)).toStrictEqual({
      name: { key: 'validation.required' },
      id_number: { key: 'validation.required' },
      phone: { key: 'validation.required' },
      birth_date: { key: 'validation.required' },
      front_image: { key: 'verified.photoRequired' },
    });
    expect(api.calls.map((call) => call.path)).not.toContain('/api/users/setAuthentication');
  });

  it('refuses a birth date in the future or of a minor, keeping what was typed', async () => {
    const { scope, api } = setup();
    await allSettled(VerifiedPageGate.open, { scope, params: {} });
    await fillAll(scope);
    const year = new Date().getUTCFullYear();

    for (const [birth_date, key] of [
      [`${String(year + 1)}-01-01`, 'verified.birthFuture'],
      [`${String(year - 10)}-01-01`, 'verified.birthMinor'],
      ['1990-02-31', 'verified.dateShape'],
    ] as const) {
      await allSettled(fieldChanged, { scope, params: { field: 'birth_date', value: birth_date } });
      await allSettled(submitted, { scope });
      expect(scope.getState($errors)).toStrictEqual({ birth_date: { key } });
      expect(scope.getState($form).birth_date).toBe(birth_date);
      expect(scope.getState($form).name).toBe(' Alex Doe ');
    }
    expect(api.calls.map((call) => call.path)).not.toContain('/api/users/setAuthentication');
  });

  it('names the adult age of the review in every language', () => {
    for (const language of LANGUAGES) {
      const texts = JSON.parse(readFileSync(join(LOCALES, `${language}.json`), 'utf8')) as {
        verified: { birthMinor: string };
      };
      expect(texts.verified.birthMinor).toContain(String(ADULT_AGE));
    }
  });

  it('shows the decision of the review while the page is open, when its Notice arrives', async () => {
    let status: 'pending' | 'verified' = 'pending';
    const { scope, api } = setup('unverified', {
      '/api/users/getCashStatus': () => ({
        identity_status: status,
        identity_reject_reason: null,
        bank: null,
        wallet: null,
      }),
    });
    await allSettled(VerifiedPageGate.open, { scope, params: {} });
    expect(scope.getState($status)).toBe('pending');
    const asked = () => api.calls.filter((call) => call.path === '/api/users/getCashStatus');
    expect(asked()).toHaveLength(1);

    status = 'verified';
    await allSettled(pushReceived, { scope, params: NOTICE });
    expect(asked()).toHaveLength(2);
    expect(scope.getState($status)).toBe('verified');
    expect(scope.getState($userInfo)?.identity_status).toBe('verified');

    // decided, the page no longer asks on every Notice; closed, it never does
    await allSettled(pushReceived, { scope, params: NOTICE });
    await allSettled(VerifiedPageGate.close, { scope, params: {} });
    await allSettled(pushReceived, { scope, params: NOTICE });
    expect(asked()).toHaveLength(2);
  });

  it('compresses the photo, submits everything and shows Pending Review', async () => {
    const { scope, api, toasts, compress } = setup();
    await allSettled(VerifiedPageGate.open, { scope, params: {} });
    await fillAll(scope);

    await allSettled(submitted, { scope });

    expect(compress).toHaveBeenCalledTimes(1);
    const sent = api.calls.find((call) => call.path === '/api/users/setAuthentication');
    expect(sent?.body).toStrictEqual({
      name: 'Alex Doe',
      id_number: 'X1234567',
      phone: '+44 7700900123',
      birth_date: '1990-04-01',
      document_type: 'passport',
      front_image: JPEG,
    });
    expect(scope.getState($status)).toBe('pending');
    expect(scope.getState($userInfo)?.identity_status).toBe('pending');
    expect(toasts).toStrictEqual(['verified.submittedToast']);
  });

  it('shows the reason of a rejection, and lets the user submit again', async () => {
    const { scope, api } = setup('rejected');
    await allSettled(VerifiedPageGate.open, { scope, params: {} });
    expect(scope.getState($status)).toBe('rejected');
    expect(scope.getState($rejectReason)).toBe('The photo is blurred');

    await fillAll(scope);
    await allSettled(submitted, { scope });

    expect(api.calls.map((call) => call.path)).toContain('/api/users/setAuthentication');
    expect(scope.getState($status)).toBe('pending');
    expect(scope.getState($rejectReason)).toBeNull();
  });

  it('starts a rejected form from what was sent, but for the photo, and keeps what is typed', async () => {
    const sent = {
      name: 'Alex Doe',
      id_number: 'X1234567',
      phone: '+1 4155550100',
      birth_date: '1990-04-01',
      document_type: 'id_card',
    };
    const cash = () => ({
      identity_status: 'rejected',
      identity_reject_reason: 'The ID number does not match the photo',
      identity_submitted: sent,
      bank: null,
      wallet: null,
    });
    const { scope } = setup('rejected', { '/api/users/getCashStatus': cash });
    await allSettled(VerifiedPageGate.open, { scope, params: {} });

    expect(scope.getState($form)).toStrictEqual({
      name: 'Alex Doe',
      id_number: 'X1234567',
      document_type: 'id_card',
      area_code: '+1',
      phone: '4155550100',
      birth_date: '1990-04-01',
      front_image: null,
    });
    expect(scope.getState($prefilled)).toBe(true);
    expect(scope.getState($rejectReason)).toBe('The ID number does not match the photo');

    // a status asked again (a Notice) does not undo what the user corrected
    await allSettled(fieldChanged, { scope, params: { field: 'id_number', value: 'X7654321' } });
    await allSettled(retried, { scope });
    expect(scope.getState($form).id_number).toBe('X7654321');
  });

  it('a photo that cannot be read is said so next to it', async () => {
    const { scope } = setup();
    await allSettled(VerifiedPageGate.open, { scope, params: {} });
    const failing = fork({
      values: [[$apiClient, fakeClient({}).client]],
      handlers: [[compressPhotoFx, () => Promise.reject(new Error('not an image'))]],
    });

    await allSettled(photoSelected, { scope: failing, params: new File(['x'], 'a.txt') });

    expect(failing.getState($errors)).toStrictEqual({
      front_image: { key: 'verified.photoUnreadable' },
    });
  });

  it("shows the server's refusal of a field next to it", async () => {
    const { scope } = setup('unverified', {
      '/api/users/setAuthentication': failWith(400, 'birth_date: must be a date (YYYY-MM-DD)'),
    });
    await allSettled(VerifiedPageGate.open, { scope, params: {} });
    await fillAll(scope);

    await allSettled(submitted, { scope });

    expect(scope.getState($errors)).toStrictEqual({
      birth_date: { text: 'must be a date (YYYY-MM-DD)' },
    });
    expect(scope.getState($status)).toBe('unverified');
  });
});

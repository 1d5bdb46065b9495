import { EXAMPLE_USER, type Endpoint, type UserInfo } from '@bourse/protocol';
import { $apiClient, type ApiClient } from '#shared/api';
import { $language } from '#shared/i18n';
import { $isLoggedIn, $token, $userInfo, fetchUserInfoFx } from '#shared/session';
import { $theme } from '#shared/theme';
import { showToastFx } from '#shared/ui/toast';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import {
  $avatarError,
  $avatarPreview,
  AVATAR_SOURCE_MAX_BYTES,
  avatarFileProblem,
  avatarFileSelected,
  compressAvatarFx,
} from './avatar.ts';
import {
  $deleteCode,
  $deleteCodeSent,
  $deleteErrors,
  $deletePassword,
  deleteCodeChanged,
  deleteCodeRequested,
  deletePasswordChanged,
  deleteSubmitted,
} from './delete-account.ts';
import {
  $sheet,
  languagePicked,
  logoutConfirmed,
  nightModeToggled,
  sheetClosed,
  sheetOpened,
} from './page.ts';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';

const USER: UserInfo = { ...EXAMPLE_USER };
const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';

function setup(
  replies: Record<string, Reply> = {},
  compress: (file: File) => Promise<string> = () => Promise.resolve(JPEG),
) {
  const api = fakeClient({
    '/api/users/setHeadImg': (body) => body,
    '/api/users/sendEmail': () => ({ expires_in: 600, resend_in: 60 }),
    '/api/users/deleteUser': () => ({}),
    '/api/users/logout': () => ({}),
    '/api/index/getLang': () => ({ list: [] }),
    ...replies,
  });
  const toasts: string[] = [];
  const compressor = vi.fn(compress);
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$userInfo, USER],
      [$isLoggedIn, true],
      [$token, 'token-of-the-session'],
    ],
    handlers: [
      [showToastFx, (text: string) => void toasts.push(text)],
      [compressAvatarFx, compressor],
    ],
  });
  return { scope, api, toasts, compressor };
}

const image = (name = 'me.png', type = 'image/png') =>
  new File([new Uint8Array(64)], name, { type });

describe('language and theme', () => {
  it('a picked language becomes the app language and the Accept-Language of the next call', async () => {
    const { scope, api } = setup({ '/api/users/info': () => USER });

    await allSettled(sheetOpened, { scope, params: 'language' });
    await allSettled(languagePicked, { scope, params: 'jp' });

    expect(scope.getState($language)).toBe('jp');
    expect(scope.getState($sheet)).toBeNull();

    await allSettled(fetchUserInfoFx, { scope, params: {} });
    expect(api.calls.at(-1)?.credentials.language).toBe('jp');
  });

  it('night mode switches the theme both ways', async () => {
    const { scope } = setup();

    await allSettled(nightModeToggled, { scope, params: true });
    expect(scope.getState($theme)).toBe('night');

    await allSettled(nightModeToggled, { scope, params: false });
    expect(scope.getState($theme)).toBe('day');
  });
});

describe('changing the avatar', () => {
  it('refuses a file that is not an image, without compressing or calling', async () => {
    const { scope, api, compressor } = setup();

    await allSettled(avatarFileSelected, {
      scope,
      params: new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    });

    expect(scope.getState($avatarError)).toStrictEqual({ key: 'setup.avatar.notImage' });
    expect(compressor).not.toHaveBeenCalled();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a photo too large to handle', async () => {
    const { scope, api } = setup();
    const huge = new File([new Uint8Array(AVATAR_SOURCE_MAX_BYTES + 1)], 'huge.jpg', {
      type: 'image/jpeg',
    });

    await allSettled(avatarFileSelected, { scope, params: huge });

    expect(scope.getState($avatarError)).toStrictEqual({ key: 'setup.avatar.tooLarge' });
    expect(api.calls).toHaveLength(0);
  });

  it('takes a file without a MIME type by its extension', () => {
    expect(avatarFileProblem({ type: '', name: 'IMG_0001.HEIC', size: 10 })).toBeNull();
    expect(avatarFileProblem({ type: '', name: 'report.pdf', size: 10 })).toBe(
      'setup.avatar.notImage',
    );
  });

  it('sends the compressed image and shows it as the new avatar', async () => {
    const { scope, api, toasts, compressor } = setup();
    const file = image();

    await allSettled(avatarFileSelected, { scope, params: file });

    expect(compressor).toHaveBeenCalledWith(file);
    expect(api.calls.map(({ path, body }) => ({ path, body }))).toStrictEqual([
      { path: '/api/users/setHeadImg', body: { avatar: JPEG } },
    ]);
    expect(scope.getState($userInfo)?.avatar).toBe(JPEG);
    expect(scope.getState($avatarError)).toBeNull();
    expect(scope.getState($avatarPreview)).toBeNull();
    expect(toasts).toStrictEqual(['setup.avatar.saved']);
  });

  it('shows the new picture while the server is still saving it', async () => {
    let answer: () => void = () => undefined;
    const slow = fork({
      values: [
        [
          $apiClient,
          {
            call: (endpoint: Endpoint, body: unknown) =>
              new Promise((resolve) => {
                answer = () => {
                  resolve(endpoint.response.parse(body) as never);
                };
              }),
          } satisfies ApiClient,
        ],
        [$userInfo, USER],
      ],
      handlers: [
        [compressAvatarFx, () => Promise.resolve(JPEG)],
        [showToastFx, () => undefined],
      ],
    });

    const settled = allSettled(avatarFileSelected, { scope: slow, params: image() });
    await vi.waitFor(() => {
      expect(slow.getState($avatarPreview)).toBe(JPEG);
    });
    expect(slow.getState($userInfo)?.avatar).toBe('');

    answer();
    await settled;
    expect(slow.getState($userInfo)?.avatar).toBe(JPEG);
  });

  it('refuses an image that stays over the server limit after compression', async () => {
    const tooLong = `data:image/jpeg;base64,${'A'.repeat(700_000)}`;
    const { scope, api } = setup({}, () => Promise.resolve(tooLong));

    await allSettled(avatarFileSelected, { scope, params: image() });

    expect(scope.getState($avatarError)).toStrictEqual({ key: 'setup.avatar.tooLarge' });
    expect(api.calls).toHaveLength(0);
  });

  it('says so when the image cannot be read', async () => {
    const { scope, api } = setup({}, () => Promise.reject(new Error('decode failed')));

    await allSettled(avatarFileSelected, { scope, params: image('broken.jpg', 'image/jpeg') });

    expect(scope.getState($avatarError)).toStrictEqual({ key: 'setup.avatar.unreadable' });
    expect(api.calls).toHaveLength(0);
  });

  it('keeps the old avatar and shows the reason when the server refuses', async () => {
    const { scope } = setup({
      '/api/users/setHeadImg': failWith(400, 'avatar: must be a JPEG, PNG or WebP image'),
    });

    await allSettled(avatarFileSelected, { scope, params: image() });

    expect(scope.getState($avatarError)).toStrictEqual({
      text: 'must be a JPEG, PNG or WebP image',
    });
    expect(scope.getState($userInfo)?.avatar).toBe('');
    expect(scope.getState($avatarPreview)).toBeNull();
  });
});

describe('deleting the account', () => {
  it('asks for the password and the code before calling', async () => {
    const { scope, api } = setup();

    await allSettled(sheetOpened, { scope, params: 'delete' });
    await allSettled(deleteCodeChanged, { scope, params: '12' });
    await allSettled(deleteSubmitted, { scope });

    expect(scope.getState($deleteErrors)).toStrictEqual({
      password: { key: 'validation.required' },
      code: { key: 'validation.code' },
    });
    expect(api.calls).toHaveLength(0);
    expect(scope.getState($deleteCode)).toBe('12');
  });

  it('e-mails a code for the deletion', async () => {
    // resend_in 0: no countdown keeps the scope busy
    const { scope, api } = setup({
      '/api/users/sendEmail': () => ({ expires_in: 600, resend_in: 0 }),
    });

    await allSettled(deleteCodeRequested, { scope });

    expect(api.calls.map(({ path, body }) => ({ path, body }))).toStrictEqual([
      { path: '/api/users/sendEmail', body: { purpose: 'delete_account' } },
    ]);
    expect(scope.getState($deleteCodeSent)).toBe(true);
  });

  it('deletes with the password and the code, then ends the session', async () => {
    const { scope, api, toasts } = setup();

    await allSettled(sheetOpened, { scope, params: 'delete' });
    await allSettled(deletePasswordChanged, { scope, params: 'Secret123' });
    await allSettled(deleteCodeChanged, { scope, params: ' 123456 ' });
    await allSettled(deleteSubmitted, { scope });

    expect(api.calls.map(({ path, body }) => ({ path, body }))).toStrictEqual([
      { path: '/api/users/deleteUser', body: { password: 'Secret123', code: '123456' } },
    ]);
    expect(scope.getState($isLoggedIn)).toBe(false);
    expect(scope.getState($token)).toBeNull();
    expect(scope.getState($userInfo)).toBeNull();
    expect(toasts).toStrictEqual(['setup.delete.done']);
  });

  it('shows a wrong password next to the password field and keeps the session', async () => {
    const { scope } = setup({
      '/api/users/deleteUser': failWith(400, 'password: The current password is incorrect'),
    });

    await allSettled(sheetOpened, { scope, params: 'delete' });
    await allSettled(deletePasswordChanged, { scope, params: 'Wrong1234' });
    await allSettled(deleteCodeChanged, { scope, params: '123456' });
    await allSettled(deleteSubmitted, { scope });

    expect(scope.getState($deleteErrors)).toStrictEqual({
      password: { text: 'The current password is incorrect' },
    });
    expect(scope.getState($isLoggedIn)).toBe(true);
    expect(scope.getState($deletePassword)).toBe('Wrong1234');
  });

  it('reads a Chinese field message with its full-width colon', async () => {
    const { scope } = setup({ '/api/users/deleteUser': failWith(400, 'code：驗證碼錯誤或已過期') });

    await allSettled(deletePasswordChanged, { scope, params: 'Secret123' });
    await allSettled(deleteCodeChanged, { scope, params: '123456' });
    await allSettled(deleteSubmitted, { scope });

    expect(scope.getState($deleteErrors)).toStrictEqual({ code: { text: '驗證碼錯誤或已過期' } });
  });

  it('closing the sheet forgets the password', async () => {
    const { scope } = setup();

    await allSettled(sheetOpened, { scope, params: 'delete' });
    await allSettled(deletePasswordChanged, { scope, params: 'Secret123' });
    await allSettled(sheetClosed, { scope });

    expect(scope.getState($deletePassword)).toBe('');
  });
});

describe('logging out', () => {
  it('tells the server and ends the session once confirmed', async () => {
    const { scope, api } = setup();

    await allSettled(sheetOpened, { scope, params: 'logout' });
    expect(api.calls).toHaveLength(0);
    await allSettled(logoutConfirmed, { scope });

    expect(api.paths()).toStrictEqual(['/api/users/logout']);
    expect(scope.getState($isLoggedIn)).toBe(false);
    expect(scope.getState($sheet)).toBeNull();
  });
});

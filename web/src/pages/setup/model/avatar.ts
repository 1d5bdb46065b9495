import { endpoints, imageDataUrl, LIMITS } from '@bourse/protocol';
import { preparePhoto, type PhotoTarget } from '#shared/lib';
import { createApiEffect } from '#shared/api';
import { $userInfo, userInfoUpdated } from '#shared/session';
import { notifyFx } from '#shared/ui/toast';
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { refusalOf, type FormMessage } from '#shared/api';
import { SetupPageGate } from './page.ts';

/** The avatar is drawn at most 64 px wide; 256 px covers a 4× screen. */
export const AVATAR_SIZE_PX = 256;
/** A photo larger than this is refused before any work (a phone's camera stays well under it). */
export const AVATAR_SOURCE_MAX_BYTES = 20 * 1024 * 1024;
/** The compressed image aims far below the server's limit (LIMITS.avatarChars of base64). */
const AVATAR_TARGET_MB = 0.15;

// Some Android pickers give no MIME type: the extension decides then.
const IMAGE_NAME = /\.(jpe?g|png|webp|gif|bmp|heic|heif|avif)$/i;

/** Why a chosen file cannot be an avatar, as a translation key; null when it may be tried. */
export function avatarFileProblem(file: Pick<File, 'type' | 'name' | 'size'>): string | null {
  const image = file.type === '' ? IMAGE_NAME.test(file.name) : file.type.startsWith('image/');
  if (!image) return 'setup.avatar.notImage';
  if (file.size > AVATAR_SOURCE_MAX_BYTES) return 'setup.avatar.tooLarge';
  return null;
}

/** Whether a data URL is one the server takes (JPEG, PNG or WebP, within its length limit). */
export const avatarFits = (dataUrl: string): boolean =>
  dataUrl.length <= LIMITS.avatarChars && imageDataUrl.safeParse(dataUrl).success;

/** Every avatar is made a small JPEG (white behind transparency), whatever was picked. */
const AVATAR_PHOTO: PhotoTarget = {
  maxSide: AVATAR_SIZE_PX,
  maxBytes: AVATAR_TARGET_MB * 1024 * 1024,
  quality: 0.86,
  sendSmallAsIs: false,
};

export const compressAvatarFx = createEffect((file: File) => preparePhoto(file, AVATAR_PHOTO));

export const setAvatarFx = createApiEffect(endpoints.user.setHeadImg);

/** The user chose a file for their avatar. */
export const avatarFileSelected = createEvent<File>();

export const $avatarError = createStore<FormMessage | null>(null);
/** The new picture, shown as soon as it is ready, until the server has taken it or refused it. */
export const $avatarPreview = createStore<string | null>(null);
export const $avatarBusy = combine(
  compressAvatarFx.pending,
  setAvatarFx.pending,
  (compressing, saving) => compressing || saving,
);

const checked = sample({
  clock: avatarFileSelected,
  filter: $avatarBusy.map((busy) => !busy),
  fn: (file) => ({ file, problem: avatarFileProblem(file) }),
});
sample({
  clock: checked,
  fn: ({ problem }): FormMessage | null => (problem === null ? null : { key: problem }),
  target: $avatarError,
});
sample({
  clock: checked,
  filter: ({ problem }) => problem === null,
  fn: ({ file }) => file,
  target: compressAvatarFx,
});

sample({
  clock: compressAvatarFx.fail,
  fn: (): FormMessage => ({ key: 'setup.avatar.unreadable' }),
  target: $avatarError,
});
sample({
  clock: compressAvatarFx.doneData,
  filter: (dataUrl) => !avatarFits(dataUrl),
  fn: (): FormMessage => ({ key: 'setup.avatar.tooLarge' }),
  target: $avatarError,
});

const ready = sample({ clock: compressAvatarFx.doneData, filter: avatarFits });
sample({ clock: ready, target: $avatarPreview });
sample({ clock: ready, fn: (avatar) => ({ avatar }), target: setAvatarFx });

sample({
  clock: setAvatarFx.doneData,
  source: $userInfo,
  filter: Boolean,
  fn: (user, { avatar }) => ({ ...user, avatar }),
  target: userInfoUpdated,
});
sample({ clock: setAvatarFx.done, fn: () => 'setup.avatar.saved', target: notifyFx });
sample({
  clock: setAvatarFx.failData,
  fn: (error) => refusalOf(error)?.message ?? null,
  target: $avatarError,
});

$avatarPreview.reset(setAvatarFx.finally, SetupPageGate.close);
$avatarError.reset(SetupPageGate.close);

import { endpoints } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import { goBackFx, PATHS } from '#shared/routing';
import { $userInfo, userInfoUpdated } from '#shared/session';
import { notifyFx } from '#shared/ui/toast';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { refusalOf, type FormMessage } from '#shared/api';

/** As the server's rule: 1 to 20 characters once trimmed. */
export const NICKNAME_MAX = 20;

/** Why a nickname cannot be saved, as a translation key; null when it can (SPEC.md §5). */
export function nicknameProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'validation.required';
  if (trimmed.length > NICKNAME_MAX) return 'setupName.tooLong';
  return null;
}

export const NamePageGate = createGate<Record<string, never>>({
  name: 'NamePage',
  defaultState: {},
});

export const setNicknameFx = createApiEffect(endpoints.user.setNickname);

export const nicknameChanged = createEvent<string>();
export const saveClicked = createEvent();

export const $nickname = createStore('');
export const $nicknameError = createStore<FormMessage | null>(null);
export const $saving = setNicknameFx.pending;
/** How long the nickname will be once trimmed, for the counter. */
export const $nicknameLength = $nickname.map((nickname) => nickname.trim().length);

// Prefilled with the current nickname each time the page opens.
sample({
  clock: NamePageGate.open,
  source: $userInfo,
  fn: (user) => user?.nickname ?? '',
  target: $nickname,
});
sample({ clock: nicknameChanged, target: $nickname });
$nicknameError.reset(NamePageGate.open, nicknameChanged);

const checked = sample({
  clock: saveClicked,
  source: { nickname: $nickname, user: $userInfo },
  filter: $saving.map((saving) => !saving),
  fn: ({ nickname, user }) => ({
    nickname: nickname.trim(),
    problem: nicknameProblem(nickname),
    unchanged: nickname.trim() === user?.nickname,
  }),
});
sample({
  clock: checked,
  filter: ({ problem }) => problem !== null,
  fn: ({ problem }): FormMessage => ({ key: problem ?? 'validation.required' }),
  target: $nicknameError,
});
sample({
  clock: checked,
  filter: ({ problem, unchanged }) => problem === null && !unchanged,
  fn: ({ nickname }) => ({ nickname }),
  target: setNicknameFx,
});
// Nothing to save: simply go back.
sample({
  clock: checked,
  filter: ({ problem, unchanged }) => problem === null && unchanged,
  fn: () => PATHS.setup,
  target: goBackFx,
});

sample({
  clock: setNicknameFx.doneData,
  source: $userInfo,
  filter: Boolean,
  fn: (user, { nickname }) => ({ ...user, nickname }),
  target: userInfoUpdated,
});
sample({ clock: setNicknameFx.done, fn: () => 'setupName.saved', target: notifyFx });
sample({ clock: setNicknameFx.done, fn: () => PATHS.setup, target: goBackFx });

// The page has one field: whatever the server says goes next to it.
sample({
  clock: setNicknameFx.failData,
  fn: (error) => refusalOf(error)?.message ?? null,
  target: $nicknameError,
});

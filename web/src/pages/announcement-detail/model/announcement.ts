import { createApiEffect, isCodeError } from '#shared/api';
import { $language } from '#shared/i18n';
import { CODES, endpoints, idString, type ResponseOf } from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export type Announcement = ResponseOf<typeof endpoints.index.noticeDetail>;

/** The detail screen with the `id` of its address (null when the address has none). */
export const AnnouncementGate = createGate<{ id: string | null }>({
  name: 'AnnouncementGate',
  defaultState: { id: null },
});

/** The error state's button. */
export const retryClicked = createEvent();

// The screen has its own skeleton: no overlay over it.
const fetchAnnouncementFx = createApiEffect(endpoints.index.noticeDetail, { loading: false });

/** The id asked for: null while the screen is closed, '' when the address has no usable id. */
const $routeId = combine(AnnouncementGate.status, AnnouncementGate.state, (open, { id }) => {
  if (!open) return null;
  return id !== null && idString.safeParse(id).success ? id : '';
});

export type DetailStatus = 'loading' | 'ready' | 'notFound' | 'error';

export const $announcement = createStore<Announcement | null>(null);
export const $status = createStore<DetailStatus>('loading');

const isId = (id: string | null): id is string => id !== null && id !== '';

const idOpened = sample({ clock: $routeId, filter: isId });
const missingIdOpened = sample({ clock: $routeId, filter: (id) => id === '' });
const closed = sample({ clock: $routeId, filter: (id) => id === null });
const retried = sample({ clock: retryClicked, source: $routeId, filter: isId });
// Another language while it is open: the same announcement, in that language.
const languageSwitched = sample({ clock: $language.updates, source: $routeId, filter: isId });

sample({
  clock: [idOpened, retried, languageSwitched],
  fn: (id) => ({ id }),
  target: fetchAnnouncementFx,
});

// Only the answer for the id still on screen counts (links can move between announcements).
const answered = sample({
  clock: fetchAnnouncementFx.done,
  source: $routeId,
  filter: (id, { params }) => id === params.id,
  fn: (_, { result }) => result,
});
const failed = sample({
  clock: fetchAnnouncementFx.fail,
  source: $routeId,
  filter: (id, { params }) => id === params.id,
  fn: (_, { error }) => error,
});

$announcement
  .on(answered, (_, announcement) => announcement)
  .on(idOpened, () => null)
  .reset(missingIdOpened, closed);

$status
  .on(fetchAnnouncementFx, (status) => (status === 'ready' ? 'ready' : 'loading'))
  .on(idOpened, () => 'loading')
  .on(answered, () => 'ready')
  .on(failed, (status, error) => {
    // 404: no announcement by that id; 400: the server refused the id itself.
    if (isCodeError(error, CODES.notFound) || isCodeError(error, CODES.badRequest)) {
      return 'notFound';
    }
    // A failed refresh in another language keeps the text on screen.
    return status === 'ready' ? 'ready' : 'error';
  })
  .on(missingIdOpened, () => 'notFound')
  .reset(closed);

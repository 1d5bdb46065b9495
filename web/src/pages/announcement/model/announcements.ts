import { createApiEffect } from '#shared/api';
import { $language } from '#shared/i18n';
import { endpoints, type ResponseOf } from '@bourse/protocol';
import { attach, combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

type NoticePage = ResponseOf<typeof endpoints.index.noticeList>;
export type Notice = NoticePage['list'][number];

/** How many announcements one call brings. */
export const PAGE_SIZE = 20;

/** The list screen is on screen. */
export const AnnouncementsGate = createGate<Record<string, never>>('AnnouncementsGate');

/** The error state's button. */
export const retryClicked = createEvent();

const fetchNoticesFx = createApiEffect(endpoints.index.noticeList);

/** How many pages are on screen; 0 until the first one arrives. */
const $loadedPages = createStore(0);

/** The first page, replacing whatever is shown: the first visit, a retry, a pull to refresh. */
export const refreshFx = attach({
  effect: fetchNoticesFx,
  mapParams: () => ({ page: 1, limit: PAGE_SIZE }),
});

/** The page after the last one shown (infinite scroll). */
export const loadNextPageFx = attach({
  source: $loadedPages,
  effect: fetchNoticesFx,
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- effector's "no argument"
  mapParams: (_: void, pages) => ({ page: pages + 1, limit: PAGE_SIZE }),
});

const firstPageArrived = createEvent<NoticePage>();
const nextPageArrived = createEvent<NoticePage>();

export const $notices = createStore<readonly Notice[]>([]);
/** How many announcements the server has in all. */
export const $total = createStore(0);
/** A next page came back empty although the total promised more: stop asking. */
const $exhausted = createStore(false);
/** The last attempt at the first page failed. */
const $firstPageFailed = createStore(false);

sample({ clock: refreshFx.doneData, target: firstPageArrived });
// A page that no longer follows what is shown (a refresh came back in between) is dropped.
sample({
  clock: loadNextPageFx.doneData,
  source: $loadedPages,
  filter: (pages, reply) => pages > 0 && reply.page === pages + 1,
  fn: (_, reply) => reply,
  target: nextPageArrived,
});

$notices
  .on(firstPageArrived, (_, reply) => reply.list)
  .on(nextPageArrived, (shown, reply) => {
    // Announcements published meanwhile shift the pages: never show one twice.
    const seen = new Set(shown.map((notice) => notice.id));
    return [...shown, ...reply.list.filter((notice) => !seen.has(notice.id))];
  });
$total.on([firstPageArrived, nextPageArrived], (_, reply) => reply.total);
$loadedPages.on(firstPageArrived, () => 1).on(nextPageArrived, (pages) => pages + 1);
$exhausted
  .on(firstPageArrived, () => false)
  .on(nextPageArrived, (_, reply) => reply.list.length === 0);
$firstPageFailed.on(refreshFx, () => false).on(refreshFx.fail, () => true);

/** Whether scrolling to the end should load another page. */
export const $hasMore = combine(
  $notices,
  $total,
  $loadedPages,
  $exhausted,
  (notices, total, pages, exhausted) => pages > 0 && !exhausted && notices.length < total,
);

export type ListView = 'loading' | 'error' | 'empty' | 'list';

/** What the screen shows: skeletons until the first page, then the list or a state. */
export const $view = combine(
  $loadedPages,
  $notices,
  $firstPageFailed,
  refreshFx.pending,
  (pages, notices, failed, pending): ListView => {
    if (pages === 0) return failed && !pending ? 'error' : 'loading';
    return notices.length === 0 ? 'empty' : 'list';
  },
);

// The first visit loads; coming back from a detail keeps the list (pull down to refresh).
sample({
  clock: AnnouncementsGate.open,
  source: { pages: $loadedPages, pending: refreshFx.pending },
  filter: ({ pages, pending }) => pages === 0 && !pending,
  target: refreshFx,
});
sample({ clock: retryClicked, target: refreshFx });

// Announcements come in the app language: another language drops them, and an open screen
// loads them again.
const languageSwitched = $language.updates;
$notices.reset(languageSwitched);
$total.reset(languageSwitched);
$loadedPages.reset(languageSwitched);
$exhausted.reset(languageSwitched);
$firstPageFailed.reset(languageSwitched);
sample({ clock: languageSwitched, filter: AnnouncementsGate.status, target: refreshFx });

import { createApiEffect } from '#shared/api';
import { createPagedList, type PagedListView, type PageRequest } from '#shared/api/list';
import { endpoints, type ResponseOf } from '@bourse/protocol';
import { attach } from 'effector';

type NoticePage = ResponseOf<typeof endpoints.index.noticeList>;
export type Notice = NoticePage['list'][number];

/** How many announcements one call brings. */
export const PAGE_SIZE = 20;

// Announcements published meanwhile shift the pages: the list never shows one twice. They come
// in the app language, and another language loads them again.
const notices = createPagedList({
  name: 'AnnouncementsGate',
  fetchPage: attach({
    effect: createApiEffect(endpoints.index.noticeList),
    mapParams: (request: PageRequest) => request,
  }),
  pageSize: PAGE_SIZE,
});

/** The list screen is on screen: the first visit loads; coming back from a detail keeps the list. */
export const AnnouncementsGate = notices.Gate;

/** The error state's button. */
export const retryClicked = notices.retryClicked;

/** The first page, replacing whatever is shown: the first visit, a retry, a pull to refresh. */
export const refreshFx = notices.refreshFx;

/** The page after the last one shown (infinite scroll). */
export const loadNextPageFx = notices.loadNextPageFx;

export const $notices = notices.$items;
/** How many announcements the server has in all. */
export const $total = notices.$total;

/** Whether scrolling to the end should load another page. */
export const $hasMore = notices.$hasMore;

export type ListView = PagedListView;

/** What the screen shows: skeletons until the first page, then the list or a state. */
export const $view = notices.$view;

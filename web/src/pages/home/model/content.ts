import { createApiEffect } from '#shared/api';
import { $language } from '#shared/i18n';
import { endpoints, type ResponseOf } from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import { HomeGate } from './gate.ts';
import { sectionView } from './section.ts';

export type Banner = ResponseOf<typeof endpoints.index.bannerList>['list'][number];
export type NoticeTitle = ResponseOf<typeof endpoints.index.noticeList>['list'][number];

/** How many of the latest announcements the ticker runs through. */
export const TICKER_NOTICES = 5;

/** The banner strip's retry button. */
export const bannersRetryClicked = createEvent();
/** The notice ticker's retry button. */
export const noticesRetryClicked = createEvent();

export const fetchBannersFx = createApiEffect(endpoints.index.bannerList);
export const fetchNoticesFx = createApiEffect(endpoints.index.noticeList);

/** The banners, in display order; null until they first arrive. */
export const $banners = createStore<readonly Banner[] | null>(null).on(
  fetchBannersFx.doneData,
  (_, reply) => reply.list,
);
/** The latest announcements, pinned first; null until they first arrive. */
export const $tickerNotices = createStore<readonly NoticeTitle[] | null>(null).on(
  fetchNoticesFx.doneData,
  (_, reply) => reply.list,
);

const $bannersFailed = createStore(false)
  .on(fetchBannersFx, () => false)
  .on(fetchBannersFx.fail, () => true);
const $noticesFailed = createStore(false)
  .on(fetchNoticesFx, () => false)
  .on(fetchNoticesFx.fail, () => true);

export const $bannersView = combine(
  $banners,
  $bannersFailed,
  fetchBannersFx.pending,
  (banners, failed, pending) =>
    sectionView(banners !== null, banners?.length === 0, failed && !pending),
);
export const $noticesView = combine(
  $tickerNotices,
  $noticesFailed,
  fetchNoticesFx.pending,
  (notices, failed, pending) =>
    sectionView(notices !== null, notices?.length === 0, failed && !pending),
);

const loadBanners = () => ({});
const loadNotices = () => ({ page: 1, limit: TICKER_NOTICES });

// Banners change seldom: once per session (and language). Announcements may be new at every
// visit: each visit asks again, keeping the last ones on screen meanwhile.
sample({
  clock: HomeGate.open,
  source: { banners: $banners, pending: fetchBannersFx.pending },
  filter: ({ banners, pending }) => banners === null && !pending,
  fn: loadBanners,
  target: fetchBannersFx,
});
sample({ clock: bannersRetryClicked, fn: loadBanners, target: fetchBannersFx });
sample({ clock: [HomeGate.open, noticesRetryClicked], fn: loadNotices, target: fetchNoticesFx });

// Both come in the app language: another language drops them, and an open screen asks again.
const languageSwitched = $language.updates;
$banners.reset(languageSwitched);
$tickerNotices.reset(languageSwitched);
$bannersFailed.reset(languageSwitched);
$noticesFailed.reset(languageSwitched);
sample({
  clock: languageSwitched,
  filter: HomeGate.status,
  fn: loadBanners,
  target: fetchBannersFx,
});
sample({
  clock: languageSwitched,
  filter: HomeGate.status,
  fn: loadNotices,
  target: fetchNoticesFx,
});

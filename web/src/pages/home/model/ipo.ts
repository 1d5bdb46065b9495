import { createIpoListModel, type IpoListModel, type IpoListView } from '#entities/ipo';
import { $language } from '#shared/i18n';
import type { IpoStatus } from '@bourse/protocol';
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { HomeGate } from './gate.ts';
import type { SectionView } from './section.ts';

/** How many offerings each stage's tab shows; "View all" opens the rest on the IPO screen. */
export const IPO_PREVIEW = 3;

const previewOf = (status: IpoStatus) => createIpoListModel({ status, pageSize: IPO_PREVIEW });

/** The first offerings of each stage. */
export const ipoPreviews: Readonly<Record<IpoStatus, IpoListModel>> = {
  subscribing: previewOf('subscribing'),
  submitted: previewOf('submitted'),
  pending_listing: previewOf('pending_listing'),
  listed: previewOf('listed'),
};

/** A stage's tab was chosen. */
export const ipoTabChosen = createEvent<IpoStatus>();
/** The section's retry button (and the empty state's "check again"). */
export const ipoRetryClicked = createEvent();

/** The stage in view; kept while the app is open. */
export const $ipoTab = createStore<IpoStatus>('subscribing').on(ipoTabChosen, (_, tab) => tab);

/** Loads a stage's first offerings again, keeping those shown until they arrive. */
export const refreshPreviewFx = createEffect(async (status: IpoStatus) => {
  await ipoPreviews[status].refreshFx();
});

/** Stages loaded on this visit: offerings move between stages on the clock, so each visit asks. */
const $askedThisVisit = createStore<ReadonlySet<IpoStatus>>(new Set())
  .on(refreshPreviewFx, (asked, status) => new Set([...asked, status]))
  .reset(HomeGate.close, $language.updates);

sample({
  clock: [HomeGate.open, $language.updates],
  source: { tab: $ipoTab, asked: $askedThisVisit, open: HomeGate.status },
  filter: ({ tab, asked, open }) => open && !asked.has(tab),
  fn: ({ tab }) => tab,
  target: refreshPreviewFx,
});
sample({
  clock: ipoTabChosen,
  source: $askedThisVisit,
  filter: (asked, tab) => !asked.has(tab),
  fn: (_, tab) => tab,
  target: refreshPreviewFx,
});
sample({ clock: ipoRetryClicked, source: $ipoTab, target: refreshPreviewFx });

const SECTION_VIEW: Readonly<Record<IpoListView, SectionView>> = {
  loading: 'loading',
  error: 'error',
  empty: 'empty',
  list: 'ready',
};

const { subscribing, submitted, pending_listing: pendingListing, listed } = ipoPreviews;

/** What the stage in view shows. */
export const $ipoView = combine(
  $ipoTab,
  combine({
    subscribing: subscribing.$view,
    submitted: submitted.$view,
    pending_listing: pendingListing.$view,
    listed: listed.$view,
  }),
  (tab, views) => SECTION_VIEW[views[tab]],
);
/** The first offerings of the stage in view. */
export const $ipoOfferings = combine(
  $ipoTab,
  combine({
    subscribing: subscribing.$offerings,
    submitted: submitted.$offerings,
    pending_listing: pendingListing.$offerings,
    listed: listed.$offerings,
  }),
  (tab, offerings) => offerings[tab],
);
/** Whether the stage in view has more offerings than its tab shows. */
export const $ipoHasMore = combine(
  $ipoTab,
  combine({
    subscribing: subscribing.$total,
    submitted: submitted.$total,
    pending_listing: pendingListing.$total,
    listed: listed.$total,
  }),
  (tab, totals) => totals[tab] > IPO_PREVIEW,
);

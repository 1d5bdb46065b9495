import { createApiEffect, type ApiError } from '#shared/api';
import { $language } from '#shared/i18n';
import { endpoints, type IpoOffering, type IpoStatus, type ResponseOf } from '@bourse/protocol';
import {
  attach,
  combine,
  createEvent,
  createStore,
  sample,
  type Effect,
  type EventCallable,
  type Store,
} from 'effector';
import { createGate, type Gate } from 'effector-react';

type IpoPage = ResponseOf<typeof endpoints.market.getIpoList>;

/** What a list of offerings shows: skeletons until the first page, then the list or a state. */
export type IpoListView = 'loading' | 'error' | 'empty' | 'list';

export interface IpoListOptions {
  /** the stage listed */
  readonly status: IpoStatus;
  /** how many offerings one call brings: the page size, or how many a preview shows */
  readonly pageSize: number;
}

export interface IpoListModel {
  readonly status: IpoStatus;
  /** Mount it (`useGate`) where the list shows: the first opening loads the first page. */
  readonly Gate: Gate<Record<string, never>>;
  /** the error or empty state's button: loads the first page again */
  readonly retryClicked: EventCallable<void>;
  /** the first page, replacing what is shown (pull to refresh awaits it) */
  readonly refreshFx: Effect<void, IpoPage, ApiError>;
  /** the page after the last one shown (infinite scroll awaits it) */
  readonly loadNextPageFx: Effect<void, IpoPage, ApiError>;
  readonly $offerings: Store<readonly IpoOffering[]>;
  /** how many offerings of the stage the server has in all */
  readonly $total: Store<number>;
  /** whether scrolling to the end should load another page */
  readonly $hasMore: Store<boolean>;
  readonly $view: Store<IpoListView>;
}

/**
 * A list of the offerings in one stage, a page at a time, in the app language. Create one per
 * list at module level: the IPO screen has one per tab, a preview (the home page) one of
 * `pageSize` N and reads only its first page.
 */
export function createIpoListModel({ status, pageSize }: IpoListOptions): IpoListModel {
  const Gate = createGate<Record<string, never>>(`IpoListGate ${status}`);
  const retryClicked = createEvent();
  const fetchPageFx = createApiEffect(endpoints.market.getIpoList);

  /** How many pages are on screen; 0 until the first one arrives. */
  const $loadedPages = createStore(0);

  const refreshFx = attach({
    effect: fetchPageFx,
    mapParams: () => ({ status, page: 1, limit: pageSize }),
  });
  const loadNextPageFx = attach({
    source: $loadedPages,
    effect: fetchPageFx,
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- effector's "no argument"
    mapParams: (_: void, pages) => ({ status, page: pages + 1, limit: pageSize }),
  });

  const firstPageArrived = createEvent<IpoPage>();
  const nextPageArrived = createEvent<IpoPage>();

  const $offerings = createStore<readonly IpoOffering[]>([]);
  const $total = createStore(0);
  /** A next page came back empty although the total promised more: stop asking. */
  const $exhausted = createStore(false);
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

  $offerings
    .on(firstPageArrived, (_, reply) => reply.list)
    .on(nextPageArrived, (shown, reply) => {
      // Offerings move between stages as time passes, shifting the pages: never show one twice.
      const seen = new Set(shown.map((offering) => offering.id));
      return [...shown, ...reply.list.filter((offering) => !seen.has(offering.id))];
    });
  $total.on([firstPageArrived, nextPageArrived], (_, reply) => reply.total);
  $loadedPages.on(firstPageArrived, () => 1).on(nextPageArrived, (pages) => pages + 1);
  $exhausted
    .on(firstPageArrived, () => false)
    .on(nextPageArrived, (_, reply) => reply.list.length === 0);
  $firstPageFailed.on(refreshFx, () => false).on(refreshFx.fail, () => true);

  const $hasMore = combine(
    $offerings,
    $total,
    $loadedPages,
    $exhausted,
    (offerings, total, pages, exhausted) => pages > 0 && !exhausted && offerings.length < total,
  );

  const $view = combine(
    $loadedPages,
    $offerings,
    $firstPageFailed,
    refreshFx.pending,
    (pages, offerings, failed, pending): IpoListView => {
      if (pages === 0) return failed && !pending ? 'error' : 'loading';
      return offerings.length === 0 ? 'empty' : 'list';
    },
  );

  // The first opening loads; opening it again keeps the list (pull down to refresh).
  sample({
    clock: Gate.open,
    source: { pages: $loadedPages, pending: refreshFx.pending },
    filter: ({ pages, pending }) => pages === 0 && !pending,
    target: refreshFx,
  });
  sample({ clock: retryClicked, target: refreshFx });

  // Offerings come in the app language: another language drops them, and an open list loads
  // them again.
  const languageSwitched = $language.updates;
  $offerings.reset(languageSwitched);
  $total.reset(languageSwitched);
  $loadedPages.reset(languageSwitched);
  $exhausted.reset(languageSwitched);
  $firstPageFailed.reset(languageSwitched);
  sample({ clock: languageSwitched, filter: Gate.status, target: refreshFx });

  return {
    status,
    Gate,
    retryClicked,
    refreshFx,
    loadNextPageFx,
    $offerings,
    $total,
    $hasMore,
    $view,
  };
}

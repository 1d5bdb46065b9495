import { $language } from '#shared/i18n';
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
import type { ApiError } from '../errors.ts';

/** What a paged list shows: skeletons until the first page, then the list or a state. */
export type PagedListView = 'loading' | 'error' | 'empty' | 'list';

/** Which page to fetch: 1-based, `limit` items a page. */
export interface PageRequest {
  readonly page: number;
  readonly limit: number;
}

/** What a paged endpoint answers: one page of items and how many the server has in all. */
export interface PageReply<Item> {
  readonly list: readonly Item[];
  readonly total: number;
  readonly page: number;
}

export interface PagedListConfig<Reply extends PageReply<{ readonly id: string }>> {
  /** names the Gate (for the devtools) */
  readonly name: string;
  /** fetches one page: an API effect, attached with the endpoint's other parameters if any */
  readonly fetchPage: Effect<PageRequest, Reply, ApiError>;
  /** how many items one call brings: the page size, or how many a preview shows */
  readonly pageSize: number;
}

export interface PagedList<Reply extends PageReply<{ readonly id: string }>> {
  /** Mount it (`useGate`) where the list shows: the first opening loads the first page. */
  readonly Gate: Gate<Record<string, never>>;
  /** the error or empty state's button: loads the first page again */
  readonly retryClicked: EventCallable<void>;
  /** the first page, replacing what is shown (pull to refresh awaits it) */
  readonly refreshFx: Effect<void, Reply, ApiError>;
  /** the page after the last one shown (infinite scroll awaits it) */
  readonly loadNextPageFx: Effect<void, Reply, ApiError>;
  readonly $items: Store<readonly Reply['list'][number][]>;
  /** how many items the server has in all */
  readonly $total: Store<number>;
  /** whether scrolling to the end should load another page */
  readonly $hasMore: Store<boolean>;
  readonly $view: Store<PagedListView>;
}

/**
 * A list the server sends a page at a time, in the app language. The first opening of its Gate
 * loads the first page; opening it again keeps the list (pull down to refresh). Next pages are
 * appended without showing an item twice (items added meanwhile shift the pages), and a page
 * that no longer follows what is shown (a refresh came back in between) is dropped. Another
 * language drops the list, and an open one loads it again. Create one per list at module level.
 */
export function createPagedList<Reply extends PageReply<{ readonly id: string }>>({
  name,
  fetchPage,
  pageSize,
}: PagedListConfig<Reply>): PagedList<Reply> {
  type Item = Reply['list'][number];

  const Gate = createGate<Record<string, never>>(name);
  const retryClicked = createEvent();

  /** How many pages are on screen; 0 until the first one arrives. */
  const $loadedPages = createStore(0);

  const refreshFx = attach({
    effect: fetchPage,
    mapParams: (): PageRequest => ({ page: 1, limit: pageSize }),
  });
  const loadNextPageFx = attach({
    source: $loadedPages,
    effect: fetchPage,
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- effector's "no argument"
    mapParams: (_: void, pages): PageRequest => ({ page: pages + 1, limit: pageSize }),
  });

  const firstPageArrived = createEvent<Reply>();
  const nextPageArrived = createEvent<Reply>();

  const $items = createStore<readonly Item[]>([]);
  const $total = createStore(0);
  /** A next page came back empty although the total promised more: stop asking. */
  const $exhausted = createStore(false);
  /** The last attempt at the first page failed. */
  const $firstPageFailed = createStore(false);

  sample({ clock: refreshFx.doneData, target: firstPageArrived });
  sample({
    clock: loadNextPageFx.doneData,
    source: $loadedPages,
    filter: (pages, reply) => pages > 0 && reply.page === pages + 1,
    fn: (_, reply) => reply,
    target: nextPageArrived,
  });

  $items
    .on(firstPageArrived, (_, reply) => reply.list)
    .on(nextPageArrived, (shown, reply) => {
      const seen = new Set(shown.map((item) => item.id));
      return [...shown, ...reply.list.filter((item) => !seen.has(item.id))];
    });
  $total.on([firstPageArrived, nextPageArrived], (_, reply) => reply.total);
  $loadedPages.on(firstPageArrived, () => 1).on(nextPageArrived, (pages) => pages + 1);
  $exhausted
    .on(firstPageArrived, () => false)
    .on(nextPageArrived, (_, reply) => reply.list.length === 0);
  $firstPageFailed.on(refreshFx, () => false).on(refreshFx.fail, () => true);

  const $hasMore = combine(
    $items,
    $total,
    $loadedPages,
    $exhausted,
    (items, total, pages, exhausted) => pages > 0 && !exhausted && items.length < total,
  );

  const $view = combine(
    $loadedPages,
    $items,
    $firstPageFailed,
    refreshFx.pending,
    (pages, items, failed, pending): PagedListView => {
      if (pages === 0) return failed && !pending ? 'error' : 'loading';
      return items.length === 0 ? 'empty' : 'list';
    },
  );

  sample({
    clock: Gate.open,
    source: { pages: $loadedPages, pending: refreshFx.pending },
    filter: ({ pages, pending }) => pages === 0 && !pending,
    target: refreshFx,
  });
  sample({ clock: retryClicked, target: refreshFx });

  const languageSwitched = $language.updates;
  $items.reset(languageSwitched);
  $total.reset(languageSwitched);
  $loadedPages.reset(languageSwitched);
  $exhausted.reset(languageSwitched);
  $firstPageFailed.reset(languageSwitched);
  sample({ clock: languageSwitched, filter: Gate.status, target: refreshFx });

  return { Gate, retryClicked, refreshFx, loadNextPageFx, $items, $total, $hasMore, $view };
}

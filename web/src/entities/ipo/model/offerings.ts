import { createApiEffect, type ApiError } from '#shared/api';
import { createPagedList, type PagedListView, type PageRequest } from '#shared/api/list';
import { endpoints, type IpoOffering, type IpoStatus, type ResponseOf } from '@bourse/protocol';
import { attach, type Effect, type EventCallable, type Store } from 'effector';
import type { Gate } from 'effector-react';

type IpoPage = ResponseOf<typeof endpoints.market.getIpoList>;

/** What a list of offerings shows: skeletons until the first page, then the list or a state. */
export type IpoListView = PagedListView;

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
 * `pageSize` N and reads only its first page. Offerings move between stages as time passes,
 * shifting the pages: the list never shows one twice.
 */
export function createIpoListModel({ status, pageSize }: IpoListOptions): IpoListModel {
  const { $items, ...list } = createPagedList({
    name: `IpoListGate ${status}`,
    fetchPage: attach({
      effect: createApiEffect(endpoints.market.getIpoList),
      mapParams: (request: PageRequest) => ({ status, ...request }),
    }),
    pageSize,
  });
  return { status, $offerings: $items, ...list };
}

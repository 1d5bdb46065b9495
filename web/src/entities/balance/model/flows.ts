import { endpoints, type FlowKind, type FundFlow } from '@bourse/protocol';
import type { AccountKind } from '@bourse/protocol/endpoints/account';
import { createApiEffect } from '#shared/api';
import { createPagedList, type PageRequest } from '#shared/api/list';
import { attach, sample, type Store } from 'effector';

export type { FlowKind, FundFlow };

/** Which fund flows a list shows: one account or all, some kinds or all (`[]`). */
export interface FlowFilter {
  readonly account: AccountKind | null;
  readonly kinds: readonly FlowKind[];
}

/** How many fund flows one call brings. */
export const FLOW_PAGE_SIZE = 20;

/**
 * A paged list of fund flows (account/list) that follows `$filter`: a changed filter loads the
 * first page again. Create one per screen at module level.
 */
export function createFlowList(name: string, $filter: Store<FlowFilter>) {
  const list = createPagedList({
    name,
    fetchPage: attach({
      source: $filter,
      effect: createApiEffect(endpoints.account.list),
      mapParams: (request: PageRequest, { account, kinds }) => ({
        ...request,
        kinds: [...kinds],
        ...(account === null ? {} : { account }),
      }),
    }),
    pageSize: FLOW_PAGE_SIZE,
  });
  sample({ clock: $filter.updates, filter: list.Gate.status, target: list.refreshFx });
  return list;
}

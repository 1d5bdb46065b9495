import {
  createFlowList,
  type AccountKind,
  type FlowFilter,
  type FlowKind,
} from '#entities/balance';
import { createEvent, createStore } from 'effector';

export const accountPicked = createEvent<AccountKind | null>();
export const kindPicked = createEvent<FlowKind | null>();

export const $filter = createStore<FlowFilter>({ account: null, kinds: [] })
  .on(accountPicked, (filter, account) => ({ ...filter, account }))
  .on(kindPicked, (filter, kind) => ({ ...filter, kinds: kind === null ? [] : [kind] }));

/** The fund records of the current mode, newest first, by account and kind. */
export const flows = createFlowList('FundLogGate', $filter);

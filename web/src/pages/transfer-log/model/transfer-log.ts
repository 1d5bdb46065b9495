import { createFlowList, type FlowFilter } from '#entities/balance';
import { createStore } from 'effector';

/** One row per transfer: its transfer_out flow names both accounts. */
const $filter = createStore<FlowFilter>({ account: null, kinds: ['transfer_out'] });

export const transfers = createFlowList('TransferLogGate', $filter);

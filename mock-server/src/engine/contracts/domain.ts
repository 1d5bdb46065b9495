import { defineDomain } from '../kernel/domain.ts';
import { Contracts, type ContractsEvent } from './contracts.ts';
import { emptyContractsState, type ContractsState } from './types.ts';

/** Contract trading as an engine domain (engine/domains.ts). */
export const contractsDomain = defineDomain<ContractsState, Contracts, ContractsEvent>({
  initial: emptyContractsState,
  create: (services, slice) => {
    const contracts = new Contracts(services, slice);
    return {
      api: contracts,
      onEvent: (listener) => contracts.onEvent(listener),
      reschedule: () => {
        contracts.reload();
      },
      watcher: contracts,
      holdsOpen: (userId) => contracts.holdsOpen(userId),
    };
  },
});

import { defineDomain } from '../kernel/domain.ts';
import { Options, type OptionsEvent } from './options.ts';
import { emptyOptionsState, type OptionsState } from './types.ts';

/** Timed up/down options as an engine domain (engine/domains.ts). */
export const optionsDomain = defineDomain<OptionsState, Options, OptionsEvent>({
  initial: emptyOptionsState,
  create: (services, slice) => {
    const options = new Options(services, slice);
    return {
      api: options,
      onEvent: (listener) => options.onEvent(listener),
      reschedule: () => {
        options.reload();
      },
      holdsOpen: (userId) => options.holdsOpen(userId),
    };
  },
});

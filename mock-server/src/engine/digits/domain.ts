import { defineDomain } from '../kernel/domain.ts';
import { Digits, type DigitsEvent } from './digits.ts';
import { emptyDigitsState } from './game.ts';
import type { DigitsState } from './types.ts';

/** Coin Guess as an engine domain (engine/domains.ts). */
export const digitsDomain = defineDomain<DigitsState, Digits, DigitsEvent>({
  initial: emptyDigitsState,
  create: (services, slice) => {
    const digits = new Digits(services, slice, services.randomBytes);
    return {
      api: digits,
      onEvent: (listener) => digits.onEvent(listener),
      reschedule: () => {
        digits.reload();
      },
      holdsOpen: (userId) => digits.holdsOpen(userId),
    };
  },
});

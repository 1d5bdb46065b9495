import { endpoints, type IdentityStatus } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import { createStore, sample, type Event } from 'effector';

/**
 * The one rule of both payout targets (a bank account, a USDT wallet): they are bound once the
 * review has verified the identity (the mock refuses otherwise). A bind page asks for the status
 * as it opens and says the rule before the user types, rather than after the form is sent.
 * Returns the status (null while not known).
 */
export function createBindRule(opened: Event<unknown>, closed: Event<unknown>) {
  const getCashStatusFx = createApiEffect(endpoints.user.getCashStatus);
  const $identityStatus = createStore<IdentityStatus | null>(null)
    .on(getCashStatusFx.doneData, (_, cash) => cash.identity_status)
    .reset(closed);
  sample({ clock: opened, fn: () => ({}), target: getCashStatusFx });
  return { $identityStatus, getCashStatusFx };
}

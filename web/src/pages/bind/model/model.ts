import { endpoints, type ResponseOf } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export type CashStatus = ResponseOf<typeof endpoints.user.getCashStatus>;

export const BindPageGate = createGate<Record<string, never>>({
  name: 'BindPage',
  defaultState: {},
});

/** Identity, bank and wallet: what the overview shows as Bound or Unbound (SPEC.md §4). */
export const getCashStatusFx = createApiEffect(endpoints.user.getCashStatus);

export const bindRetried = createEvent();

export const $cashStatus = createStore<CashStatus | null>(null);
export const $loadFailed = createStore(false);
export const $loading = getCashStatusFx.pending;

sample({ clock: [BindPageGate.open, bindRetried], fn: () => ({}), target: getCashStatusFx });
sample({ clock: getCashStatusFx.doneData, target: $cashStatus });
$loadFailed.on(getCashStatusFx.fail, () => true).reset(getCashStatusFx);

/** An address shown short enough for a phone: its start and its end. */
export function shortAddress(address: string): string {
  return address.length <= 16 ? address : `${address.slice(0, 8)}…${address.slice(-6)}`;
}

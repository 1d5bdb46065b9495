import { createApiEffect } from '#shared/api';
import { $language } from '#shared/i18n';
import { endpoints, type ResponseOf } from '@bourse/protocol';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export type ConfigEntry = ResponseOf<typeof endpoints.index.getConfigList>['list'][number];

/** The address names no page: the list of them is on screen. */
export const ConfigListGate = createGate<Record<string, never>>({
  name: 'ConfigListGate',
  defaultState: {},
});
export const listRetried = createEvent();

// The screen has its own skeleton: no overlay over it.
const fetchConfigListFx = createApiEffect(endpoints.index.getConfigList, { loading: false });

sample({ clock: [ConfigListGate.open, listRetried], fn: () => ({}), target: fetchConfigListFx });
// the titles are in the reader's language: another language reads them again
sample({
  clock: $language.updates,
  filter: ConfigListGate.status,
  fn: () => ({}),
  target: fetchConfigListFx,
});

/** The policy and information pages that exist, in the server's order; null while they load. */
export const $entries = createStore<readonly ConfigEntry[] | null>(null, { serialize: 'ignore' })
  .on(fetchConfigListFx.doneData, (_, reply) => reply.list)
  .reset(ConfigListGate.close);

/** What the list shows: its skeleton, the error, or the entries (a failed reload keeps them). */
export const $listStatus = createStore<'loading' | 'error' | 'ready'>('loading', {
  serialize: 'ignore',
})
  .on(fetchConfigListFx.done, () => 'ready')
  .on(fetchConfigListFx.fail, (status) => (status === 'ready' ? status : 'error'))
  .on(listRetried, (status) => (status === 'error' ? 'loading' : status))
  .reset(ConfigListGate.close);

import { createApiEffect, isCodeError } from '#shared/api';
import { $language } from '#shared/i18n';
import { CODES, endpoints, type ResponseOf } from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export type HelpEntry = ResponseOf<typeof endpoints.index.getCustomerList>['list'][number];

/** The screen with the `id` of its address (null when the address has none). */
export const HelpEntryGate = createGate<{ id: string | null }>({
  name: 'HelpEntryGate',
  defaultState: { id: null },
});

/** The error state's button. */
export const retryClicked = createEvent();

// There is no call for one entry: the list holds the answers. It is kept while the app runs and
// asked again only for an id it does not hold (an entry added since).
const fetchHelpFx = createApiEffect(endpoints.index.getCustomerList);

/** Every entry; null until they arrive. */
const $entries = createStore<readonly HelpEntry[] | null>(null);
const $failure = createStore<'none' | 'notFound' | 'error'>('none');

/** The id asked for: null while the screen is closed, '' when the address has none. */
const $routeId = combine(HelpEntryGate.status, HelpEntryGate.state, (open, { id }) => {
  if (!open) return null;
  return id?.trim() ?? '';
});

sample({
  clock: [$routeId, retryClicked],
  source: { id: $routeId, entries: $entries, pending: fetchHelpFx.pending },
  filter: ({ id, entries, pending }) =>
    id !== null && id !== '' && !pending && !entries?.some((entry) => entry.id === id),
  fn: () => ({}),
  target: fetchHelpFx,
});

$entries.on(fetchHelpFx.doneData, (_, reply) => reply.list);
$failure
  .on(fetchHelpFx, () => 'none')
  .on(fetchHelpFx.failData, (_, error) =>
    isCodeError(error, CODES.notFound) ? 'notFound' : 'error',
  );

// The answers come in the app language: another language loads them again.
$entries.reset($language.updates);
sample({
  clock: $language.updates,
  source: $routeId,
  filter: (id) => id !== null && id !== '',
  fn: () => ({}),
  target: fetchHelpFx,
});

/** The entry of the address, once the list is there. */
export const $entry = combine(
  $entries,
  $routeId,
  (entries, id) => entries?.find((entry) => entry.id === id) ?? null,
);

export type EntryStatus = 'loading' | 'ready' | 'notFound' | 'error';

export const $status = combine(
  $routeId,
  $entries,
  $entry,
  $failure,
  fetchHelpFx.pending,
  (id, entries, entry, failure, pending): EntryStatus => {
    if (id === '') return 'notFound';
    if (entry) return 'ready';
    if (pending || id === null) return 'loading';
    if (failure !== 'none') return failure;
    return entries === null ? 'loading' : 'notFound';
  },
);

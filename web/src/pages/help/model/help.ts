import { createApiEffect } from '#shared/api';
import { $language } from '#shared/i18n';
import { endpoints, type ResponseOf } from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { searchEntries } from './search.ts';

export type HelpEntry = ResponseOf<typeof endpoints.index.getCustomerList>['list'][number];

export interface HelpCategory {
  readonly name: string;
  readonly entries: readonly HelpEntry[];
}

/** The help centre is on screen. */
export const HelpGate = createGate<Record<string, never>>('HelpGate');

export const retryClicked = createEvent();
/** The search box's text changed. */
export const queryChanged = createEvent<string>();
/** Search was asked for (the button, or Enter). */
export const searchSubmitted = createEvent();
/** The search box was cleared: back to the categories. */
export const searchCleared = createEvent();

const fetchHelpFx = createApiEffect(endpoints.index.getCustomerList);

/** Every entry, in the server's order; null until they arrive. */
export const $entries = createStore<readonly HelpEntry[] | null>(null);
const $loadFailed = createStore(false);

/** The text in the search box. */
export const $query = createStore('');
/** The query whose results are shown; null when browsing by category. */
export const $appliedQuery = createStore<string | null>(null);
/** Search was asked for with nothing to search (SPEC.md §5: search content required). */
export const $searchHintVisible = createStore(false);

sample({
  clock: HelpGate.open,
  source: { entries: $entries, pending: fetchHelpFx.pending },
  filter: ({ entries, pending }) => entries === null && !pending,
  fn: () => ({}),
  target: fetchHelpFx,
});
sample({ clock: retryClicked, fn: () => ({}), target: fetchHelpFx });

$entries.on(fetchHelpFx.doneData, (_, reply) => reply.list);
$loadFailed.on(fetchHelpFx, () => false).on(fetchHelpFx.fail, () => true);

// The answers come in the app language: another language loads them again.
$entries.reset($language.updates);
sample({ clock: $language.updates, filter: HelpGate.status, fn: () => ({}), target: fetchHelpFx });

$query.on(queryChanged, (_, query) => query).reset(searchCleared);
$searchHintVisible.on(queryChanged, () => false).reset(searchCleared);
$appliedQuery
  // Emptying the box goes back to the categories.
  .on(queryChanged, (applied, query) => (query.trim() === '' ? null : applied))
  .reset(searchCleared);

const blankSearched = sample({
  clock: searchSubmitted,
  source: $query,
  filter: (query) => query.trim() === '',
});
const searched = sample({
  clock: searchSubmitted,
  source: $query,
  filter: (query) => query.trim() !== '',
  fn: (query) => query.trim(),
});
$searchHintVisible.on(blankSearched, () => true).on(searched, () => false);
$appliedQuery.on(blankSearched, () => null).on(searched, (_, query) => query);

/** The entries by category, the categories in the order they first appear. */
export const $categories = $entries.map((entries): readonly HelpCategory[] => {
  const byName = new Map<string, HelpEntry[]>();
  for (const entry of entries ?? []) {
    const group = byName.get(entry.category);
    if (group) group.push(entry);
    else byName.set(entry.category, [entry]);
  }
  return [...byName].map(([name, grouped]) => ({ name, entries: grouped }));
});

/** The entries that match the applied query; null when browsing. */
export const $results = combine($entries, $appliedQuery, (entries, query) =>
  query === null ? null : searchEntries(entries ?? [], query),
);

export type HelpView = 'loading' | 'error' | 'empty' | 'ready';

export const $view = combine(
  $entries,
  $loadFailed,
  fetchHelpFx.pending,
  (entries, failed, pending): HelpView => {
    if (entries === null) return failed && !pending ? 'error' : 'loading';
    return entries.length === 0 ? 'empty' : 'ready';
  },
);

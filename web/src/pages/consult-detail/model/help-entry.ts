import { createApiEffect, type ApiError } from '#shared/api';
import { createDetailById } from '#shared/api/detail';
import { $language } from '#shared/i18n';
import { endpoints, type ResponseOf } from '@bourse/protocol';
import { attach, createEffect, createStore } from 'effector';

export type HelpEntry = ResponseOf<typeof endpoints.index.getCustomerList>['list'][number];

// There is no call for one entry: the list holds the answers. It is kept while the app runs and
// asked again only for an id it does not hold (an entry added since).
const fetchHelpFx = createApiEffect(endpoints.index.getCustomerList);

/** Every entry; null until they arrive, and again in another language (they come in it). */
const $entries = createStore<readonly HelpEntry[] | null>(null)
  .on(fetchHelpFx.doneData, (_, reply) => reply.list)
  .reset($language.updates);

interface Lookup {
  readonly id: string;
  readonly entries: readonly HelpEntry[] | null;
}

/** The entry of an id from the list held, or from the list asked again; null when it has none. */
const findEntryFx = attach({
  source: $entries,
  mapParams: (id: string, entries): Lookup => ({ id, entries }),
  effect: createEffect<Lookup, HelpEntry | null, ApiError>(async ({ id, entries }) => {
    const held = entries?.find((entry) => entry.id === id);
    if (held) return held;
    const { list } = await fetchHelpFx({});
    return list.find((entry) => entry.id === id) ?? null;
  }),
});

/** The help entry of the screen's address, read again in another language. */
export const {
  Gate: HelpEntryGate,
  retryClicked,
  $record: $entry,
  $status,
} = createDetailById({
  name: 'HelpEntryGate',
  fetch: findEntryFx,
  reloadOn: [$language.updates],
});

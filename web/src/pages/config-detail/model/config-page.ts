import { createApiEffect, isCodeError } from '#shared/api';
import { $language } from '#shared/i18n';
import { CODES, configKey, endpoints, type ConfigKey, type ResponseOf } from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export type ConfigPage = ResponseOf<typeof endpoints.index.getConfigDetail>;

/** The screen with the `key` of its address (null when the address has none). */
export const ConfigPageGate = createGate<{ key: string | null }>({
  name: 'ConfigPageGate',
  defaultState: { key: null },
});

/** The error state's button. */
export const retryClicked = createEvent();

// The screen has its own skeleton: no overlay over it.
const fetchConfigPageFx = createApiEffect(endpoints.index.getConfigDetail, { loading: false });

/**
 * The page asked for: null while the screen is closed, 'unknown' for a missing key or one that
 * is not among the four (no call is made for it).
 */
export const $routeKey = combine(
  ConfigPageGate.status,
  ConfigPageGate.state,
  (open, { key }): ConfigKey | 'unknown' | null => {
    if (!open) return null;
    const parsed = configKey.safeParse(key);
    return parsed.success ? parsed.data : 'unknown';
  },
);

const isKey = (key: ConfigKey | 'unknown' | null): key is ConfigKey =>
  key !== null && key !== 'unknown';

export type ConfigStatus = 'loading' | 'ready' | 'notFound' | 'error';

export const $page = createStore<ConfigPage | null>(null);
export const $status = createStore<ConfigStatus>('loading');

const keyOpened = sample({ clock: $routeKey, filter: isKey });
const unknownOpened = sample({ clock: $routeKey, filter: (key) => key === 'unknown' });
const closed = sample({ clock: $routeKey, filter: (key) => key === null });
const retried = sample({ clock: retryClicked, source: $routeKey, filter: isKey });
// Another language while it is open: the same page, in that language.
const languageSwitched = sample({ clock: $language.updates, source: $routeKey, filter: isKey });

sample({
  clock: [keyOpened, retried, languageSwitched],
  fn: (key) => ({ key }),
  target: fetchConfigPageFx,
});

// Only the answer for the page still on screen counts (policies link to each other).
const answered = sample({
  clock: fetchConfigPageFx.done,
  source: $routeKey,
  filter: (key, { params }) => key === params.key,
  fn: (_, { result }) => result,
});
const failed = sample({
  clock: fetchConfigPageFx.fail,
  source: $routeKey,
  filter: (key, { params }) => key === params.key,
  fn: (_, { error }) => error,
});

$page
  .on(answered, (_, page) => page)
  .on(keyOpened, () => null)
  .reset(unknownOpened, closed);

$status
  .on(keyOpened, () => 'loading')
  .on(retried, () => 'loading')
  .on(answered, () => 'ready')
  .on(failed, (status, error) => {
    if (isCodeError(error, CODES.notFound) || isCodeError(error, CODES.badRequest)) {
      return 'notFound';
    }
    // A failed refresh in another language keeps the text on screen.
    return status === 'ready' ? 'ready' : 'error';
  })
  .on(unknownOpened, () => 'notFound')
  .reset(closed);

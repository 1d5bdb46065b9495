import { DEFAULT_LANGUAGE } from '@bourse/protocol/config';
import type { Endpoint, RequestOf, ResponseOf } from '@bourse/protocol/endpoints/endpoint';
import { CODES } from '@bourse/protocol/envelope';
import { attach, combine, createEvent, createStore, sample, type Effect } from 'effector';
import type { ApiClient, Credentials } from './client.ts';
import type { ApiError } from './errors.ts';
import { createBrowserApiClient } from './browser-client.ts';

/**
 * The client every API effect calls: the page's own origin with the protocol's default wire
 * settings until the app puts its configured one in; tests put a fake in with `fork({ values })`.
 */
export const $apiClient = createStore<ApiClient>(createBrowserApiClient({ baseUrl: '' }), {
  serialize: 'ignore',
});

/** Who calls: fed by the session model. */
export const $credentials = createStore<Credentials>({
  uuid: '',
  token: null,
  language: DEFAULT_LANGUAGE,
});
export const credentialsChanged = createEvent<Credentials>();

sample({ clock: credentialsChanged, target: $credentials });

/** A call got code 401: the session model clears the session and goes to the login page. */
export const sessionExpired = createEvent();
/** A call got code 500: the app shows the server's `msg` (already in the app language). */
export const serverFailed = createEvent<string>();
/** A call got no envelope back: the app shows "Server error, please try again later". */
export const transportFailed = createEvent();

/** Every failure of every API effect, before it is sorted into the events above. */
const apiFailed = createEvent<ApiError>();

sample({
  clock: apiFailed,
  filter: (error) => error.kind === 'code' && error.code === CODES.unauthorized,
  target: sessionExpired,
});
sample({
  clock: apiFailed,
  filter: (error) => error.kind === 'code' && error.code === CODES.failed,
  fn: (error) => error.msg,
  target: serverFailed,
});
sample({
  clock: apiFailed,
  filter: (error) => error.kind === 'transport',
  target: transportFailed,
});

const loadStarted = createEvent();
const loadFinished = createEvent();

/** How many calls that show the loading overlay are under way. */
export const $pendingLoads = createStore(0, { serialize: 'ignore' })
  .on(loadStarted, (count) => count + 1)
  .on(loadFinished, (count) => Math.max(0, count - 1));

export const $loadingVisible = $pendingLoads.map((count) => count > 0);

export interface ApiEffectOptions {
  /** whether the call shows the loading overlay; default: the endpoint's own `loading` */
  readonly loading?: boolean;
}

/** What every call reads from the scope: one store for all of them, not one per endpoint. */
const $caller = combine({ client: $apiClient, credentials: $credentials });

/**
 * An effect that calls one endpoint with the scope's client and credentials. Call it at module
 * level. Its 401, 500 and transport failures also go to `sessionExpired`, `serverFailed` and
 * `transportFailed`; any other failure only fails the effect, for the caller to handle.
 *
 * One effect reading one shared store: a page's module makes a dozen of these as it loads, and
 * an inner effect plus a store of its own each cost a phone about 2 ms more per endpoint.
 */
export function createApiEffect<E extends Endpoint>(
  endpoint: E,
  options: ApiEffectOptions = {},
): Effect<RequestOf<E>, ResponseOf<E>, ApiError> {
  const apiFx = attach({
    source: $caller,
    effect: ({ client, credentials }, params: RequestOf<E>) =>
      client.call(endpoint, params, credentials),
    name: `api ${endpoint.path}`,
    // The client rejects with an ApiError and nothing else (ApiClient.call), which effector's
    // types cannot follow: they give a handler's effect the fail type Error.
  }) as Effect<RequestOf<E>, ResponseOf<E>, ApiError>;

  sample({ clock: apiFx.failData, target: apiFailed });

  if (options.loading ?? endpoint.loading) {
    sample({ clock: apiFx, target: loadStarted });
    sample({ clock: apiFx.finally, target: loadFinished });
  }

  return apiFx;
}

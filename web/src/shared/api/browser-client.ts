import {
  assertCipherSettings,
  DEFAULT_WIRE,
  type HeaderNames,
  type WireSettings,
} from '@bourse/protocol/config';
import type { ApiClient } from './client.ts';
import { ApiError } from './errors.ts';

export interface BrowserApiClientOptions {
  /** the API origin; '' for the page's own origin */
  readonly baseUrl: string;
  /** the payload cipher and the guest token; default the protocol's defaults */
  readonly wire?: WireSettings;
  /** header names, for a backend that names them otherwise; default HEADERS */
  readonly headers?: HeaderNames;
}

/** The HTTP client and the payload cipher: a chunk of their own, loaded once. */
const loadClientCode = () => import('./client-code.ts');

/**
 * Fetches the client's code ahead of the first call (the app does so once the first screen is
 * drawn and the phone is idle). A failure is left for the first call to meet and report.
 */
export function preloadApiClient(): void {
  loadClientCode().catch(() => undefined);
}

/**
 * The app's API client. Its code (the HTTP client and the payload cipher) loads with the first
 * call rather than with the page: neither is needed to draw the first screen, and a phone should
 * not wait for them. When that code does not arrive, the call fails as a transport error, like a
 * request that got no answer, and the next call tries again.
 */
export function createBrowserApiClient(options: BrowserApiClientOptions): ApiClient {
  const wire = options.wire ?? DEFAULT_WIRE;
  // Wrong cipher settings still fail at start, not at the first call.
  assertCipherSettings(wire.cipher);
  return createLazyApiClient(async () => {
    const { createApiClient, createBrowserCodec, createWebCryptoDecrypt } = await loadClientCode();
    return createApiClient({
      baseUrl: options.baseUrl,
      codec: createBrowserCodec(wire),
      // native and off the main thread where the page is a secure context; crypto-js elsewhere
      decrypt: createWebCryptoDecrypt(wire),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
    });
  });
}

/** A client that asks `load` for the real one at its first call (and again after a failed load). */
export function createLazyApiClient(load: () => Promise<ApiClient>): ApiClient {
  let loading: Promise<ApiClient> | undefined;
  return {
    async call(endpoint, body, credentials) {
      loading ??= load();
      let client: ApiClient;
      try {
        client = await loading;
      } catch (cause) {
        loading = undefined;
        throw new ApiError({
          kind: 'transport',
          msg: 'the API client did not load',
          path: endpoint.path,
          cause,
        });
      }
      return client.call(endpoint, body, credentials);
    },
  };
}

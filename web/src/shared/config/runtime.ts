import {
  CIPHER_MODES,
  DEFAULT_CIPHER,
  DEFAULT_TOKEN,
  HEADERS,
  type WireSettings,
} from '@bourse/protocol/config';
import { z } from 'zod/mini';

/**
 * What a deployment chooses at run time, read from `config.json` beside `index.html`, so one
 * build serves any backend. Every field is optional; the defaults talk to the mock on the same
 * origin.
 */
export const runtimeConfigSchema = z.object({
  /** API origin (and path prefix); '' for the page's own origin */
  apiBase: z._default(z.string(), ''),
  /** live-feed URL: absolute ws:// or wss://, or a path on the page's host */
  wsUrl: z._default(z.string(), '/ws'),
  payloadKey: z._default(z.string(), DEFAULT_CIPHER.key),
  payloadIv: z._default(z.string(), DEFAULT_CIPHER.iv),
  cipherMode: z._default(z.enum(CIPHER_MODES), DEFAULT_CIPHER.mode),
  defaultToken: z._default(z.string().check(z.minLength(1)), DEFAULT_TOKEN),
  headers: z.prefault(
    z.object({
      language: z._default(z.string().check(z.minLength(1)), HEADERS.language),
      uuid: z._default(z.string().check(z.minLength(1)), HEADERS.uuid),
      token: z._default(z.string().check(z.minLength(1)), HEADERS.token),
    }),
    {},
  ),
  /**
   * the company's office, which About us shows on a map: `{ name, address, latitude,
   * longitude }`; read by `placeOf` where it is shown, so the check stays off the first screen
   */
  company: z._default(z.unknown(), null),
});

export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = runtimeConfigSchema.parse({});

export const wireSettingsOf = (config: RuntimeConfig): WireSettings => ({
  cipher: { mode: config.cipherMode, key: config.payloadKey, iv: config.payloadIv },
  defaultToken: config.defaultToken,
});

/** The socket URL as the browser needs it: a path becomes ws(s)://this-host/path. */
export function absoluteSocketUrl(
  wsUrl: string,
  location: Pick<Location, 'protocol' | 'host'>,
): string {
  if (/^wss?:\/\//.test(wsUrl)) return wsUrl;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${wsUrl.startsWith('/') ? '' : '/'}${wsUrl}`;
}

/** Reads config.json; a missing or broken file falls back to the defaults, loudly. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchImpl('/config.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const parsed = runtimeConfigSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error(parsed.error.message);
    return parsed.data;
  } catch (error) {
    console.error('[config] config.json could not be used; using the defaults', error);
    return DEFAULT_RUNTIME_CONFIG;
  }
}

/**
 * An image the API names (a symbol icon, a banner): an absolute URL stays as it is; a path is on
 * the API host, so it resolves against `apiBase` (and stays relative when the API is this origin).
 */
export function resolveAssetUrl(apiBase: string, url: string): string {
  if (url === '' || apiBase === '' || /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) {
    return url;
  }
  try {
    return new URL(url, apiBase).href;
  } catch {
    return url;
  }
}

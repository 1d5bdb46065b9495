import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { PRERENDER_DIR } from '@bourse/protocol/web-pages';
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** Where the web app talks to, as its `config.json` says (the app's own defaults otherwise). */
export interface AppEndpoints {
  /** API origin and path prefix; '' is the page's own origin */
  apiBase: string;
  /** the live feed: absolute ws:// or wss://, or a path on the page's host */
  wsUrl: string;
}

/** What the web app uses when config.json leaves a field out or cannot be read. */
export const SAME_ORIGIN: AppEndpoints = { apiBase: '', wsUrl: '/ws' };

const endpointsInConfig = z.object({
  apiBase: z.string().catch(SAME_ORIGIN.apiBase).default(SAME_ORIGIN.apiBase),
  wsUrl: z.string().catch(SAME_ORIGIN.wsUrl).default(SAME_ORIGIN.wsUrl),
});

/**
 * Reads apiBase and wsUrl from the built app's config.json (WEB_DIR). A missing or broken file
 * means the app falls back to its same-origin defaults, so the policy does too.
 */
export function readAppEndpoints(webDir: string): AppEndpoints {
  try {
    const json: unknown = JSON.parse(readFileSync(resolve(webDir, 'config.json'), 'utf8'));
    return endpointsInConfig.parse(json);
  } catch {
    return SAME_ORIGIN;
  }
}

/** The hashes (CSP sources) of the inline scripts and styles of the built app's index.html. */
export interface InlineHashes {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
}

export const NO_INLINE: InlineHashes = { scripts: [], styles: [] };

const hashOf = (content: string): string =>
  `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;

/**
 * The hashes of the inline `<script>` (one without `src`) and `<style>` elements of the built
 * app's pages: index.html, whose splash is drawn by them before any file arrives, and each
 * prerendered page (`_pages/**`), whose route's CSS is inlined. The policy allows exactly those,
 * no other inline code. A missing index.html allows none.
 */
export function readInlineHashes(webDir: string): InlineHashes {
  const pages = [resolve(webDir, 'index.html'), ...htmlFilesUnder(resolve(webDir, PRERENDER_DIR))];
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const page of pages) {
    let html: string;
    try {
      html = readFileSync(page, 'utf8');
    } catch {
      if (page === pages[0]) return NO_INLINE;
      continue;
    }
    const contents = (pattern: RegExp) =>
      [...html.matchAll(pattern)].map((match) => hashOf(match[1] ?? ''));
    for (const hash of contents(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi))
      scripts.add(hash);
    for (const hash of contents(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) styles.add(hash);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/** Every `.html` file under `dir`, none when it does not exist. */
function htmlFilesUnder(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The origin of an absolute URL with one of `schemes`, or null for a path (same origin). */
function originOf(url: string, schemes: readonly string[]): string | null {
  try {
    const parsed = new URL(url);
    return schemes.includes(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** A Host header fit to stand in a CSP source: host names, IPv4/IPv6 literals and a port. */
export const SAFE_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The socket on the page's own host. CSP 'self' does not cover ws:/wss: in every browser (older
 * Safari, browsers before CSP3), so the page's host is named with both schemes, read per request
 * because one build is opened as localhost, a LAN address or a domain. A Host header unfit to
 * stand in the policy adds nothing.
 */
const ownSocket = (request: IncomingMessage): string => {
  const host = request.headers.host ?? '';
  return SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : '';
};

type Source = string | ((request: IncomingMessage) => string);

/**
 * The Content-Security-Policy of the app: scripts, styles and fonts only from the page's origin;
 * calls to the API and the socket of config.json; images from the page, the API host (symbol
 * icons, banners) and data:/blob: (avatars are data URLs); no plugins, no framing. Nothing that
 * would force https (the LAN demo is plain http).
 */
export function contentSecurityPolicy(
  endpoints: AppEndpoints,
  inline: InlineHashes = NO_INLINE,
): Record<string, Source[]> {
  const api = originOf(endpoints.apiBase, ['http:', 'https:']);
  const socket: Source[] = /^wss?:\/\//i.test(endpoints.wsUrl)
    ? [originOf(endpoints.wsUrl, ['ws:', 'wss:']) ?? "'self'"]
    : [ownSocket];
  const apiHost = api === null ? [] : [api];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inline.scripts],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...inline.styles],
    'img-src': ["'self'", 'data:', 'blob:', ...apiHost],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...apiHost, ...socket],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Security headers on every reply (pages, files, API, control API): the app's CSP, nosniff,
 * no framing, a same-origin referrer. Left out on purpose: HSTS and upgrade-insecure-requests
 * (the demo is plain http on a LAN address), COOP (ignored on http with a console warning) and
 * CORP (the API's images may be shown by the app from another origin).
 */
export async function securityHeaders(
  app: FastifyInstance,
  endpoints: AppEndpoints,
  inline: InlineHashes = NO_INLINE,
): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(endpoints, inline),
    },
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
}

/** The sha256 CSP source of an inline script or style's text. */
export const inlineHash = hashOf;

/**
 * The CSP header value of `directives` for one request: for a page served outside the built app
 * (the control API's sign-in page) that allows its own inline script by hash and nothing else.
 */
export function policyHeader(
  directives: Record<string, Source[]>,
  request: IncomingMessage,
): string {
  return Object.entries(directives)
    .map(([name, sources]) => {
      const values = sources
        .map((source) => (typeof source === 'function' ? source(request) : source))
        .filter((value) => value !== '');
      return `${name} ${values.join(' ')}`;
    })
    .join('; ');
}

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  PRERENDER_DIR,
  pageLanguage,
  pageViewer,
  prerenderedFile,
} from '@bourse/protocol/web-pages';
import { existsSync, readdirSync } from 'node:fs';
import { resolve, sep } from 'node:path';

/**
 * Headers that only a document reads (its policy, framing, sniffing of old browsers, DNS
 * prefetching, the agent cluster). Helmet sets them on every reply; on a script, style, image or
 * font they do nothing but cost about half a kilobyte per file on a phone's slow link, and the login
 * page alone fetches some thirty files. nosniff, the referrer policy and caching stay on every file.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-xss-protection',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'origin-agent-cluster',
] as const;

/** The prerendered pages the build wrote (`_pages/<language>/<viewer><path>/index.html`). */
function prerenderedPages(root: string): ReadonlySet<string> {
  try {
    return new Set(
      readdirSync(resolve(root, PRERENDER_DIR), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('index.html'))
        .map((file) => `${PRERENDER_DIR}/${file.split(sep).join('/')}`),
    );
  } catch {
    return new Set();
  }
}

/** Paths that belong to the API and its neighbours, never to the web app. */
const NOT_PAGES = /^\/(api|__control|ws|static)(\/|$)/;

/**
 * Serves the built web app from `dir` on the API's own port, so a phone on the same network opens
 * one address: files as they are, in the brotli or gzip twin the build wrote beside them when the
 * browser takes it (hashed assets cached for a year, everything else revalidated), and index.html
 * for every other GET that wants a page (history-mode routes such as /pages/login/login).
 */
export async function serveWeb(
  app: FastifyInstance,
  dir: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => boolean> {
  const root = resolve(dir);
  if (!existsSync(resolve(root, 'index.html'))) {
    throw new Error(
      `WEB_DIR ${root} has no index.html: build the web app first (npm run build -w @bourse/web)`,
    );
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // web/vite.config.ts writes .br and .gz beside each text asset; sending them as they are
    // costs no CPU per request and gets brotli's best ratio. Vary: Accept-Encoding comes with it.
    preCompressed: true,
    setHeaders: (response, path) => {
      // A page goes out as index.html or as the .br or .gz twin the build wrote beside it.
      if (!/\.html(\.(br|gz))?$/i.test(path)) {
        // Helmet writes them straight onto the raw response, before the route runs.
        for (const header of DOCUMENT_ONLY_HEADERS) response.raw.removeHeader(header);
      }
      const immutable = /[\\/]assets[\\/]/.test(path);
      response.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const prerendered = prerenderedPages(root);
  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      request.method === 'GET' && !NOT_PAGES.test(request.url) && !/\.[a-z0-9]+$/i.test(path);
    if (!wantsPage) return false;
    // The route's first screen for this viewer in the reader's language when the build
    // prerendered it, else the app's index.html, which draws the route itself.
    const { cookie } = request.headers;
    const language = pageLanguage({ cookie, acceptLanguage: request.headers['accept-language'] });
    const file = prerenderedFile(language, pageViewer({ cookie }), path);
    void reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding, Cookie, Accept-Language')
      .sendFile(prerendered.has(file) ? file : 'index.html');
    return true;
  };
}

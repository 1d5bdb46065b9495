import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

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
  return (request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !NOT_PAGES.test(request.url) &&
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (!wantsPage) return false;
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

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

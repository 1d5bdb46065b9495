import { BANNER_IMAGES, SYMBOL_ICONS } from '@bourse/fixtures';
import type { FastifyInstance } from 'fastify';

const artwork: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  banners: BANNER_IMAGES,
  symbols: SYMBOL_ICONS,
};

/** Banner artwork and symbol icons the content calls point at (`/static/{kind}/{name}.svg`). */
export function staticArtwork(app: FastifyInstance, _options: object, done: () => void): void {
  app.get<{ Params: { kind: string; file: string } }>('/static/:kind/:file', (request, reply) => {
    const name = /^([a-z0-9-]+)\.svg$/.exec(request.params.file)?.[1];
    const svg = name === undefined ? undefined : artwork[request.params.kind]?.[name];
    if (svg === undefined) {
      reply.callNotFound();
      return reply;
    }
    return reply
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .type('image/svg+xml; charset=utf-8')
      .send(svg);
  });
  done();
}

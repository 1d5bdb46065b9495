import type { FastifyInstance } from 'fastify';
import { PROOF_PATH } from '../engine/funds/funds.ts';

/**
 * Uploaded deposit proofs (`/uploads/deposits/<id>.<jpg|png|webp>`), for an <img> in the app or the
 * back office. The id is random and unguessable: the URL is the permission, as an <img> cannot
 * sign its request. An image never changes under its id, so it may be kept a year, by the browser
 * only (it is a user's own document).
 */
export function uploadedImages(app: FastifyInstance, _options: object, done: () => void): void {
  app.get<{ Params: { file: string } }>(`${PROOF_PATH}:file`, (request, reply) => {
    const file = request.params.file;
    const image = /^[A-Za-z0-9_-]{24}\.(jpg|png|webp)$/.test(file)
      ? app.exchange.funds.depositProof(file)
      : null;
    // a plain 404 (not the envelope's HTTP 200): an <img> shows it as broken
    if (!image) return reply.code(404).send({ code: 404, msg: 'not found', data: null });
    return reply
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(image.contentType)
      .send(Buffer.from(image.bytes));
  });
  done();
}

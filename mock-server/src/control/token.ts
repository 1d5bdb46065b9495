import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * the route carries its own one-time credential and is opened by a browser, which cannot send
     * the bearer token (a single-use sign-in link)
     */
    opensWithoutControlToken?: boolean;
  }
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * When CONTROL_TOKEN is set, every control call (the unknown ones too, so the routes stay hidden)
 * must carry `Authorization: Bearer <token>`; anything else is a 401 in the control API's own
 * `{ error }` style. Both sides are hashed first, so the compare takes the same time whatever the
 * length or the first wrong character of what was sent. A route marked `opensWithoutControlToken`
 * (the single-use sign-in link a browser opens: its random id is the credential, and making it
 * needed the token) is the one exception.
 */
export function requireControlToken(app: FastifyInstance, token: string): void {
  const expected = digest(`Bearer ${token}`);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.opensWithoutControlToken === true) return;
    const sent = request.headers.authorization ?? '';
    if (timingSafeEqual(digest(sent), expected)) return;
    await reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="control"')
      .send({ error: 'the control API needs Authorization: Bearer <CONTROL_TOKEN>' });
  });
}

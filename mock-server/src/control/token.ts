import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** Who may call the control API besides this machine. */
export interface ControlAccess {
  /** when set, every call needs `Authorization: Bearer <token>` (CONTROL_TOKEN), from anywhere */
  readonly token?: string | null | undefined;
  /** CONTROL_LAN=on: anyone who reaches the port, without a token (the start warns of it) */
  readonly lan?: boolean | undefined;
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * The peer the request came from, as the socket has it: never a forwarded header, which a
 * stranger writes as they please (behind a proxy the peer is the proxy, so the proxy must hold the
 * token, as the compose demo's nginx does).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || /^(?:::ffff:)?127\.\d+\.\d+\.\d+$/.test(address);
}

/**
 * Who reaches the control API, which reads every e-mail code and can reset the world:
 * - by default, this machine only (a phone on the LAN opens the demo, not the back office);
 * - with CONTROL_TOKEN, every call (the unknown ones too, so the routes stay hidden) from
 *   anywhere must carry `Authorization: Bearer <token>`, compared on hashes so that the time
 *   taken says nothing of how much was right;
 * - with CONTROL_LAN=on and no token, anyone who reaches the port.
 * A route marked `opensWithoutControlToken` (the single-use sign-in link a browser opens: its
 * random id is the credential, and making it needed the control API) is the one exception.
 */
export function guardControl(app: FastifyInstance, { token, lan = false }: ControlAccess): void {
  const expected = token ? digest(`Bearer ${token}`) : null;
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.opensWithoutControlToken === true) return;
    if (expected !== null) {
      const sent = request.headers.authorization ?? '';
      if (timingSafeEqual(digest(sent), expected)) return;
      await reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="control"')
        .send({ error: 'the control API needs Authorization: Bearer <CONTROL_TOKEN>' });
      return;
    }
    if (lan || fromThisMachine(request)) return;
    await reply.code(403).send({
      error:
        'the control API answers this machine only: set CONTROL_TOKEN (or CONTROL_LAN=on) to reach it from the network',
    });
  });
}

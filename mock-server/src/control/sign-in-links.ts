import { storageKey } from '@bourse/protocol/storage';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import type { Exchange } from '../engine/exchange.ts';
import { userInfo } from '../engine/users/users.ts';
import {
  contentSecurityPolicy,
  inlineHash,
  policyHeader,
  SAME_ORIGIN,
} from '../plugins/security.ts';
import { signInLinkBody, signInLinkParams } from './schemas.ts';

interface PendingLink {
  email: string;
  expiresAt: number;
}

/** Where the signed-in page goes once the session is stored: the app's root. */
const APP_ROOT = '/';

const page = (title: string, body: string, script = ''): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<meta name="referrer" content="no-referrer"><title>${title}</title></head>` +
  `<body><main><h1>${title}</h1><p>${body}</p></main>${script}</body></html>`;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);

/** JSON that may sit inside a `<script>` element. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, '');

/**
 * Single-use sign-in links for QA (`qa open`): `POST /signin-links { email }` answers a path
 * holding a random one-time id, never a session token. The first GET of that path opens a
 * session for the user and answers a page whose one inline script (allowed by its hash in that
 * reply's CSP, and nowhere else) writes the session where the web app keeps it and opens the
 * app. A second use, an unknown id or an expired link (on the wall clock: a frozen simulated
 * clock must not keep a link alive) gets a page that
 * says so. Links live in memory only: a restart spends them all.
 */
export function signInLinkRoutes(
  app: FastifyInstance,
  exchange: Exchange,
  wallClock: () => number = Date.now,
): void {
  const links = new Map<string, PendingLink>();
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/signin-links', { schema: { body: signInLinkBody } }, (request, reply) => {
    const { email, expires_in_ms: ttl } = request.body;
    if (!exchange.users.byEmail(email)) return reply.code(404).send({ error: 'no such user' });
    const now = wallClock();
    for (const [id, link] of links) if (link.expiresAt <= now) links.delete(id);
    const id = randomBytes(24).toString('base64url');
    links.set(id, { email, expiresAt: now + ttl });
    return { path: `/__control/signin/${id}`, expires_at: now + ttl };
  });

  // no HEAD route: a HEAD (a link preview, a prefetch) must not spend the link
  api.get(
    '/signin/:id',
    {
      schema: { params: signInLinkParams },
      exposeHeadRoute: false,
      config: { opensWithoutControlToken: true },
    },
    (request, reply) => {
      const link = links.get(request.params.id);
      links.delete(request.params.id);
      void reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      const user = link && link.expiresAt > wallClock() && exchange.users.byEmail(link.email);
      if (!user) {
        return reply
          .code(410)
          .send(
            page(
              'This sign-in link cannot be used',
              'It was used already, has expired, or never existed. Ask for a new one with ' +
                '<code>npm run qa -- open &lt;scenario&gt;</code>.',
            ),
          );
      }
      const session = exchange.auth.openSession(user);
      const entries: [string, unknown][] = [
        [storageKey('uuid'), `qa-${randomBytes(8).toString('hex')}`],
        [storageKey('token'), session.token],
        [storageKey('isLogin'), true],
        [storageKey('userInfo'), userInfo(user)],
      ];
      // effector-storage keeps each value as JSON text
      const script =
        `const entries=${scriptJson(entries.map(([key, value]) => [key, JSON.stringify(value)]))};` +
        `for(const [key,value] of entries)localStorage.setItem(key,value);` +
        `location.replace(${scriptJson(APP_ROOT)});`;
      const directives = contentSecurityPolicy(SAME_ORIGIN, {
        scripts: [inlineHash(script)],
        styles: [],
      });
      return reply
        .header('content-security-policy', policyHeader(directives, request.raw))
        .send(
          page(
            'Signing in…',
            `Signing in as ${escapeHtml(user.email)}.`,
            `<script>${script}</script>`,
          ),
        );
    },
  );
}

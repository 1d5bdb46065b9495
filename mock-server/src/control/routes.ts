import type { FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { EngineError } from '../engine/errors.ts';
import type { Exchange } from '../engine/exchange.ts';
import { LedgerInconsistency } from '../engine/ledger/ledger.ts';
import { SERVED_ENTRIES } from '../domains.ts';
import { DOMAIN_NAMES, type DomainName, type MockState } from '../engine/domains.ts';
import { SYMBOL_IDS, toSecond } from '../engine/market/index.ts';
import type { FaultTable } from '../plugins/faults.ts';
import {
  clockBody,
  depositsQuery,
  expireSessionsBody,
  faultBody,
  faultQuery,
  identityBody,
  mailboxQuery,
  marketPathBody,
  marketPriceBody,
  marketSymbolBody,
  exportedState,
  exportQuery,
  payBody,
  resetBody,
  reviewBody,
} from './schemas.ts';
import { signInLinkRoutes } from './sign-in-links.ts';
import { fromThisMachine, guardControl } from './token.ts';

export interface ControlOptions {
  exchange: Exchange;
  faults: FaultTable;
  scenarios: readonly string[];
  loadScenario: (name: string) => Promise<void>;
  /** called after the clock or a price moved, so live screens hear of it at once */
  marketMoved?: () => void;
  /** the wall clock single-use sign-in links expire on */
  wallClock?: () => number;
  /** when set, every call needs `Authorization: Bearer <token>` (CONTROL_TOKEN) */
  token?: string | null;
  /** CONTROL_LAN=on: callers other than this machine without a token */
  lan?: boolean;
}

/**
 * The QA control API under /__control, plain JSON (like WireMock's /__admin). It is the back office
 * and the test harness in one: reset, read e-mail, move the clock, inject faults, decide reviews.
 */
export function controlRoutes(
  app: FastifyInstance,
  options: ControlOptions,
  done: () => void,
): void {
  const { exchange, faults } = options;
  guardControl(app, { token: options.token, lan: options.lan });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error instanceof EngineError ? 409 : (error.statusCode ?? 500);
    return reply.code(status).send({ error: error.message });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: 'no such control route' }),
  );
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/health', () => ({ ok: true, now: exchange.now() }));

  api.get('/scenarios', () => ({ list: options.scenarios }));

  api.post('/reset', { schema: { body: resetBody } }, async (request, reply) => {
    const scenario = request.body.scenario ?? 'empty';
    if (!options.scenarios.includes(scenario)) {
      return reply.code(400).send({ error: `unknown scenario ${scenario}` });
    }
    faults.clear();
    await options.loadScenario(scenario);
    return { scenario };
  });

  api.get('/state', () => {
    const state = exchange.snapshot();
    const users = Object.values(state.users).map(({ password_hash: _hidden, ...user }) => user);
    // a session key alone signs calls as its user: the state shows whose sessions, not their keys
    const sessions = Object.values(state.sessions).map(
      ({ token_md5: _key, ...session }) => session,
    );
    // uploaded images by their size, not their bytes (GET /export has them whole)
    const uploads = Object.fromEntries(
      Object.entries(state.uploads).map(([id, { data, ...upload }]) => [
        id,
        { ...upload, bytes: Buffer.byteLength(data, 'base64') },
      ]),
    );
    return { ...state, users, sessions, uploads };
  });

  // The scenario export and import: a whole state, the ledger included. Password hashes and
  // session keys only when asked for (`?secrets=on`) by this machine: an export without them
  // imports as accounts nobody can sign in to, and no session survives it.
  api.get('/export', { schema: { querystring: exportQuery } }, (request, reply) => {
    const state = exchange.snapshot();
    if (request.query.secrets === 'on') {
      if (!fromThisMachine(request)) {
        return reply
          .code(403)
          .send({ error: 'password hashes and session keys stay on this machine' });
      }
      return state;
    }
    for (const user of Object.values(state.users)) user.password_hash = '';
    state.sessions = {};
    return state;
  });

  api.post('/import', { schema: { body: exportedState } }, (request, reply) => {
    const before = exchange.snapshot();
    try {
      exchange.restore(request.body as unknown as MockState);
    } catch (error) {
      exchange.restore(before);
      if (error instanceof LedgerInconsistency)
        return reply.code(400).send({ error: error.message });
      throw error;
    }
    faults.clear();
    exchange.changed();
    const state = exchange.live();
    return {
      users: Object.keys(state.users).length,
      transactions: state.ledger.transactions.length,
    };
  });

  api.get('/mailbox', { schema: { querystring: mailboxQuery } }, (request) => {
    const { to, purpose } = request.query;
    const list = exchange
      .snapshot()
      .mailbox.filter(
        (mail) =>
          (to === undefined || mail.to === to.toLowerCase()) &&
          (purpose === undefined || mail.purpose === purpose),
      )
      .reverse();
    return { list };
  });

  api.get('/clock', () => ({ now: exchange.now(), frozen: exchange.clock.frozen }));

  api.post('/clock', { schema: { body: clockBody } }, (request) => {
    const body = request.body;
    if (body.action === 'freeze') exchange.clock.freeze();
    else if (body.action === 'resume') exchange.clock.resume();
    else exchange.clock.advance(body.ms);
    exchange.changed();
    options.marketMoved?.();
    return { now: exchange.now(), frozen: exchange.clock.frozen };
  });

  // ---- the market: set a price, play a path, pause and resume ------------------------------

  const market = exchange.market;
  /** a symbol as of the next whole second, when a change made now takes effect */
  const quote = (symbolId: string) => {
    const at = toSecond(exchange.now());
    return {
      symbol_id: symbolId,
      price: market.price(symbolId, at),
      paused: market.paused(symbolId, at),
    };
  };
  /** a price the symbol cannot take (it rounds to zero at its precision) is refused */
  const attempt = (change: () => void): string | null => {
    try {
      change();
      return null;
    } catch (error) {
      if (error instanceof RangeError) return error.message;
      throw error;
    }
  };
  const unknownSymbol = (symbolId: string | undefined) =>
    symbolId !== undefined && !market.has(symbolId) ? `unknown symbol ${symbolId}` : null;

  api.post('/market/price', { schema: { body: marketPriceBody } }, (request, reply) => {
    const { symbol_id: symbolId, price } = request.body;
    const unknown = unknownSymbol(symbolId);
    if (unknown) return reply.code(404).send({ error: unknown });
    const refused = attempt(() => {
      market.setPrice(symbolId, price, exchange.now());
    });
    if (refused) return reply.code(400).send({ error: refused });
    options.marketMoved?.();
    return { list: [quote(symbolId)] };
  });

  api.post('/market/path', { schema: { body: marketPathBody } }, (request, reply) => {
    const { symbol_id: symbolId, points } = request.body;
    const unknown = unknownSymbol(symbolId);
    if (unknown) return reply.code(404).send({ error: unknown });
    const refused = attempt(() => {
      market.playPath(symbolId, points, exchange.now());
    });
    if (refused) return reply.code(400).send({ error: refused });
    options.marketMoved?.();
    return { list: [quote(symbolId)] };
  });

  for (const action of ['pause', 'resume'] as const) {
    api.post(`/market/${action}`, { schema: { body: marketSymbolBody } }, (request, reply) => {
      const symbolId = request.body.symbol_id;
      const unknown = unknownSymbol(symbolId);
      if (unknown) return reply.code(404).send({ error: unknown });
      market[action](symbolId, exchange.now());
      options.marketMoved?.();
      return { list: (symbolId === undefined ? SYMBOL_IDS : [symbolId]).map(quote) };
    });
  }

  api.get('/faults', () => ({ list: faults.list() }));

  api.post('/faults', { schema: { body: faultBody } }, (request) => {
    const { times, ...fault } = request.body;
    faults.set({ ...fault, remaining: times });
    return { list: faults.list() };
  });

  api.delete('/faults', { schema: { querystring: faultQuery } }, (request) => {
    faults.clear(request.query.path);
    return { list: faults.list() };
  });

  api.post('/identity', { schema: { body: identityBody } }, (request, reply) => {
    const user = exchange.users.byEmail(request.body.email);
    if (!user) return reply.code(404).send({ error: 'no such user' });
    const decided = exchange.identity.decide(
      user.user_id,
      request.body.decision === 'approve',
      request.body.reason,
    );
    return {
      identity_status: decided.identity_status,
      reject_reason: exchange.identity.rejectReason(user.user_id),
    };
  });

  // ---- the back office's money reviews ----------------------------------------------------------

  // the review view: what a reviewer looks at before deciding, the proof image's URL included
  api.get('/deposits', { schema: { querystring: depositsQuery } }, (request) => {
    const { status } = request.query;
    const state = exchange.live();
    const origin = `${request.protocol}://${request.host}`;
    const list = state.deposits
      .filter((row) => status === undefined || row.status === status)
      .toReversed()
      .map(({ user_id: userId, auto_review_at: _when, ...row }) => ({
        ...row,
        user_id: userId,
        email: state.users[userId]?.email ?? '',
        proof_url: row.proof_image === '' ? null : `${origin}${row.proof_image}`,
      }));
    return { list };
  });

  // ---- each registered domain's own routes (domains.ts) --------------------------------------

  // K ties the entry to the domain's api: a plain union would pair any entry with any api
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  const mountDomain = <K extends DomainName>(name: K): void => {
    const served = SERVED_ENTRIES[name];
    served.control?.(api, exchange.domains[name], exchange);
  };
  for (const name of DOMAIN_NAMES) mountDomain(name);

  api.post('/deposits/review', { schema: { body: reviewBody } }, (request, reply) => {
    const { id, decision, reason } = request.body;
    if (!exchange.live().deposits.some((row) => row.id === id)) {
      return reply.code(404).send({ error: `no deposit ${id}` });
    }
    return exchange.funds.decideDeposit(id, decision === 'approve', reason);
  });

  api.post('/withdrawals/review', { schema: { body: reviewBody } }, (request, reply) => {
    const { id, decision, reason } = request.body;
    if (!exchange.live().withdrawals.some((row) => row.id === id)) {
      return reply.code(404).send({ error: `no withdrawal ${id}` });
    }
    return exchange.funds.decideWithdrawal(id, decision === 'approve', reason);
  });

  // the payout of an approved withdrawal went out: it becomes paid (REVIEW_DELAY_MS does it too)
  api.post('/withdrawals/pay', { schema: { body: payBody } }, (request, reply) => {
    const { id } = request.body;
    if (!exchange.live().withdrawals.some((row) => row.id === id)) {
      return reply.code(404).send({ error: `no withdrawal ${id}` });
    }
    return exchange.funds.payWithdrawal(id);
  });

  api.post('/sessions/expire', { schema: { body: expireSessionsBody } }, (request, reply) => {
    const user = exchange.users.byEmail(request.body.email);
    if (!user) return reply.code(404).send({ error: 'no such user' });
    return { ended: exchange.auth.endSessions(user.user_id) };
  });

  signInLinkRoutes(app, exchange, options.wallClock);

  done();
}

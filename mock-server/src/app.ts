import {
  DEFAULT_WIRE,
  HEADERS,
  LIMITS,
  SOCKET,
  type HeaderNames,
  type WireSettings,
} from '@bourse/protocol';
import { createNodeCodec } from '@bourse/protocol/codec/node';
import { readRecording } from '@bourse/fixtures/recorded';
import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { MailRecord } from './engine/state.ts';
import { controlRoutes } from './control/routes.ts';
import { Exchange } from './engine/exchange.ts';
import { createPasswordHasher } from './engine/passwords.ts';
import { FaultTable } from './plugins/faults.ts';
import { StateDatabase } from './plugins/database.ts';
import { StateFile } from './plugins/persistence.ts';
import { protocolPlugin, type ReplyDrift } from './plugins/protocol.ts';
import {
  NO_INLINE,
  readAppEndpoints,
  readInlineHashes,
  SAME_ORIGIN,
  securityHeaders,
} from './plugins/security.ts';
import { serveWeb } from './plugins/web.ts';
import { createReplay } from './record/replay.ts';
import { handlers } from './routes/index.ts';
import { staticArtwork } from './routes/static.ts';
import { uploadedImages } from './routes/uploads.ts';
import { scenarioNames, scenarioSpec } from './scenarios.ts';
import { socketGateway, type SocketGateway } from './ws/gateway.ts';
import { domainFeed } from './ws/domain-feed.ts';
import { fundsFeed } from './ws/funds-feed.ts';
import { marketFeed, type MarketFeed } from './ws/market-feed.ts';

export interface AppOptions {
  /** payload cipher and guest token; defaults to the protocol's */
  wire?: WireSettings;
  /** encrypt `data` of replies (default on) */
  encrypt?: boolean;
  /**
   * where the state is kept (mock.sqlite; a state.json there is imported when the database is
   * new); null keeps state in memory only
   */
  dataDir?: string | null;
  seed?: number;
  /**
   * the scenario to start from when nothing was saved; `recorded:<name>` answers from a
   * recorded fixture set (npm run record) and starts the rest from `empty`
   */
  scenario?: string;
  /** where recorded fixture sets are read from (default fixtures/recorded) */
  recordingsDir?: string;
  /** serve the QA control API under /__control (default on) */
  control?: boolean;
  /** when set, the control API answers only calls with `Authorization: Bearer <token>` */
  controlToken?: string | null;
  /** CONTROL_LAN=on: the control API answers the network too, without a token */
  controlLan?: boolean;
  /** each e-mail the mock sends (`npm start` prints the codes on its console) */
  onMail?: (mail: MailRecord) => void;
  /** origins a browser socket may come from, besides the server's own host and localhost */
  allowedOrigins?: readonly string[];
  logger?: FastifyServerOptions['logger'];
  /** scrypt cost (a power of two); tests lower it */
  passwordCost?: number;
  /** the wall clock (the `time` window and the simulated clock run on it) */
  wallClock?: () => number;
  /** how often the socket pings, ms */
  pingIntervalMs?: number;
  /** the built web app to serve on the same port (its index.html answers every page route) */
  webDir?: string | null;
  /**
   * whom to believe about the client's address (X-Forwarded-For), as Fastify's trustProxy: off
   * by default, so a caller cannot pick the address the login and code rate limits key on
   */
  trustProxy?: boolean | readonly string[];
  /** how often the live market is pushed (Data24h, Kline), wall-clock ms; 0 turns it off */
  marketTickMs?: number;
  /** how long obtaining an exclusive deposit account takes, simulated ms (default 3 s) */
  depositAccountDelayMs?: number;
  /** approve deposits and withdrawals this long after they are made; null (default): by hand */
  autoReviewMs?: number | null;
  /** the header names calls carry (language, uuid, token); default the protocol's HEADERS */
  headers?: HeaderNames;
  /**
   * TESTS ONLY: renames one field of one endpoint's reply, so a contract check has a drift to
   * find. No environment variable reaches it: `npm start` and `npm run mock` cannot turn it on.
   */
  testOnlyDrift?: ReplyDrift;
}

declare module 'fastify' {
  interface FastifyInstance {
    exchange: Exchange;
    faults: FaultTable;
    gateway: SocketGateway;
    marketFeed: MarketFeed;
  }
}

/** Composes the mock: the wire, its routes, the socket, the control API and persistence. */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const wire = options.wire ?? DEFAULT_WIRE;
  const codec = createNodeCodec(wire);
  const wallClock = options.wallClock ?? Date.now;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: LIMITS.bodyBytes,
    trustProxy:
      typeof options.trustProxy === 'object'
        ? [...options.trustProxy]
        : (options.trustProxy ?? false),
  });

  // Durable before acknowledged: a change marks the state dirty, and it is written (one SQLite
  // transaction) before any reply leaves, or on the next turn of the event loop when no call
  // made it (a timer's review, the clock).
  const database = options.dataDir ? new StateDatabase(options.dataDir) : null;
  let dirty = false;
  let saveQueued = false;
  let closed = false;
  const save = (): void => {
    if (!database || !dirty || closed) return;
    dirty = false;
    database.save({ state: exchange.live(), balances: exchange.ledger.balances() });
  };
  const exchange = new Exchange({
    seed: options.seed ?? 20_261_122,
    wall: wallClock,
    hasher: createPasswordHasher(options.passwordCost),
    ...(options.depositAccountDelayMs === undefined
      ? {}
      : { depositAccountDelayMs: options.depositAccountDelayMs }),
    autoReviewMs: options.autoReviewMs ?? null,
    ...(options.onMail ? { onMail: options.onMail } : {}),
    onChange: () => {
      dirty = true;
      if (!database || saveQueued) return;
      saveQueued = true;
      setImmediate(() => {
        saveQueued = false;
        save();
      });
    },
  });

  const RECORDED = 'recorded:';
  const scenario = options.scenario ?? 'verified-trader';
  const replay = scenario.startsWith(RECORDED)
    ? createReplay(await readRecording(scenario.slice(RECORDED.length), options.recordingsDir))
    : undefined;
  const stored = database?.load();
  if (stored) {
    // a restart: the balances rebuilt from the entries must be those last written
    exchange.restore(stored.state);
    exchange.ledger.check(stored.balances);
    database?.adopt(exchange.live());
  } else {
    // a new database: a state.json export there is imported, else the scenario loads
    const imported = options.dataDir
      ? await new StateFile(options.dataDir, () => exchange.snapshot()).load()
      : null;
    if (imported) exchange.restore(imported);
    else await exchange.loadScenario(scenarioSpec(replay ? 'empty' : scenario));
    dirty = true;
    save();
  }
  app.addHook('onSend', (_request, _reply, payload, done) => {
    // what a call changed is written before its reply leaves
    save();
    done(null, payload);
  });

  // the engine runs its own time from here: due work and watched prices settle as the clock goes
  exchange.start();

  const faults = new FaultTable();
  app.decorate('exchange', exchange);
  app.decorate('faults', faults);

  await securityHeaders(
    app,
    options.webDir ? readAppEndpoints(options.webDir) : SAME_ORIGIN,
    options.webDir ? readInlineHashes(options.webDir) : NO_INLINE,
  );
  await app.register(websocket, { options: { maxPayload: LIMITS.socketFrameBytes } });
  const pageFallback = options.webDir ? await serveWeb(app, options.webDir) : undefined;
  // Replies made per request (the API, the control API) are compressed when large; registered
  // after the web app's files, which the build compressed already. Requests stay as sent.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  await app.register(protocolPlugin, {
    codec,
    encrypt: options.encrypt ?? true,
    guestTokenMd5: codec.md5hex(wire.defaultToken),
    exchange,
    handlers,
    faults,
    wallClock,
    headers: options.headers ?? HEADERS,
    ...(replay ? { replay } : {}),
    ...(options.testOnlyDrift ? { testOnlyDrift: options.testOnlyDrift } : {}),
    ...(pageFallback ? { pageFallback } : {}),
  });
  await app.register(staticArtwork);
  await app.register(uploadedImages);
  const gateway = socketGateway(app, {
    exchange,
    allowedOrigins: options.allowedOrigins ?? [],
    pingIntervalMs: options.pingIntervalMs ?? SOCKET.pingIntervalMs,
    wallClock,
    knownSymbol: (symbolId) => exchange.market.has(symbolId),
  });
  app.decorate('gateway', gateway);
  const feed = marketFeed(exchange, gateway, options.marketTickMs ?? 1000);
  app.decorate('marketFeed', feed);
  const stopFunds = fundsFeed(exchange, gateway);
  const stopDomains = domainFeed(exchange, gateway);

  if (options.control ?? true) {
    await app.register(controlRoutes, {
      prefix: '/__control',
      exchange,
      faults,
      scenarios: scenarioNames,
      loadScenario: (name: string) => exchange.loadScenario(scenarioSpec(name)),
      // a price or the clock moved (the engine settled what it set off): screens hear at once
      marketMoved: () => {
        feed.publishNow();
      },
      wallClock,
      token: options.controlToken ?? null,
      lan: options.controlLan ?? false,
    });
  }

  app.addHook('onClose', (_instance, done) => {
    exchange.stop();
    feed.stop();
    stopFunds();
    stopDomains();
    gateway.close();
    save();
    closed = true;
    database?.close();
    done();
  });
  return app;
}

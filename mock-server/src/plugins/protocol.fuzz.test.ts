/**
 * The wire under generated input, on every call the mock serves, generated from the catalogue
 * and from the live state: a call a later issue serves is fuzzed with no new code (from its
 * schema; a builder in test/fuzz-live.ts makes it succeed from the live state). The run is made
 * of rounds; each sends one call to every served endpoint and one to an unknown path, through
 * `app.inject` on one app (the verified-trader scenario, a still wall clock). In each ten rounds,
 * five send bodies built from the live state (the trader's password, listed symbols, open orders,
 * positions, bets, pending deposits, the current Coin Guess period, codes planted for spare
 * users), one bodies from the schema (valid, hostile, deeply nested), and four the wire's and
 * the schema's failure modes. The properties are what any client relies on:
 * - every reply is HTTP 200 with a `{code,msg,data}` envelope, and its code is the one PROTOCOL.md
 *   §1 gives the failure (400 body/time/fields, 403 expired or badly signed, 401 no session on a
 *   user call, 413 too big, 404 no such call); a well-formed call gets a code the protocol allows,
 *   and never the internal error (nothing is logged at error level); a success decrypts and
 *   matches its response schema;
 * - a refused call (any code but 200) leaves the exchange's whole state as it was, byte for byte
 *   (user settings such as the chosen leverage or mode included), but for a wrong e-mail code's
 *   counter;
 * - every served endpoint gets at least 50 successes and 50 refusals in a default run (a table of
 *   calls, successes and refusals by code is printed).
 *
 * FUZZ_SEED picks the run (printed at start), FUZZ_RUNS the number of rounds, that is of calls
 * per endpoint (default 160; the minimums are checked from that many on).
 */
import {
  CODES,
  DEFAULT_WIRE,
  endpointByPath,
  envelopeSchema,
  HEADERS,
  LIMITS,
  TIME_FIELD,
  TIME_WINDOW_MS,
  allEndpoints,
  type Endpoint,
} from '@bourse/protocol';
import { createNodeCodec } from '@bourse/protocol/codec/node';
import { SCENARIOS } from '@bourse/fixtures';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { PASSWORD_RULES } from '../engine/users/password-guard.ts';
import type { MockState } from '../engine/domains.ts';
import { servedEndpoints } from '../routes/index.ts';
import {
  brokenBodyOf,
  hostileBodyOf,
  bodyOf,
  isPoisoned,
  jsonSchemaOf,
  validBodyOf,
  type Body,
} from '../test/fuzz-values.ts';
import { LIVE_BODIES, Picks, type Live, type Planned } from '../test/fuzz-live.ts';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_123);
/** rounds: each sends one call to every served endpoint (and one to an unknown path) */
const DEFAULT_RUNS = 160;
const RUNS = Number(process.env['FUZZ_RUNS'] ?? DEFAULT_RUNS);
/** The wall clock stands still, so a session's idle timer reads the same after every call. */
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const UUID = '7d0c2a4e-3b1f-4c6d-9e8a-5f4b3c2d1e0f';
const codec = createNodeCodec(DEFAULT_WIRE);
const trader = SCENARIOS['verified-trader'].users[0]!;
/** the trader's password now: a generated change or reset that succeeds moves it */
let traderPassword = trader.password;

type Mode =
  | 'valid from live state'
  | 'live state, one field from the schema'
  | 'well-formed'
  | 'hostile fields'
  | 'deep nesting and a long string'
  | 'wrong field type or missing field'
  | 'guest on a user call'
  | 'bad JSON'
  | 'wrong content type'
  | 'not an object'
  | 'no time'
  | 'time of a wrong type'
  | 'stale time'
  | 'future time'
  | 'bad signature'
  | 'huge body'
  | 'unknown path';

/** Who signs: the built-in guest token, the live session's, or a token no session has. */
type Signer = 'guest' | 'user' | 'dead';

type SignatureFault =
  | 'signed for another time'
  | 'signed for another uuid'
  | 'no uuid'
  | 'uuid too long'
  | 'token too short'
  | 'token not hex'
  | 'no token';

/** Codes a well-formed call may get: what the handler decides. */
const HANDLER_CODES: readonly number[] = [
  CODES.ok,
  CODES.badRequest,
  CODES.notFound,
  CODES.tooManyRequests,
  CODES.failed,
  // a money call whose generated request id was used before with another body
  CODES.conflict,
];

interface Sent {
  headers: Record<string, string>;
  payload: string;
}

/** One generated call. Its toString is what fast-check prints for a counterexample. */
class Call {
  /** what was sent, filled in when the call runs (the signature depends on the session) */
  sent: Sent | null = null;
  /** a live body and the session it is signed with, when built (live calls) */
  planned: Planned | null = null;
  constructor(
    readonly mode: Mode,
    readonly path: string,
    readonly expected: readonly number[],
    readonly options: {
      readonly method?: 'POST' | 'GET';
      readonly signer?: Signer;
      readonly body?: Body;
      /** the payload as sent, instead of the body as JSON */
      readonly raw?: string;
      /** a field of this many characters is added (huge bodies are built when sent) */
      readonly padding?: number;
      /** an unknown field nested this deep is added */
      readonly depth?: number;
      /** ms between the wall clock and `time`; or the `time` to send as it is */
      readonly time?: { readonly offset: number } | { readonly value: unknown } | 'none';
      readonly signatureFault?: SignatureFault;
      readonly contentType?: string | null;
      readonly remoteAddress: string;
      readonly language?: string;
      /** the body is built from the live state when sent (LIVE_BODIES), with picks from this */
      readonly live?: number;
      /** a body from the schema: one of its fields replaces the live body's (not a password) */
      readonly swap?: Body;
    },
  ) {}

  [fc.toStringMethod](): string {
    const { sent } = this;
    const payload = sent?.payload ?? '(not sent)';
    const shown =
      payload.length > 400 ? `${payload.slice(0, 400)}… (${payload.length} chars)` : payload;
    return [
      `${this.mode}: expects ${this.expected.join(' or ')}`,
      `${this.options.method ?? 'POST'} ${this.path} from ${this.options.remoteAddress}`,
      `headers ${JSON.stringify(sent?.headers ?? {})}`,
      `body ${shown}`,
    ].join('\n  ');
  }
}

// ---- generating calls from the catalogue -------------------------------------------------------

const remoteAddress = fc.ipV4();
const language = fc.constantFrom('en', 'zh-CN,zh;q=0.9', 'ja', 'xx', '', 'de-DE;q=0.1, fr');
const signerFor = (entry: Endpoint) =>
  entry.auth === 'user' ? ('user' as const) : ('guest' as const);

type CallOptions = Call['options'];

/** Modes whose bodies a handler may accept: the rest are refused by the wire or the schema. */
const MAY_SUCCEED: ReadonlySet<Mode> = new Set<Mode>([
  'valid from live state',
  'live state, one field from the schema',
  'well-formed',
  'hostile fields',
  'deep nesting and a long string',
]);

type Weighted = fc.WeightedArbitrary<Call> & { readonly name: Mode };

/** One served call's generated calls, by kind: the fuzz sends each kind in its share of rounds. */
interface CallsTo {
  /** a body built from the live state (or, for a call without a builder, from the schema) */
  readonly live: fc.Arbitrary<Call>;
  /** bodies from the schema: valid, hostile, deeply nested */
  readonly schema: fc.Arbitrary<Call>;
  /** every failure mode of the wire and the schema */
  readonly refused: fc.Arbitrary<Call>;
}

/** Every failure mode for one served call, each with the code it must get. */
function callsTo(entry: Endpoint): CallsTo {
  const schema = jsonSchemaOf(entry.request);
  const valid = validBodyOf(entry);
  const signer = signerFor(entry);
  const handlerCodes = (who: Signer) =>
    entry.auth === 'user' && who !== 'user' ? [CODES.unauthorized] : HANDLER_CODES;
  const anyone = fc.constantFrom<Signer>('guest', 'user', 'dead');
  const mode = (
    name: Mode,
    weight: number,
    options: fc.Arbitrary<CallOptions>,
    expected: (options: CallOptions) => readonly number[],
  ): Weighted => ({
    name,
    weight,
    arbitrary: options.map(
      (picked) =>
        new Call(
          name,
          entry.path,
          // the JSON parser refuses a prototype-poisoning key first (only a size check is earlier)
          isPoisoned(picked.body) && name !== 'huge body' ? [CODES.badRequest] : expected(picked),
          picked,
        ),
    ),
  });
  const refusedWith = (code: number) => () => [code];
  const bySigner = (options: CallOptions) => handlerCodes(options.signer ?? 'guest');
  const beyondWindow = fc.integer({ min: TIME_WINDOW_MS + 1, max: 2 ** 40 });

  // weights: most calls carry bodies worth a handler's attention; the costly ones are rarer
  const modes: Weighted[] = [
    mode(
      'well-formed',
      12,
      fc.record({ body: valid, signer: anyone, remoteAddress, language }),
      bySigner,
    ),
    mode(
      'hostile fields',
      12,
      fc.record({ body: hostileBodyOf(schema), signer: anyone, remoteAddress, language }),
      bySigner,
    ),
    mode(
      'deep nesting and a long string',
      2,
      fc.record({
        body: valid,
        signer: fc.constant(signer),
        depth: fc.integer({ min: 100, max: 2_000 }),
        padding: fc.integer({ min: 1, max: 50_000 }),
        remoteAddress,
      }),
      bySigner,
    ),
    mode(
      'bad JSON',
      4,
      fc.record({ raw: badJson, signer: fc.constant(signer), remoteAddress }),
      refusedWith(CODES.badRequest),
    ),
    mode(
      'wrong content type',
      4,
      fc.record({
        body: valid,
        contentType: wrongContentType,
        signer: fc.constant(signer),
        remoteAddress,
      }),
      refusedWith(CODES.badRequest),
    ),
    mode(
      'not an object',
      4,
      fc.record({ raw: notAnObject, signer: fc.constant(signer), remoteAddress }),
      refusedWith(CODES.badRequest),
    ),
    mode(
      'no time',
      4,
      fc.record({
        body: valid,
        time: fc.constant('none' as const),
        signer: fc.constant(signer),
        remoteAddress,
      }),
      refusedWith(CODES.badRequest),
    ),
    mode(
      'time of a wrong type',
      4,
      fc.record({
        body: valid,
        time: wrongTime.map((value) => ({ value })),
        signer: fc.constant(signer),
        remoteAddress,
      }),
      refusedWith(CODES.badRequest),
    ),
    mode(
      'stale time',
      4,
      fc.record({
        body: valid,
        time: beyondWindow.map((offset) => ({ offset: -offset })),
        signer: fc.constant(signer),
        remoteAddress,
      }),
      refusedWith(CODES.forbidden),
    ),
    mode(
      'future time',
      4,
      fc.record({
        body: valid,
        time: beyondWindow.map((offset) => ({ offset })),
        signer: fc.constant(signer),
        remoteAddress,
      }),
      refusedWith(CODES.forbidden),
    ),
    mode(
      'bad signature',
      4,
      fc.record({ body: valid, signatureFault, signer: anyone, remoteAddress }),
      refusedWith(CODES.forbidden),
    ),
    mode(
      'huge body',
      1,
      fc.record({
        body: valid,
        padding: fc.integer({ min: LIMITS.bodyBytes, max: LIMITS.bodyBytes + 65_536 }),
        signer: fc.constant(signer),
        remoteAddress,
      }),
      refusedWith(CODES.payloadTooLarge),
    ),
  ];
  const broken = brokenBodyOf(schema);
  if (broken) {
    modes.push(
      mode(
        'wrong field type or missing field',
        8,
        fc.record({ body: broken, signer: fc.constant(signer), remoteAddress }),
        refusedWith(CODES.badRequest),
      ),
    );
  }
  if (entry.auth === 'user') {
    modes.push(
      mode(
        'guest on a user call',
        4,
        fc.record({ body: valid, signer: fc.constantFrom<Signer>('guest', 'dead'), remoteAddress }),
        refusedWith(CODES.unauthorized),
      ),
    );
  }
  const schemaModes = modes.filter((weighted) => MAY_SUCCEED.has(weighted.name));
  const live = LIVE_BODIES[entry.path]
    ? fc
        .record({
          live: fc.nat(),
          remoteAddress,
          language,
          // one live body in eight gets a field from the schema: an id no one has, a symbol not
          // listed, an amount out of bounds (valid and invalid mixed)
          swap: fc.oneof(
            { weight: 7, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: bodyOf(schema) },
          ),
        })
        .map(
          ({ swap, ...picked }) =>
            new Call(
              swap ? 'live state, one field from the schema' : 'valid from live state',
              entry.path,
              bySigner({ ...picked, signer }),
              { ...picked, signer, ...(swap ? { swap } : {}) },
            ),
        )
    : // a call without a builder is fuzzed from its schema alone
      fc.oneof(...schemaModes);
  return {
    live,
    schema: fc.oneof(...schemaModes),
    refused: fc.oneof(...modes.filter((weighted) => !MAY_SUCCEED.has(weighted.name))),
  };
}

const badJson = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"time":',
    "{'time':1}",
    '{"a":1,}',
    '{"time":NaN}',
    'undefined',
    '{}}',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
);

const notAnObject = fc.oneof(
  fc.constantFrom('[]', 'null', 'true', '0', '"time"', '[{"time":1}]'),
  fc
    .jsonValue({ maxDepth: 2 })
    .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))
    .map((value) => JSON.stringify(value)),
);

const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'image/png',
  null,
);

const wrongTime = fc.oneof(
  fc.constantFrom(null, true, '', 'now', [], {}, 1.5, 2 ** 60, -(2 ** 60), 1e308),
  fc.string({ maxLength: 12 }),
  fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .filter((value) => !Number.isSafeInteger(value)),
);

const signatureFault = fc.constantFrom<SignatureFault>(
  'signed for another time',
  'signed for another uuid',
  'no uuid',
  'uuid too long',
  'token too short',
  'token not hex',
  'no token',
);

const servedPaths = new Set(servedEndpoints.map((entry) => entry.path));

const notServedYet = allEndpoints
  .map((entry) => entry.path)
  .filter((path) => !servedPaths.has(path));

/** Paths no route answers: made-up ones, near misses of served ones, and calls not served yet. */
const unknownPath = fc
  .oneof(
    fc
      .array(fc.stringMatching(/^[A-Za-z0-9_.~-]{1,12}$/), { minLength: 1, maxLength: 3 })
      .map((segments) => `/api/${segments.join('/')}`),
    fc.constantFrom(...servedPaths).map((path) => `${path}/`),
    fc.constantFrom(...servedPaths).map((path) => path.toUpperCase()),
    ...notServedYet.map((path) => fc.constant(path)),
  )
  .filter((path) => !servedPaths.has(path));

const unknownPathCalls = fc
  .record({
    path: unknownPath,
    method: fc.constantFrom<'POST' | 'GET'>('POST', 'GET'),
    remoteAddress,
  })
  .map(
    ({ path, ...options }) =>
      new Call('unknown path', path, [CODES.notFound], { body: {}, signer: 'guest', ...options }),
  );

/**
 * A round sends one call to every served endpoint and one to an unknown path. Which kind each
 * endpoint gets depends on the round's number: half the rounds send bodies built from the live
 * state, one in ten bodies from the schema (valid, hostile, nested), and the rest the failure
 * modes, so that every endpoint gets its share of successes and of refusals.
 */
const kindOfRound = (round: number): keyof CallsTo => {
  const tenth = round % 10;
  return tenth < 5 ? 'live' : tenth === 5 ? 'schema' : 'refused';
};

const generators = servedEndpoints.map(callsTo);

const rounds = fc
  .record({
    live: fc.tuple(...generators.map((generator) => generator.live)),
    schema: fc.tuple(...generators.map((generator) => generator.schema)),
    refused: fc.tuple(...generators.map((generator) => generator.refused)),
    unknown: unknownPathCalls,
  })
  .map((calls) =>
    // fast-check prints a failing round this way: the error names the call that failed
    Object.assign(calls, { [fc.toStringMethod]: () => 'a round (the failing call is below)' }),
  );

// ---- running a call ------------------------------------------------------------------------

let app: FastifyInstance;
/** error-level log lines: the mock logs an internal error (a crash in a handler) at that level */
const errors: string[] = [];
let sessionToken = '';

const md5 = (text: string) => codec.md5hex(text);

const tokenOf = (signer: Signer, call?: Call): string =>
  signer === 'user'
    ? (call?.planned?.token ?? sessionToken)
    : signer === 'dead'
      ? 'a-token-no-session-has'
      : DEFAULT_WIRE.defaultToken;

function payloadOf(call: Call, time: unknown): string {
  const { options } = call;
  if (options.raw !== undefined) return options.raw;
  const fields: Body = { ...(call.planned?.body ?? options.body) };
  if (options.time !== 'none') fields[TIME_FIELD] = time;
  let text = JSON.stringify(fields);
  if (options.depth !== undefined) {
    const nested = `${'{"a":'.repeat(options.depth)}1${'}'.repeat(options.depth)}`;
    text = `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"nested":${nested}}`;
  }
  if (options.padding !== undefined) {
    text = `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"padding":"${'x'.repeat(options.padding)}"}`;
  }
  return text;
}

const without = (headers: Record<string, string>, name: string) =>
  Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));

function headersOf(call: Call, time: number): Record<string, string> {
  const { options } = call;
  const signer = options.signer ?? 'guest';
  const headers: Record<string, string> = {
    [HEADERS.uuid]: UUID,
    [HEADERS.token]: md5(tokenOf(signer, call)) + md5(String(time) + UUID),
  };
  if (options.contentType !== null)
    headers['content-type'] = options.contentType ?? 'application/json';
  if (options.language !== undefined) headers[HEADERS.language] = options.language;
  switch (options.signatureFault) {
    case undefined:
      break;
    case 'signed for another time':
      headers[HEADERS.token] = md5(tokenOf(signer, call)) + md5(String(time + 1) + UUID);
      break;
    case 'signed for another uuid':
      headers[HEADERS.token] = md5(tokenOf(signer, call)) + md5(String(time) + `${UUID}0`);
      break;
    case 'no uuid':
      return without(headers, HEADERS.uuid);
    case 'uuid too long':
      headers[HEADERS.uuid] = 'u'.repeat(65);
      headers[HEADERS.token] = md5(tokenOf(signer, call)) + md5(String(time) + 'u'.repeat(65));
      break;
    case 'token too short':
      headers[HEADERS.token] = md5(tokenOf(signer, call));
      break;
    case 'token not hex':
      headers[HEADERS.token] =
        `${md5(tokenOf(signer, call)).slice(0, 31)}g${md5(String(time) + UUID)}`;
      break;
    case 'no token':
      return without(headers, HEADERS.token);
  }
  return headers;
}

async function send(call: Call) {
  const { options } = call;
  const time =
    options.time === undefined || options.time === 'none'
      ? NOW
      : 'offset' in options.time
        ? NOW + options.time.offset
        : options.time.value;
  const payload = payloadOf(call, time);
  const headers = headersOf(call, typeof time === 'number' ? time : NOW);
  call.sent = { headers, payload };
  return app.inject({
    method: options.method ?? 'POST',
    url: call.path,
    headers,
    remoteAddress: options.remoteAddress,
    ...(options.method === 'GET' ? {} : { payload }),
  });
}

/** Signs the scenario's trader in through the wire, from an address of its own. */
let logins = 0;
async function signIn(): Promise<void> {
  logins += 1;
  const call = new Call('well-formed', '/api/login/index', [CODES.ok], {
    body: { account: trader.email, password: traderPassword },
    remoteAddress: `10.255.${Math.floor(logins / 250)}.${logins % 250}`,
  });
  let envelope = envelopeSchema.parse((await send(call)).json());
  // generated calls that check the password (changePassword, addCash, deleteUser) with a wrong
  // one lock the account, sign-in included, as they should: the lock is waited out on the
  // simulated clock (which runs only when moved), then the trader signs in again
  if (envelope.code === CODES.tooManyRequests) {
    app.exchange.clock.advance(PASSWORD_RULES.failureWindowMs);
    envelope = envelopeSchema.parse((await send(call)).json());
  }
  if (envelope.code !== CODES.ok || typeof envelope.data !== 'string') {
    throw new Error(`the trader cannot sign in: ${JSON.stringify(envelope)}`);
  }
  const session = JSON.parse(codec.decrypt(envelope.data)) as { token: string };
  sessionToken = session.token;
}

/** The whole state as text: what a refused call must leave as it was. */
const stateText = () => JSON.stringify(app.exchange.live());
let lastState = '';

/** Where two states differ, as key paths. */
function changedPaths(before: unknown, after: unknown, path: readonly string[] = []): string[][] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (
    typeof before !== 'object' ||
    typeof after !== 'object' ||
    before === null ||
    after === null
  ) {
    return [[...path]];
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) =>
    changedPaths(
      (before as Record<string, unknown>)[key],
      (after as Record<string, unknown>)[key],
      [...path, key],
    ),
  );
}

/**
 * The one change a refusal may make: a wrong e-mail code counts against that code (five wrong
 * tries burn it, against guessing), so `codes.<purpose:email>.wrong_attempts` moves or the code
 * goes. Rate-limit counters live outside the state (a restart forgets them), so a 429, or a
 * failed login that counts towards one, changes nothing the snapshot holds.
 */
const countsAgainstACode = (path: readonly string[]) =>
  path[0] === 'codes' && (path.length === 2 || (path.length === 3 && path[2] === 'wrong_attempts'));

const seen = new Map<string, number>();
const count = (key: string) => seen.set(key, (seen.get(key) ?? 0) + 1);

/** Per served endpoint: calls, successes, and refusals by code. */
interface Tally {
  calls: number;
  ok: number;
  refused: Map<number, number>;
  /** why live bodies were refused, by message: what to look at when an endpoint falls short */
  liveRefused: Map<string, number>;
}
const tallies = new Map<string, Tally>(
  servedEndpoints.map((entry) => [
    entry.path,
    { calls: 0, ok: 0, refused: new Map(), liveRefused: new Map() },
  ]),
);
const refusals = (tally: Tally) => [...tally.refused.values()].reduce((sum, n) => sum + n, 0);

/** Every served endpoint gets at least this many successes and this many refusals in a run. */
const MINIMUM = 50;
/**
 * Every so many rounds the exchange goes back to the scenario as it was after the first sign-in
 * (restored from a snapshot), so that the state each call is compared on stays small.
 */
const EPOCH_ROUNDS = 10;
let initial: MockState | null = null;

/** How often the simulated clock moves (Coin Guess periods close, options settle, codes expire). */
const CLOCK_STEP = { everyRounds: 8, ms: 61_000 };

let traderId = '';
let spares = 0;
let requests = 0;
let emails = 0;

function liveOf(seed: number): Live {
  return {
    exchange: app.exchange,
    trader: () => ({ userId: traderId, email: trader.email, password: traderPassword }),
    picks: new Picks(seed),
    requestId: () => `fuzz-request-${String((requests += 1)).padStart(8, '0')}`,
    freshEmail: () => `fuzz-${String((emails += 1))}@example.com`,
    spare: async () => {
      spares += 1;
      const email = `fuzz-spare-${String(spares)}@example.com`;
      const password = `Spare${String(spares).padStart(4, '0')}x1`;
      const user = await app.exchange.users.create({ email, password });
      const { token } = app.exchange.auth.openSession(user);
      return { userId: user.user_id, email, password, token };
    },
  };
}

beforeAll(async () => {
  app = await buildApp({
    dataDir: null,
    scenario: 'verified-trader',
    passwordCost: 1024,
    marketTickMs: 0,
    wallClock: () => NOW,
    logger: { level: 'error', stream: { write: (line: string) => errors.push(line) } },
  });
  await app.ready();
  traderId = app.exchange.users.byEmail(trader.email)?.user_id ?? '';
  await signIn();
  initial = app.exchange.snapshot();
  lastState = stateText();
});
afterAll(async () => {
  await app.close();
});

/** Passwords are not swapped: a wrong one locks the account, which other calls need open. */
const SECRET_FIELDS = new Set(['password', 'old_password', 'confirm_password']);

/** The live body with one field (picked by the call's seed) taken from the call's schema body. */
function withSwap(planned: Planned, call: Call): Planned {
  const { swap, live } = call.options;
  if (!swap) return planned;
  const keys = Object.keys(planned.body).filter((key) => key in swap && !SECRET_FIELDS.has(key));
  if (keys.length === 0) return planned;
  const key = new Picks((live ?? 0) + 1).pick(keys);
  return { ...planned, body: { ...planned.body, [key]: swap[key] } };
}

/** Sends one call and checks what any client relies on; answers its code. */
async function check(call: Call): Promise<{ code: number; msg: string }> {
  const errorsBefore = errors.length;
  // the state between calls does not move (the clock stands still, nothing ticks), except by
  // what a live body prepares (a spare user, a planted code, an order to cancel)
  let before = lastState;
  const builder = call.options.live === undefined ? undefined : LIVE_BODIES[call.path];
  if (builder && call.options.live !== undefined) {
    call.planned = withSwap(await builder(liveOf(call.options.live)), call);
    before = stateText();
  }
  let reply = await send(call);
  let envelope = envelopeSchema.safeParse(reply.json());
  // an earlier call may have ended the trader's session (logout): sign in again and send again
  if (
    call.options.signer === 'user' &&
    call.planned?.token === undefined &&
    envelope.success &&
    envelope.data.code === CODES.unauthorized &&
    !call.expected.includes(CODES.unauthorized)
  ) {
    await signIn();
    before = stateText();
    reply = await send(call);
    envelope = envelopeSchema.safeParse(reply.json());
  }
  const after = stateText();
  lastState = after;
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  expect(envelope.success).toBe(true);
  if (!envelope.success) return { code: -1, msg: '' };
  const { code, msg, data } = envelope.data;
  expect(call.expected).toContain(code);
  // nothing failed inside: a business refusal (500) is not logged, an internal error is
  expect(errors.slice(errorsBefore)).toEqual([]);
  if (code === CODES.ok) {
    const entry = endpointByPath.get(call.path);
    expect(typeof data).toBe('string');
    const parsed: unknown = JSON.parse(codec.decrypt(String(data)));
    expect(entry?.response.safeParse(parsed).success).toBe(true);
    followPasswordOf(call);
  } else {
    expect(data).toBeNull();
    expect(msg).not.toBe('');
    if (after !== before) {
      const changed = changedPaths(JSON.parse(before), JSON.parse(after));
      expect(
        changed.filter((path) => !countsAgainstACode(path)).map((path) => path.join(' › ')),
      ).toEqual([]);
    }
  }
  return { code, msg };
}

/** A schema body that changed or reset the trader's password for real: sign in with the new one. */
function followPasswordOf(call: Call): void {
  const body = call.planned?.body ?? call.options.body ?? {};
  const password = body['password'];
  if (typeof password !== 'string') return;
  const byTrader = call.options.signer === 'user' && call.planned?.token === undefined;
  if (
    (call.path === '/api/users/changePassword' && byTrader) ||
    (call.path === '/api/login/forget' && body['email'] === trader.email)
  ) {
    traderPassword = password;
  }
  if (call.path === '/api/users/deleteUser' && byTrader) {
    throw new Error('a generated call deleted the trader, which no later call can survive');
  }
}

function tallyTable(): string {
  const rows = [...tallies].map(([path, tally]) => {
    const byCode = [...tally.refused]
      .sort(([a], [b]) => a - b)
      .map(([code, n]) => `${String(code)}×${String(n)}`)
      .join(' ');
    const live = [...tally.liveRefused].map(([why, n]) => `${why} ×${String(n)}`).join('; ');
    return `${path.padEnd(34)} ${String(tally.calls).padStart(5)} ${String(tally.ok).padStart(5)} ${String(refusals(tally)).padStart(5)}  ${byCode}${live === '' ? '' : `  (live: ${live})`}`;
  });
  return [`${'endpoint'.padEnd(34)} calls    ok  refd  refused by code`, ...rows].join('\n');
}

describe('the wire under generated input', () => {
  it(`answers every call with the code of its outcome, keeps state on refusals and reaches every path (seed ${SEED}, ${RUNS} calls per endpoint)`, async () => {
    console.log(`protocol fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    let round = 0;
    await fc.assert(
      fc.asyncProperty(rounds, async (generated) => {
        if (round > 0 && round % EPOCH_ROUNDS === 0 && initial) {
          app.exchange.restore(initial);
          traderPassword = trader.password;
          lastState = stateText();
        } else if (round > 0 && round % CLOCK_STEP.everyRounds === 0) {
          // between calls, never across one: what falls due on the way settles here
          app.exchange.clock.advance(CLOCK_STEP.ms);
          // any signed call extends its session's idle timer to the new time; done here once, so
          // that a refused call after the move does not count it as a change
          app.exchange.auth.touchSession(md5(sessionToken));
          lastState = stateText();
        }
        const kind = kindOfRound(round);
        round += 1;
        for (const call of [...generated[kind], generated.unknown]) {
          let outcome: { code: number; msg: string };
          try {
            outcome = await check(call);
          } catch (error) {
            throw new Error(`${call[fc.toStringMethod]()}\n${String(error)}`, { cause: error });
          }
          count(call.mode);
          const tally = tallies.get(call.path);
          if (!tally) continue;
          tally.calls += 1;
          const { code, msg } = outcome;
          if (code === CODES.ok) tally.ok += 1;
          else tally.refused.set(code, (tally.refused.get(code) ?? 0) + 1);
          if (code !== CODES.ok && call.options.live !== undefined) {
            const why = `${String(code)} ${msg}`;
            tally.liveRefused.set(why, (tally.liveRefused.get(why) ?? 0) + 1);
          }
        }
      }),
      // a round's calls depend on the state the earlier rounds left: shrinking cannot replay them
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
    const total = [...tallies.values()].reduce((sum, tally) => sum + tally.calls, 0);
    console.log(tallyTable());
    console.log(MODES.map((mode) => `${mode}: ${String(seen.get(mode) ?? 0)}`).join(', '));
    console.log(
      `protocol fuzz: ${String(total)} calls to ${String(tallies.size)} endpoints and ${String(RUNS)} to unknown paths in ${seconds} s (${cpuSeconds} s of CPU), ${String(logins)} sign-ins, ${String(spares)} spare users`,
    );
    // every served endpoint both succeeds and is refused often enough (else the run proves less)
    if (RUNS >= DEFAULT_RUNS) {
      const short = [...tallies]
        .filter(([, tally]) => tally.ok < MINIMUM || refusals(tally) < MINIMUM)
        .map(
          ([path, tally]) =>
            `${path}: ${String(tally.ok)} ok, ${String(refusals(tally))} refused; live bodies refused: ${JSON.stringify(Object.fromEntries(tally.liveRefused))}`,
        );
      expect(short, `endpoints under ${String(MINIMUM)} successes or refusals`).toEqual([]);
      for (const mode of MODES) expect(seen.get(mode) ?? 0).toBeGreaterThan(0);
    }
    // and the server still answers
    const health = await app.inject({ method: 'GET', url: '/__control/health' });
    expect(health.statusCode).toBe(200);
  }, 600_000);
});

const MODES: readonly Mode[] = [
  'valid from live state',
  'live state, one field from the schema',
  'well-formed',
  'hostile fields',
  'deep nesting and a long string',
  'wrong field type or missing field',
  'guest on a user call',
  'bad JSON',
  'wrong content type',
  'not an object',
  'no time',
  'time of a wrong type',
  'stale time',
  'future time',
  'bad signature',
  'huge body',
  'unknown path',
];

/**
 * How a consumer test records one interaction: the expectation is written once, from the
 * endpoint's catalogue entry and the call's fields, and the interaction is then exercised by
 * calling the endpoint through the web's real API client (plain codec: signed like the browser,
 * payloads in the clear), never by a hand-made HTTP request.
 */
import { createHash } from 'node:crypto';
import {
  CODES,
  DEFAULT_TOKEN,
  HEADERS,
  TIME_FIELD,
  type Endpoint,
  type PushFunc,
  type PushOf,
  type RequestOf,
  type ResponseOf,
} from '@bourse/protocol';
import { createPlainCodec } from '@bourse/protocol/codec/plain';
import {
  createApiClient,
  fieldErrorOf,
  isApiError,
  type ApiError,
  type Credentials,
} from '@bourse/web/api';
import { readServerFrame } from '@bourse/web/socket-frames';
import { PactV4 } from '@pact-foundation/pact';
import { expect, it } from 'vitest';
import {
  CONSUMER,
  EXAMPLE_TIME,
  HEX64,
  PACT_DIR,
  PACT_TOKEN,
  PACT_UUID,
  PROVIDER,
  UUID_V4,
} from '../pact.ts';
import type { State, StateValue } from '../states.ts';
import { fromProviderState, integer, like, regex, reify } from './matchers.ts';

export const newPact = () =>
  new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: 'warn' });

/** Who calls: a guest signs with the default token, a user with PACT_TOKEN. */
export type Who = 'guest' | 'user';

export const credentialsOf = (who: Who): Credentials => ({
  uuid: PACT_UUID,
  token: who === 'user' ? PACT_TOKEN : null,
  language: 'en',
});

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * PROTOCOL.md §1, written out with node:crypto rather than through a project codec, so that a
 * codec bug cannot hide itself in the contract.
 */
export const signatureOf = (who: Who, time: number) =>
  md5(who === 'user' ? PACT_TOKEN : DEFAULT_TOKEN) + md5(String(time) + PACT_UUID);

export interface Expectation<E extends Endpoint> {
  /** unique within the pact: it is the interaction's key */
  readonly description: string;
  /** set up in this order before the interaction is replayed */
  readonly states?: readonly State[];
  readonly endpoint: E;
  /** the call's own fields, exactly as the client sends them */
  readonly body: RequestOf<E>;
  /**
   * Fields whose value a state hands back (states.ts STATE_VALUES): the pact carries them as
   * `fromProviderState`, the body's value as the example, so a backend is called with its own
   * ids and prices; the client is called with the body as it is.
   */
  readonly inject?: Injections<E>;
  readonly who: Who;
}

/** Which of a call's fields take which value a state hands back. */
export type Injections<E extends Endpoint> = {
  readonly [Field in keyof RequestOf<E>]?: StateValue;
};

/** A refused call: the envelope's code and a matcher (or value) for its `msg`. */
export interface Refusal {
  readonly code: number;
  readonly msg: unknown;
}

function record<E extends Endpoint>(pact: PactV4, expectation: Expectation<E>, envelope: object) {
  let interaction = pact.addInteraction();
  for (const { name, params } of expectation.states ?? []) {
    interaction = interaction.given(name, params);
  }
  const fields: Record<string, unknown> = { ...(expectation.body as Record<string, unknown>) };
  for (const [field, value] of Object.entries(expectation.inject ?? {})) {
    if (typeof value === 'string') fields[field] = fromProviderState(`\${${value}}`, fields[field]);
  }
  return interaction
    .uponReceiving(expectation.description)
    .withRequest('POST', expectation.endpoint.path, (request) => {
      request
        .headers({
          [HEADERS.language]: 'en',
          [HEADERS.uuid]: regex(UUID_V4, PACT_UUID),
          [HEADERS.token]: regex(HEX64, signatureOf(expectation.who, EXAMPLE_TIME)),
        })
        .jsonBody({ ...fields, [TIME_FIELD]: integer(EXAMPLE_TIME) });
    })
    .willRespondWith(200, (response) => {
      response.jsonBody(envelope);
    });
}

/** The web's real client pointed at the Pact mock, with every request it sends kept. */
function clientFor(baseUrl: string) {
  const sent: Request[] = [];
  const logged: unknown[][] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    sent.push(request.clone());
    return fetch(request);
  };
  const client = createApiClient({
    baseUrl,
    codec: createPlainCodec(),
    fetch: recordingFetch,
    logger: { error: (...details: unknown[]) => logged.push(details) },
  });
  return { client, sent, logged };
}

/** The client sent the call's fields and a fresh `time`, and signed with that very `time`. */
async function expectSignedCall(sent: readonly Request[], expectation: Expectation<Endpoint>) {
  expect(sent).toHaveLength(1);
  const request = sent[0]!;
  const { [TIME_FIELD]: time, ...fields } = (await request.json()) as Record<string, unknown>;
  expect(fields).toEqual(expectation.body);
  expect(Number.isSafeInteger(time)).toBe(true);
  expect(request.headers.get(HEADERS.language)).toBe('en');
  expect(request.headers.get(HEADERS.uuid)).toBe(PACT_UUID);
  expect(request.headers.get(HEADERS.token)).toBe(signatureOf(expectation.who, time as number));
}

/**
 * Records a code-200 interaction whose `data` matches `data`, calls it through the client, and
 * checks that the client resolved with exactly the example data, parsed by the endpoint's
 * schema; `check` then asserts what the consumer relies on.
 */
export async function succeeds<E extends Endpoint>(
  pact: PactV4,
  expectation: Expectation<E>,
  data: unknown,
  check: (result: ResponseOf<E>) => void = () => undefined,
): Promise<void> {
  await record(pact, expectation, { code: CODES.ok, msg: like(''), data }).executeTest(
    async (server) => {
      const { client, sent, logged } = clientFor(server.url);
      const result = await client.call(
        expectation.endpoint,
        expectation.body,
        credentialsOf(expectation.who),
      );
      expect(logged).toEqual([]);
      expect(result).toEqual(reify(data));
      check(result);
      await expectSignedCall(sent, expectation);
    },
  );
}

/**
 * Records an interaction refused with `refusal.code`, calls it through the client, and checks
 * that the client rejected with an ApiError of kind 'code' carrying that code and message.
 */
export async function fails<E extends Endpoint>(
  pact: PactV4,
  expectation: Expectation<E>,
  refusal: Refusal,
  check: (error: ApiError) => void = () => undefined,
): Promise<void> {
  const envelope = { code: refusal.code, msg: refusal.msg, data: null };
  await record(pact, expectation, envelope).executeTest(async (server) => {
    const { client, sent } = clientFor(server.url);
    const error: unknown = await client
      .call(expectation.endpoint, expectation.body, credentialsOf(expectation.who))
      .then(
        () => {
          throw new Error(`${expectation.endpoint.path} resolved; expected code ${refusal.code}`);
        },
        (caught: unknown) => caught,
      );
    if (!isApiError(error)) throw new Error(`not an ApiError: ${String(error)}`);
    expect(error).toMatchObject({
      kind: 'code',
      code: refusal.code,
      msg: reify(refusal.msg),
      path: expectation.endpoint.path,
    });
    check(error);
    await expectSignedCall(sent, expectation);
  });
}

/**
 * One row of a domain's table of cases: a test titled with what the client does, recording and
 * calling one interaction. `answers` and `refuses` make them; `runCases` turns them into tests.
 */
export interface Case {
  /** the test's title: what the client does or is told */
  readonly name: string;
  readonly run: (pact: PactV4) => Promise<void>;
}

/** A row's interaction; `who` is the signed-in user unless it says otherwise. */
type Row<E extends Endpoint> = Omit<Expectation<E>, 'who'> & {
  readonly name: string;
  readonly who?: Who;
};

const expectationOf = <E extends Endpoint>(row: Row<E>): Expectation<E> => ({
  description: row.description,
  ...(row.states === undefined ? {} : { states: row.states }),
  ...(row.inject === undefined ? {} : { inject: row.inject }),
  endpoint: row.endpoint,
  body: row.body,
  who: row.who ?? 'user',
});

/** A row answered with code 200: `data` is the reply's shape, `check` what the client relies on. */
export const answers = <E extends Endpoint>(
  row: Row<E> & {
    readonly data: unknown;
    readonly check?: (result: ResponseOf<E>) => void;
  },
): Case => ({
  name: row.name,
  run: (pact) => succeeds(pact, expectationOf(row), row.data, row.check),
});

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A refused row: the envelope's `code`, and `msg` as an example of the message (any text).
 * With `field`, the refusal names that field (code 400, `msg` `"field: reason"` with `msg` the
 * reason), and the test checks that `fieldErrorOf` reads the field back, as the forms do.
 */
export const refuses = <E extends Endpoint>(
  row: Row<E> & {
    readonly code: number;
    readonly msg: string;
    readonly field?: string;
    readonly check?: (error: ApiError) => void;
  },
): Case => {
  const { code, msg, field, check } = row;
  const refusal: Refusal =
    field === undefined
      ? { code, msg: like(msg) }
      : { code, msg: regex(new RegExp(`^${escapeRegExp(field)}: .+`), `${field}: ${msg}`) };
  return {
    name: row.name,
    run: (pact) =>
      fails(pact, expectationOf(row), refusal, (error) => {
        if (field !== undefined) expect(fieldErrorOf(error)?.field).toBe(field);
        check?.(error);
      }),
  };
};

/** One test per case, in the table's order (the pact is merged as each test passes). */
export function runCases(pact: PactV4, cases: readonly Case[]): void {
  for (const { name, run } of cases) {
    it(name, () => run(pact));
  }
}

/**
 * What the app does with a text frame off the socket, through the web's own frame reader: the
 * push of `func`, or an error where the app would drop the frame or not take it as that push.
 */
export function readPush<F extends PushFunc>(frameText: string, func: F): PushOf<F> {
  const reading = readServerFrame(frameText);
  if (reading.kind !== 'push') {
    throw new Error(`the app does not take the frame as a push: ${JSON.stringify(reading)}`);
  }
  if (reading.push.func !== func) throw new Error(`not a ${func} push: ${reading.push.func}`);
  return reading.push as PushOf<F>;
}

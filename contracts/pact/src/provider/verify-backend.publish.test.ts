/**
 * verify:backend --publish, the command itself, against a small fake Pact Broker (Fastify) and
 * the stranger mock with one reply field renamed: the pact comes from the broker with its
 * token, the verification runs on it, and the result is POSTed to the pact's
 * `pb:publish-verification-results` link with the provider version (success true when the pact
 * holds, false when it drifts), the branch PUT on the provider version first. Publishing asks
 * for a broker, a version and the whole pact.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { buildApp } from '@bourse/mock-server';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSUMER, PROVIDER } from '../pact.ts';
import type { MockApp } from './mock-states.ts';
import { strangerArgs, strangerOptions } from './stranger.ts';
import { writePactSubset } from './verification.ts';
import { parseCommand } from './verify-backend.ts';

const run = promisify(execFile);
const COMMAND = new URL('verify-backend.ts', import.meta.url).pathname;
const TOKEN = 'broker-token-for-the-test';
const PACT_PATH = `/pacts/provider/${PROVIDER}/consumer/${CONSUMER}/latest`;
const RESULTS_PATH = `/pacts/provider/${PROVIDER}/consumer/${CONSUMER}/pact-version/0123abcd/verification-results`;

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
  readonly body: unknown;
}

let app: MockApp;
let url: string;
let broker: FastifyInstance;
let brokerUrl: string;
const seen: Seen[] = [];
/** the pact the broker serves, without its links */
let served: Record<string, unknown> = {};

/** The command as `npm run verify:backend` runs it, with the broker's settings. */
async function verifyBackend(args: readonly string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', COMMAND, ...args], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: {
        ...process.env,
        PACT_DO_NOT_TRACK: 'true',
        PACT_BROKER_BASE_URL: brokerUrl,
        PACT_BROKER_TOKEN: TOKEN,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const servePact = async (descriptions: readonly string[]) => {
  served = JSON.parse(await readFile(await writePactSubset(descriptions), 'utf8')) as Record<
    string,
    unknown
  >;
};

beforeAll(async () => {
  app = await buildApp({
    ...strangerOptions,
    testOnlyDrift: { path: '/api/index/getConfig', field: 'site_name', renameTo: 'siteName' },
  });
  url = await app.listen({ host: '127.0.0.1', port: 0 });

  broker = Fastify();
  broker.addHook('onRequest', (request, _reply, done) => {
    seen.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      body: null,
    });
    done();
  });
  broker.get(PACT_PATH, () => ({
    ...served,
    _links: {
      self: { href: `${brokerUrl}${PACT_PATH}` },
      'pb:publish-verification-results': {
        title: 'Publish verification results',
        href: `${brokerUrl}${RESULTS_PATH}`,
      },
    },
  }));
  const record = (request: { body: unknown }) => {
    const last = seen.at(-1);
    if (last !== undefined) seen[seen.length - 1] = { ...last, body: request.body };
  };
  broker.put(`/pacticipants/${PROVIDER}/versions/:version`, (request) => {
    record(request);
    return { number: (request.params as { version: string }).version };
  });
  broker.post(RESULTS_PATH, (request, reply) => {
    record(request);
    return reply.code(201).send({ success: (request.body as { success: boolean }).success });
  });
  brokerUrl = await broker.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await broker.close();
  await app.close();
});

beforeEach(() => {
  seen.length = 0;
});

describe('verify:backend --publish', () => {
  it('publishes success for the version and branch when the broker’s pact holds', async () => {
    await servePact(['a request for the languages']);
    const { code, stdout, stderr } = await verifyBackend([
      ...strangerArgs(url),
      '--publish',
      '--provider-version',
      '1.4.2+abc123',
      '--provider-branch',
      'release/1.4',
      '--build-url',
      'https://ci.example.com/runs/7',
    ]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: expect.any(String) as unknown });
    expect(stdout).toMatch(/a request for the languages \(\/api\/index\/getLang\)\s+holds/);
    expect(stderr).toContain(
      `Published success for ${brokerUrl}${PACT_PATH} as ${PROVIDER} 1.4.2+abc123 on branch release/1.4.`,
    );
    expect(seen.map((one) => `${one.method} ${one.url}`)).toEqual([
      `GET ${PACT_PATH}`,
      `PUT /pacticipants/${PROVIDER}/versions/1.4.2%2Babc123`,
      `POST ${RESULTS_PATH}`,
    ]);
    expect(seen.every((one) => one.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(seen[1]?.body).toEqual({ branch: 'release/1.4' });
    expect(seen[2]?.body).toEqual({
      success: true,
      providerApplicationVersion: '1.4.2+abc123',
      buildUrl: 'https://ci.example.com/runs/7',
      testResults: [{ interactionDescription: 'a request for the languages', success: true }],
    });
  });

  it('publishes failure, with the mismatches, when the broker’s pact drifts', async () => {
    await servePact(['a request for the languages', 'a request for the platform settings']);
    const { code, stderr } = await verifyBackend([
      ...strangerArgs(url),
      '--publish',
      '--provider-version',
      '1.4.3',
      '--json',
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `Published failure for ${brokerUrl}${PACT_PATH} as ${PROVIDER} 1.4.3.`,
    );
    // no branch: no version PUT
    expect(seen.map((one) => `${one.method} ${one.url}`)).toEqual([
      `GET ${PACT_PATH}`,
      `POST ${RESULTS_PATH}`,
    ]);
    const body = seen[1]?.body as {
      success: boolean;
      providerApplicationVersion: string;
      testResults: {
        interactionDescription: string;
        success: boolean;
        mismatches?: { attribute: string }[];
      }[];
    };
    expect(body.success).toBe(false);
    expect(body.providerApplicationVersion).toBe('1.4.3');
    expect(body.testResults.map((one) => [one.interactionDescription, one.success])).toEqual([
      ['a request for the languages', true],
      ['a request for the platform settings', false],
    ]);
    expect(body.testResults[1]?.mismatches?.map((one) => one.attribute)).toContain(
      '$.data.site_name',
    );
  });

  it('asks for a broker, a provider version and the whole pact, from that broker', () => {
    const env = { PACT_BROKER_BASE_URL: 'https://broker.example.com/', PACT_BROKER_TOKEN: 't' };
    const args = [...strangerArgs(url), '--publish', '--provider-version', '2.0.0'];
    expect(parseCommand(args, env).publish).toEqual({
      broker: expect.objectContaining({
        baseUrl: 'https://broker.example.com',
        authorization: 'Bearer t',
      }) as unknown,
      pactUrl: `https://broker.example.com${PACT_PATH}`,
      provider: { version: '2.0.0' },
    });
    expect(parseCommand(strangerArgs(url), env).publish).toBeUndefined();
    expect(() => parseCommand(args, {})).toThrow(/PACT_BROKER_BASE_URL/);
    expect(() => parseCommand([...strangerArgs(url), '--publish'], env)).toThrow(
      /--provider-version/,
    );
    expect(() => parseCommand([...args, '--only', 'getConfig'], env)).toThrow(/not with --only/);
    expect(() => parseCommand([...args, '--pact', 'pacts/local.json'], env)).toThrow(
      /--pact must be under https:\/\/broker\.example\.com\//,
    );
    expect(() => parseCommand([...strangerArgs(url), '--provider-version', '2.0.0'], env)).toThrow(
      /go with --publish/,
    );
  });
});

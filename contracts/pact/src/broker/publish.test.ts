/**
 * publish:pacts against a tiny fake Pact Broker (Fastify): the pact goes to
 * `POST /contracts/publish` with the consumer version and branch, can-i-deploy is asked about
 * that version, and its answer is the exit code. Without a broker nothing is sent.
 */
import { readFile } from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSUMER, PACT_FILE, PROVIDER } from '../pact.ts';
import { gitVersion, publishPacts, readBrokerSettings } from './publish.ts';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
  readonly body: unknown;
}

let broker: FastifyInstance;
let baseUrl: string;
const seen: Seen[] = [];
let deployable = true;

beforeAll(async () => {
  broker = Fastify();
  broker.post('/contracts/publish', (request) => {
    seen.push({
      method: 'POST',
      url: request.url,
      authorization: request.headers.authorization,
      body: request.body,
    });
    return { notices: [{ type: 'success', text: 'published' }] };
  });
  broker.get('/can-i-deploy', (request) => {
    seen.push({
      method: 'GET',
      url: request.url,
      authorization: request.headers.authorization,
      body: null,
    });
    return {
      summary: {
        deployable,
        reason: deployable
          ? 'All required verification results are published and successful'
          : 'bourse-api has not verified it',
      },
      matrix: [],
    };
  });
  baseUrl = await broker.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await broker.close();
});

beforeEach(() => {
  seen.length = 0;
  deployable = true;
});

const GIT = { version: '0123456789abcdef0123456789abcdef01234567', branch: 'main' };

describe('publish:pacts', () => {
  it('without a broker, says what it would publish and sends nothing', async () => {
    const lines: string[] = [];
    const code = await publishPacts({
      settings: readBrokerSettings({}),
      git: GIT,
      print: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    const said = lines.join('\n');
    expect(said).toContain('PACT_BROKER_BASE_URL is not set');
    expect(said).toContain(PACT_FILE);
    expect(said).toContain(`${CONSUMER} version ${GIT.version} on branch main`);
    expect(seen).toEqual([]);
  });

  it('publishes the pact with the git version and branch, then can-i-deploy says yes: exit 0', async () => {
    const lines: string[] = [];
    const code = await publishPacts({
      settings: readBrokerSettings({
        PACT_BROKER_BASE_URL: `${baseUrl}/`,
        PACT_BROKER_TOKEN: 'secret',
      }),
      git: GIT,
      print: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    expect(seen.map((one) => `${one.method} ${one.url.split('?')[0] ?? ''}`)).toEqual([
      'POST /contracts/publish',
      'GET /can-i-deploy',
    ]);
    expect(seen.every((one) => one.authorization === 'Bearer secret')).toBe(true);
    const body = seen[0]?.body as {
      pacticipantName: string;
      pacticipantVersionNumber: string;
      branch: string;
      contracts: {
        consumerName: string;
        providerName: string;
        specification: string;
        content: string;
      }[];
    };
    expect(body).toMatchObject({
      pacticipantName: CONSUMER,
      pacticipantVersionNumber: GIT.version,
      branch: 'main',
    });
    expect(body.contracts).toHaveLength(1);
    expect(body.contracts[0]).toMatchObject({
      consumerName: CONSUMER,
      providerName: PROVIDER,
      specification: 'pact',
    });
    expect(Buffer.from(body.contracts[0]?.content ?? '', 'base64')).toEqual(
      await readFile(PACT_FILE),
    );
    const query = new URL(seen[1]?.url ?? '', baseUrl).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      pacticipant: CONSUMER,
      version: GIT.version,
      environment: 'production',
    });
    expect(lines.at(-1)).toMatch(/can-i-deploy to production: yes/);
  });

  it('exits 1 when can-i-deploy says no, with the broker’s reason', async () => {
    deployable = false;
    const lines: string[] = [];
    const code = await publishPacts({
      settings: readBrokerSettings({
        PACT_BROKER_BASE_URL: baseUrl,
        PACT_BROKER_USERNAME: 'ci',
        PACT_BROKER_PASSWORD: 'pw',
        PACT_BROKER_ENVIRONMENT: 'staging',
      }),
      git: { version: GIT.version, branch: undefined },
      print: (line) => lines.push(line),
    });
    expect(code).toBe(1);
    expect(seen[0]?.authorization).toBe(`Basic ${Buffer.from('ci:pw').toString('base64')}`);
    expect(seen[0]?.body).not.toHaveProperty('branch');
    expect(seen[1]?.url).toContain('environment=staging');
    expect(lines.at(-1)).toBe('can-i-deploy to staging: no. bourse-api has not verified it');
  });

  it('takes the version from git unless told otherwise, and wants a username with a password', () => {
    expect(gitVersion({}).version).toMatch(/^[0-9a-f]{40}$/);
    expect(gitVersion({ PACT_CONSUMER_VERSION: '1.2.3', PACT_CONSUMER_BRANCH: 'release' })).toEqual(
      {
        version: '1.2.3',
        branch: 'release',
      },
    );
    expect(() => readBrokerSettings({ PACT_BROKER_USERNAME: 'ci' })).toThrow(
      /PACT_BROKER_PASSWORD/,
    );
  });
});

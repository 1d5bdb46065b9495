/**
 * The broker side of `verify:backend --publish` against a tiny fake broker (node:http): the pact
 * is fetched with the credentials and kept in a temporary file, a pact with no link to publish
 * to or a refusal stops the run, and the published body says per interaction what held, what
 * drifted and what was not verified.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BackendReport } from '../provider/verify.ts';
import { readBrokerSettings } from './publish.ts';
import {
  fetchBrokerPact,
  latestPactUrl,
  publishVerificationResult,
  verificationResult,
} from './verification-results.ts';

let server: Server;
let baseUrl: string;
/** what the broker answers next, by method and path */
let answers: Record<string, { status: number; body: unknown }> = {};
const seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      const answer = answers[`${request.method ?? ''} ${request.url ?? ''}`] ?? {
        status: 404,
        body: { error: 'not here' },
      };
      response.writeHead(answer.status, { 'content-type': 'application/hal+json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${String(address.port)}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  answers = {};
});

const REPORT: BackendReport = {
  backend: 'https://staging.example.com',
  pushesNotReplayed: 0,
  counts: { holds: 1, drifts: 1, needsState: 1 },
  interactions: [
    { description: 'held', path: '/a', states: [''], verdict: 'holds', mismatches: [] },
    {
      description: 'drifted',
      path: '/b',
      states: [''],
      verdict: 'drifts',
      mismatches: [{ type: 'BodyMismatch', field: '$.data.x', differed: 'missing' }],
      screens: ['home'],
    },
    {
      description: 'unverified',
      path: '/c',
      states: ['a signed-in user'],
      verdict: 'needs-state',
      mismatches: [],
      reason: 'no state hook: --states',
    },
  ],
};

const LATEST = '/pacts/provider/bourse-api/consumer/bourse-web/latest';

describe('verification results for a broker', () => {
  it('fetches the broker’s pact with its credentials into a file, with where to publish', async () => {
    const links = { 'pb:publish-verification-results': { href: `${baseUrl}/results` } };
    answers[`GET ${LATEST}`] = { status: 200, body: { interactions: [], _links: links } };
    const settings = readBrokerSettings({
      PACT_BROKER_BASE_URL: baseUrl,
      PACT_BROKER_USERNAME: 'ci',
      PACT_BROKER_PASSWORD: 'secret',
    });
    expect(latestPactUrl(baseUrl)).toBe(`${baseUrl}${LATEST}`);
    const pact = await fetchBrokerPact(latestPactUrl(baseUrl), settings);
    expect(pact.publishUrl).toBe(`${baseUrl}/results`);
    expect(JSON.parse(await readFile(pact.path, 'utf8'))).toEqual({
      interactions: [],
      _links: links,
    });
    expect(seen[0]?.authorization).toBe(`Basic ${Buffer.from('ci:secret').toString('base64')}`);
    await pact.dispose();
    expect(existsSync(pact.path)).toBe(false);
  });

  it('stops on a refusal, or on a pact with nowhere to publish to', async () => {
    const settings = readBrokerSettings({ PACT_BROKER_BASE_URL: baseUrl });
    await expect(fetchBrokerPact(`${baseUrl}${LATEST}`, settings)).rejects.toThrow(/HTTP 404/);
    answers[`GET ${LATEST}`] = { status: 200, body: { interactions: [] } };
    await expect(fetchBrokerPact(`${baseUrl}${LATEST}`, settings)).rejects.toThrow(
      /no pb:publish-verification-results link/,
    );
  });

  it('publishes what held, what drifted and what was not verified', () => {
    expect(verificationResult(REPORT, false, { version: '3.1.0' })).toEqual({
      success: false,
      providerApplicationVersion: '3.1.0',
      testResults: [
        { interactionDescription: 'held', success: true },
        {
          interactionDescription: 'drifted',
          success: false,
          mismatches: [{ attribute: '$.data.x', description: 'missing' }],
        },
        {
          interactionDescription: 'unverified',
          success: false,
          skipped: 'needs state: a signed-in user (no state hook: --states)',
        },
      ],
    });
  });

  it('throws with the broker’s answer when it refuses the branch or the result', async () => {
    const settings = { ...readBrokerSettings({ PACT_BROKER_TOKEN: 'tok' }), baseUrl };
    const publish = (branch?: string) =>
      publishVerificationResult({
        settings,
        publishUrl: `${baseUrl}/results`,
        report: REPORT,
        success: true,
        provider: { version: '3.1.0', ...(branch === undefined ? {} : { branch }) },
      });
    answers['POST /results'] = { status: 400, body: { errors: ['no such pact'] } };
    await expect(publish()).rejects.toThrow(
      /refused the verification result: HTTP 400 .*no such pact/,
    );
    await expect(publish('main')).rejects.toThrow(
      /refused the branch of bourse-api 3\.1\.0: HTTP 404/,
    );
    answers['PUT /pacticipants/bourse-api/versions/3.1.0'] = { status: 200, body: {} };
    answers['POST /results'] = { status: 201, body: {} };
    await publish('main');
    expect(seen.slice(-2).map((one) => [one.method, one.url, one.authorization, one.body])).toEqual(
      [
        ['PUT', '/pacticipants/bourse-api/versions/3.1.0', 'Bearer tok', '{"branch":"main"}'],
        [
          'POST',
          '/results',
          'Bearer tok',
          JSON.stringify(verificationResult(REPORT, true, { version: '3.1.0' })),
        ],
      ],
    );
  });
});

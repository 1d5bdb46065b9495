/**
 * The decrypting proxy in front of the mock with encryption ON, as a real backend runs: the
 * same pact verifies through it, which is how verify.ts checks a real backend.
 */
import { buildApp } from '@bourse/mock-server';
import { endpoints, type Codec } from '@bourse/protocol';
import { createNodeCodec } from '@bourse/protocol/codec/node';
import { createPlainCodec } from '@bourse/protocol/codec/plain';
import { createApiClient, isApiError } from '@bourse/web/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACT_UUID } from '../pact.ts';
import { decryptReply, startDecryptingProxy, type DecryptingProxy } from './decrypting-proxy.ts';
import { schemaMessageProviders } from './messages.ts';
import { mockStateHandlers, type MockApp } from './mock-states.ts';
import { verifyPact } from './verification.ts';

let app: MockApp;
let mockUrl: string;
let proxy: DecryptingProxy;
const warnings: string[] = [];
const guest = { uuid: PACT_UUID, token: null, language: 'en' } as const;

/** The web's client with the plain codec: it reads `data` only when it comes in the clear. */
const plainClient = (baseUrl: string, logged: unknown[] = []) =>
  createApiClient({
    baseUrl,
    codec: createPlainCodec(),
    logger: { error: (...details: unknown[]) => logged.push(details) },
  });

beforeAll(async () => {
  app = await buildApp({ dataDir: null, encrypt: true, scenario: 'empty', passwordCost: 1024 });
  mockUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  proxy = await startDecryptingProxy({
    target: mockUrl,
    codec: createNodeCodec(),
    warn: (message) => warnings.push(message),
  });
});

afterAll(async () => {
  await proxy.close();
  await app.close();
});

describe('the decrypting proxy', () => {
  it('is needed: the mock encrypts data, which the plain client cannot read', async () => {
    const logged: unknown[] = [];
    const error: unknown = await plainClient(mockUrl, logged)
      .call(endpoints.index.getConfig, {}, guest)
      .catch((caught: unknown) => caught);
    expect(isApiError(error) && error.kind).toBe('invalid-reply');
    expect(logged).not.toEqual([]);
  });

  it('hands back the data in the clear, with the envelope as it was', async () => {
    const config = await plainClient(proxy.url).call(endpoints.index.getConfig, {}, guest);
    expect(config.site_name).toBeTypeOf('string');
    const refused: unknown = await plainClient(proxy.url)
      .call(endpoints.index.noticeDetail, { id: 'no-such-notice' }, guest)
      .catch((caught: unknown) => caught);
    expect(isApiError(refused) && refused.code).toBe(404);
    expect(warnings).toEqual([]);
  });

  it('passes data that does not decrypt through as it came, and says so', () => {
    const failing: Pick<Codec, 'decrypt'> = {
      decrypt: () => {
        throw new Error('bad padding');
      },
    };
    const said: string[] = [];
    const body = Buffer.from(JSON.stringify({ code: 200, msg: '', data: 'bm90IGEgcGF5bG9hZA==' }));
    expect(decryptReply(body, failing, (message) => said.push(message))).toBe(body);
    expect(said).toHaveLength(1);
  });

  it('lets the pact verify against the mock with encryption on', async () => {
    const output = await verifyPact({
      providerBaseUrl: proxy.url,
      stateHandlers: mockStateHandlers({ app, baseUrl: mockUrl }),
      messageProviders: schemaMessageProviders(),
    });
    expect(output).toBeTypeOf('string');
    expect(warnings).toEqual([]);
  });
});

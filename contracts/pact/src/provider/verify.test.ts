/**
 * verify.ts end to end, with the mock standing in for a real backend: encryption on, the
 * settings read from an environment, the provider states POSTed to a state hook (here a small
 * server that sets them up on the mock, as a backend's test hook would).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@bourse/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockStateHandlers, type MockApp } from './mock-states.ts';
import { writePactSubset, type StateHandlers } from './verification.ts';
import { readSettings, verifyRemote } from './verify.ts';

let app: MockApp;
let mockUrl: string;
let hook: Server;
let hookUrl: string;
const received: string[] = [];

/** A backend's state hook: `{ state, params, action }` in, the state set up. */
function stateHook(handlers: StateHandlers): Server {
  return createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { state, params, action } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        state: string;
        params: Record<string, string>;
        action: 'setup' | 'teardown';
      };
      received.push(`${action} ${state}`);
      const handler = handlers[state];
      const run = typeof handler === 'function' ? handler : handler?.[action];
      const done = action === 'setup' && run ? run(params) : Promise.resolve();
      done.then(
        () => response.writeHead(200).end('{}'),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  });
}

beforeAll(async () => {
  app = await buildApp({ dataDir: null, encrypt: true, scenario: 'empty', passwordCost: 1024 });
  mockUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  hook = stateHook(mockStateHandlers({ app, baseUrl: mockUrl }));
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/states`;
});

afterAll(async () => {
  await new Promise((resolve) => hook.close(resolve));
  await app.close();
});

describe('verify.ts', () => {
  it('asks for the backend and checks the cipher settings', () => {
    expect(() => readSettings({})).toThrow(/PROVIDER_BASE_URL/);
    expect(() => readSettings({ PROVIDER_BASE_URL: 'http://x', CIPHER_MODE: 'GCM' })).toThrow(
      /CIPHER_MODE/,
    );
    expect(readSettings({ PROVIDER_BASE_URL: 'http://x' }).wire.cipher.mode).toBe('CBC');
  });

  it('verifies the pact against a backend with encryption on and a state hook', async () => {
    const settings = readSettings({
      PROVIDER_BASE_URL: mockUrl,
      PAYLOAD_KEY: 'BourseWireKey128',
      PAYLOAD_IV: 'BourseWireIv0016',
      PROVIDER_STATES_URL: hookUrl,
    });
    await expect(verifyRemote(settings)).resolves.toBeTypeOf('string');
    expect(received).toContain('setup a signed-in user');
    expect(received).toContain('teardown a signed-in user');
  });

  it('fails when the payload key is not the backend’s', async () => {
    const settings = readSettings({
      PROVIDER_BASE_URL: mockUrl,
      PAYLOAD_KEY: 'NotTheRightKey16',
      PROVIDER_STATES_URL: hookUrl,
      // one interaction is enough to show it, and keeps the report short
      PACT_FILE: await writePactSubset(['a request for the platform settings']),
    });
    const warnings: string[] = [];
    await expect(
      verifyRemote(settings, { warn: (message) => warnings.push(message) }),
    ).rejects.toThrow();
    expect(warnings.some((message) => message.includes('did not decrypt'))).toBe(true);
  });
});

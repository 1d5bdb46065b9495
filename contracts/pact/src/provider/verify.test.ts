/**
 * verify.ts end to end, with the mock standing in for a real backend: encryption on, the
 * settings read from an environment, the provider states POSTed to a state hook (here a small
 * server that sets them up on the mock, as a backend's test hook would).
 */
import { buildApp } from '@bourse/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockStateHandlers, type MockApp } from './mock-states.ts';
import { startStateHook, type StateHook } from './state-hook.ts';
import { writePactSubset } from './verification.ts';
import { readSettings, verifyRemote } from './verify.ts';

let app: MockApp;
let mockUrl: string;
let hook: StateHook;
let hookUrl: string;

beforeAll(async () => {
  app = await buildApp({ dataDir: null, encrypt: true, scenario: 'empty', passwordCost: 1024 });
  mockUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  hook = await startStateHook(mockStateHandlers({ app, baseUrl: mockUrl }));
  hookUrl = hook.url;
});

afterAll(async () => {
  await hook.close();
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
    expect(hook.received).toContain('setup a signed-in user');
    expect(hook.received).toContain('teardown a signed-in user');
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

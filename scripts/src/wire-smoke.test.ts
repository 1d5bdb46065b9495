import { SCENARIOS } from '@bourse/fixtures';
import { buildApp } from '@bourse/mock-server';
import { describe, expect, it } from 'vitest';
import { runSmoke } from './wire-smoke.ts';

describe('the hand-signed smoke run', () => {
  it('passes every check against the mock with encryption on', async () => {
    const app = await buildApp({ dataDir: null, scenario: 'verified-trader', passwordCost: 1024 });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const trader = SCENARIOS['verified-trader'].users[0]!;
    try {
      const checks = await runSmoke({
        baseUrl,
        key: 'BourseWireKey128',
        iv: 'BourseWireIv0016',
        defaultToken: 'bourse-guest-v1',
        account: trader.email,
        password: trader.password,
      });
      expect(checks.filter((check) => !check.ok)).toEqual([]);
      expect(checks).toHaveLength(9);
    } finally {
      await app.close();
    }
  });

  it('fails when the key is wrong', async () => {
    const app = await buildApp({ dataDir: null, scenario: 'verified-trader', passwordCost: 1024 });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const checks = await runSmoke({
        baseUrl,
        key: 'AnotherKey012345',
        iv: 'BourseWireIv0016',
        defaultToken: 'bourse-guest-v1',
        account: 'verified.trader@example.com',
        password: 'Verified2026',
      });
      expect(checks[0]?.ok).toBe(false);
    } finally {
      await app.close();
    }
  });
});

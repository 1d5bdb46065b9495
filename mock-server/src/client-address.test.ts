import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readEnvironment } from './config.ts';
import { CODE_RULES } from './engine/users/index.ts';
import { call, testApp } from './test/wire.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Spends the code allowance of one client, each call claiming another X-Forwarded-For. */
async function codesFromSpoofedAddresses(server: FastifyInstance): Promise<number[]> {
  const codes: number[] = [];
  for (let index = 0; index <= CODE_RULES.perClient; index += 1) {
    const reply = await call(
      server,
      '/api/login/sendEmail',
      { email: `spoof${String(index)}@example.com`, purpose: 'register' },
      { headers: { 'x-forwarded-for': `203.0.113.${String(index + 1)}` } },
    );
    codes.push(reply.code);
  }
  return codes;
}

describe('the client address the rate limits key on', () => {
  it('ignores X-Forwarded-For by default, so a caller cannot dodge the code limit', async () => {
    app = await testApp();
    const codes = await codesFromSpoofedAddresses(app);
    expect(codes.slice(0, -1).every((code) => code === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('believes X-Forwarded-For from a trusted proxy', async () => {
    app = await testApp({ trustProxy: ['127.0.0.1'] });
    const codes = await codesFromSpoofedAddresses(app);
    expect(codes.every((code) => code === 200)).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  const read = (value?: string) =>
    readEnvironment(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it('is off by default and takes flags, or addresses, CIDRs and named ranges', () => {
    expect(read()).toBe(false);
    expect(read('off')).toBe(false);
    expect(read('yes')).toBe(true);
    expect(read('10.0.0.1, 192.168.0.0/16,::1,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('refuses what is neither', () => {
    expect(() => read('proxy.example.com')).toThrow(/TRUST_PROXY/);
    expect(() => read('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    // Fastify 5.12 trusts nobody for a hop count; saying so beats silently ignoring it
    expect(() => read('2')).toThrow(/hop count/);
  });
});

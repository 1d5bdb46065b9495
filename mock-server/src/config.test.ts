import { HEADERS } from '@bourse/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentSchema, readEnvironment } from './config.ts';
import { GUEST_TOKEN, md5, testApp, UUID } from './test/wire.ts';

describe('the mock started as a stranger', () => {
  it('reads other header names from the environment, and only names HTTP allows', () => {
    expect(readEnvironment({})).toMatchObject({
      HEADER_LANGUAGE: HEADERS.language,
      HEADER_UUID: HEADERS.uuid,
      HEADER_TOKEN: HEADERS.token,
    });
    expect(
      readEnvironment({
        HEADER_UUID: 'X-Device',
        HEADER_TOKEN: 'X-Sign',
        HEADER_LANGUAGE: 'X-Lang',
      }),
    ).toMatchObject({ HEADER_UUID: 'X-Device', HEADER_TOKEN: 'X-Sign', HEADER_LANGUAGE: 'X-Lang' });
    expect(() => readEnvironment({ HEADER_TOKEN: 'x sign' })).toThrow(/HEADER_TOKEN/);
    expect(() => readEnvironment({ HEADER_UUID: 'uuid:' })).toThrow(/HEADER_UUID/);
  });

  it('has no environment variable that could turn the test-only drift on', () => {
    const names = Object.keys(environmentSchema.shape);
    expect(names.filter((name) => /drift|test/i.test(name))).toEqual([]);
  });

  describe('with its own header names', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await testApp({
        encrypt: false,
        headers: { language: 'X-Lang', uuid: 'X-Device', token: 'X-Sign' },
      });
    });
    afterAll(async () => {
      await app.close();
    });

    const getConfig = (headers: (time: number) => Record<string, string>) => {
      const time = Date.now();
      return app.inject({
        method: 'POST',
        url: '/api/index/getConfig',
        headers: { 'content-type': 'application/json', ...headers(time) },
        payload: JSON.stringify({ time }),
      });
    };
    const signed = (time: number) => md5(GUEST_TOKEN) + md5(String(time) + UUID);

    it('answers a call that carries them', async () => {
      const reply = await getConfig((time) => ({ 'x-device': UUID, 'x-sign': signed(time) }));
      const { code, data } = reply.json<{ code: number; data: Record<string, unknown> }>();
      expect(code).toBe(200);
      expect(data['site_name']).toBeTypeOf('string');
    });

    it('refuses a call signed under the protocol’s default names, in the language it names', async () => {
      const refused = (language: Record<string, string>) =>
        getConfig((time) => ({ uuid: UUID, token: signed(time), ...language })).then((reply) =>
          reply.json<{ code: number; msg: string }>(),
        );
      const english = await refused({ 'accept-language': 'de' });
      const german = await refused({ 'x-lang': 'de' });
      expect(english.code).toBe(403);
      expect(german.code).toBe(403);
      expect(german.msg).not.toBe(english.msg);
    });
  });

  it('renames one reply field when a test asks for drift, and only that one', async () => {
    const app = await testApp({
      encrypt: false,
      testOnlyDrift: { path: '/api/index/getConfig', field: 'site_name', renameTo: 'siteName' },
    });
    try {
      const time = Date.now();
      const reply = await app.inject({
        method: 'POST',
        url: '/api/index/getConfig',
        headers: {
          'content-type': 'application/json',
          uuid: UUID,
          token: md5(GUEST_TOKEN) + md5(String(time) + UUID),
        },
        payload: JSON.stringify({ time }),
      });
      const data = reply.json<{ data: Record<string, unknown> }>().data;
      expect(data).not.toHaveProperty('site_name');
      expect(data['siteName']).toBeTypeOf('string');
      expect(data['support_email']).toBeTypeOf('string');
    } finally {
      await app.close();
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, GUEST_TOKEN, md5, registerUser, testApp, UUID } from '../test/wire.ts';

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(async () => {
  await app.close();
});

const post = (payload: string, headers: Record<string, string> = {}) => {
  const time = Date.now();
  return app.inject({
    method: 'POST',
    url: '/api/index/getConfig',
    headers: {
      'content-type': 'application/json',
      uuid: UUID,
      token: md5(GUEST_TOKEN) + md5(String(time) + UUID),
      ...headers,
    },
    payload,
  });
};

describe('the wire (PROTOCOL.md §1 and §2)', () => {
  it('answers a signed guest call with HTTP 200, code 200 and encrypted data', async () => {
    const reply = await call(app, '/api/index/getConfig');
    expect(reply.http).toBe(200);
    expect(reply.code).toBe(200);
    expect(typeof (reply.raw as { data: unknown }).data).toBe('string');
    expect(reply.data).toMatchObject({ site_name: 'Bourse' });
  });

  it('sends data in the clear when ENCRYPT is off', async () => {
    const plain = await testApp({ encrypt: false });
    const reply = await call(plain, '/api/index/getConfig');
    expect((reply.raw as { data: unknown }).data).toMatchObject({ site_name: 'Bourse' });
    await plain.close();
  });

  it.each([
    ['malformed JSON', '{"time":', {}],
    ['a JSON array', '[1,2]', {}],
    ['a body without time', '{}', {}],
    ['a time that is not an integer', '{"time":"soon"}', {}],
    ['a body that is not JSON at all', 'time=1', { 'content-type': 'text/plain' }],
  ])('refuses %s with code 400 in an envelope', async (_name, payload, headers) => {
    const response = await post(payload, headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ code: 400, data: null });
  });

  it('refuses a call whose time is more than five minutes off with 403', async () => {
    const late = await call(app, '/api/index/getConfig', {}, { time: Date.now() - 300_500 });
    const early = await call(app, '/api/index/getConfig', {}, { time: Date.now() + 300_500 });
    const edge = await call(app, '/api/index/getConfig', {}, { time: Date.now() - 290_000 });
    expect([late.code, early.code, edge.code]).toEqual([403, 403, 200]);
    expect(late.msg).toMatch(/expired/i);
  });

  it('refuses a wrong signature with 403', async () => {
    const time = Date.now();
    const wrongTime = await post(JSON.stringify({ time }), {
      token: md5(GUEST_TOKEN) + md5(String(time + 1) + UUID),
    });
    const noUuid = await post(JSON.stringify({ time }), { uuid: '' });
    const shortToken = await post(JSON.stringify({ time }), { token: md5(GUEST_TOKEN) });
    expect(wrongTime.json()).toMatchObject({ code: 403 });
    expect(noUuid.json()).toMatchObject({ code: 403 });
    expect(shortToken.json()).toMatchObject({ code: 403 });
  });

  it('answers 401 to a call that needs a user when there is none or the session is dead', async () => {
    const guest = await call(app, '/api/users/info');
    const unknown = await call(app, '/api/users/info', {}, { token: 'f'.repeat(32) });
    expect(guest.code).toBe(401);
    expect(unknown.code).toBe(401);
    // A dead token on a guest call is simply a guest.
    expect((await call(app, '/api/index/getConfig', {}, { token: 'f'.repeat(32) })).code).toBe(200);
  });

  it('answers a signed-in call for the session the token belongs to', async () => {
    const { token } = await registerUser(app, 'wire@example.com');
    const info = await call<{ email: string }>(app, '/api/users/info', {}, { token });
    expect(info.code).toBe(200);
    expect(info.data.email).toBe('wire@example.com');
  });

  it('names the bad field in a 400', async () => {
    const { token } = await registerUser(app, 'field@example.com');
    const reply = await call(app, '/api/users/setNickname', { nickname: '   ' }, { token });
    expect(reply.code).toBe(400);
    expect(reply.msg).toMatch(/^nickname: /);
  });

  it('writes msg in the language of Accept-Language', async () => {
    const en = await call(app, '/api/users/info', {}, { language: 'en' });
    const zh = await call(app, '/api/users/info', {}, { language: 'zh' });
    const browserTag = await call(app, '/api/users/info', {}, { language: 'de-DE,de;q=0.9' });
    expect(en.msg).not.toBe(zh.msg);
    expect(zh.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(browserTag.msg).not.toBe(en.msg);
  });

  it('answers unknown paths and other methods with a 404 envelope', async () => {
    const unknown = await call(app, '/api/nothing/here');
    const get = await app.inject({ method: 'GET', url: '/api/index/getConfig' });
    expect(unknown).toMatchObject({ http: 200, code: 404 });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toMatchObject({ code: 404 });
  });

  it('answers an oversized body with 413 in the envelope', async () => {
    const response = await post(JSON.stringify({ time: Date.now(), pad: 'x'.repeat(1_100_000) }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 413 });
  });

  it('answers an internal fault with a 500 envelope and no stack trace', async () => {
    const { token } = await registerUser(app, 'fault@example.com');
    app.exchange.profile.info = () => {
      throw new Error('disk on fire at /secret/path.ts:12');
    };
    const reply = await call(app, '/api/users/info', {}, { token });
    expect(reply.code).toBe(500);
    expect(JSON.stringify(reply.raw)).not.toMatch(/secret|fire|\.ts/);
  });
});

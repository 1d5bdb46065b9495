import { BANNERS, SYMBOLS } from '@bourse/fixtures';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, testApp } from '../test/wire.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => {
  await app.close();
});

describe('artwork the content points at', () => {
  it('serves every banner image and symbol icon the calls name', async () => {
    const banners = await call<{ list: { image: string }[] }>(app, '/api/index/bannerList');
    const symbols = await call<{ list: { icon: string }[] }>(app, '/api/index/getSymbolList');
    const paths = [
      ...banners.data.list.map((banner) => banner.image),
      ...symbols.data.list.map((symbol) => symbol.icon).filter((icon) => icon !== ''),
    ];
    expect(paths.length).toBeGreaterThan(BANNERS.length);
    for (const path of paths) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.body).toMatch(/^<svg /);
    }
    expect(SYMBOLS.some((symbol) => symbol.icon === '')).toBe(true);
  });

  it('answers an unknown picture with the 404 envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/static/banners/nope.svg' });
    expect(response.json()).toMatchObject({ code: 404 });
    const traversal = await app.inject({ method: 'GET', url: '/static/banners/..%2Fsecret.svg' });
    expect(traversal.json()).toMatchObject({ code: 404 });
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, testApp } from '../test/wire.ts';

let dir: string;
let app: FastifyInstance;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bourse-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Bourse</title>');
  await writeFile(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  await writeFile(join(dir, 'config.json'), '{"apiBase":""}');
  app = await testApp({ webDir: dir });
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the web app on the API port', () => {
  it('answers every page route with index.html, not cached', async () => {
    for (const url of ['/', '/pages/login/login', '/pages/announcement/details/details?id=101']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Bourse</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year and config.json fresh', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const config = await app.inject({ method: 'GET', url: '/config.json' });
    expect(config.json()).toEqual({ apiBase: '' });
    expect(config.headers['cache-control']).toBe('no-cache');
  });

  it('leaves the API, the control API and missing files alone', async () => {
    expect((await call(app, '/api/index/getConfig')).code).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/__control/health' })).json()).toMatchObject({
      ok: true,
    });
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).json()).toMatchObject({
      code: 404,
    });
    expect((await app.inject({ method: 'GET', url: '/api/index/getConfig' })).json()).toMatchObject(
      { code: 404 },
    );
  });

  it('refuses to start without a built app', async () => {
    await expect(testApp({ webDir: join(dir, 'nope') })).rejects.toThrow(/index.html/);
  });
});

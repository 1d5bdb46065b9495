import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LANGUAGE_COOKIE, prerenderedFile, VIEWER_COOKIE } from '@bourse/protocol/web-pages';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, decrypt, GUEST_TOKEN, md5, testApp, UUID } from '../test/wire.ts';

// What a build leaves in web/dist: text files with their brotli and gzip twins beside them (the
// twins differ from what the server would make, so a test can tell which one was sent).
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const PAGE = `<!doctype html><title>Bourse</title>${'<!-- padding -->'.repeat(100)}`;

let dir: string;
let app: FastifyInstance;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bourse-web-'));
  await mkdir(join(dir, 'assets'));
  for (const [name, text] of [
    ['index.html', PAGE],
    ['assets/app-1a2b.js', SCRIPT],
  ] as const) {
    await writeFile(join(dir, name), text);
    await writeFile(join(dir, `${name}.br`), brotliCompressSync(text));
    await writeFile(join(dir, `${name}.gz`), gzipSync(text));
  }
  await writeFile(
    join(dir, 'assets', 'logo-9f8e.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  await writeFile(join(dir, 'config.json'), '{"apiBase":""}');
  // the build's prerendered login page in two languages for guests, and home for a user
  for (const [language, viewer, path] of [
    ['en', 'guest', '/pages/login/login'],
    ['de', 'guest', '/pages/login/login'],
    ['de', 'user', '/pages/home/home'],
  ] as const) {
    const file = join(dir, prerenderedFile(language, viewer, path));
    await mkdir(dirname(file), { recursive: true });
    const text = `<!doctype html><style>p{}</style><div id="root" data-prerendered="${language}" data-viewer="${viewer}"></div>`;
    await writeFile(file, text);
    await writeFile(`${file}.br`, brotliCompressSync(text));
  }
  app = await testApp({ webDir: dir });
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
  });

describe('the web app on the API port', () => {
  it('answers every page route the build did not prerender with index.html, not cached', async () => {
    for (const url of ['/', '/pages/quotes/quotes', '/pages/announcement/details/details?id=101']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Bourse</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("sends a route's prerendered page in the language the app keeps in its cookie", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/pages/login/login',
      headers: { cookie: `${LANGUAGE_COOKIE}=de`, 'accept-language': 'fr-FR' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-prerendered="de"');
    expect(response.headers['cache-control']).toBe('no-cache');
    // a cache keeps one copy per language
    expect(String(response.headers['vary'])).toMatch(/Cookie/);
    expect(String(response.headers['vary'])).toMatch(/Accept-Language/);
  });

  it("sends a signed-in route's frame only to a device whose flag says it is signed in", async () => {
    const page = (cookie: string) =>
      app
        .inject({ method: 'GET', url: '/pages/home/home', headers: { cookie } })
        .then((response) => response.body);
    expect(await page(`${LANGUAGE_COOKIE}=de; ${VIEWER_COOKIE}=1`)).toContain(
      'data-prerendered="de" data-viewer="user"',
    );
    // a guest is sent to log in by the app: the splash, not a user's frame
    expect(await page(`${LANGUAGE_COOKIE}=de; ${VIEWER_COOKIE}=0`)).toBe(PAGE);
    expect(await page(`${LANGUAGE_COOKIE}=de`)).toBe(PAGE);
  });

  it("with no cookie, in the browser's language, else English, else the app's index.html", async () => {
    const page = (headers: Record<string, string>, url = '/pages/login/login?reset=1') =>
      app.inject({ method: 'GET', url, headers }).then((response) => response.body);
    expect(await page({ 'accept-language': 'de-CH,fr;q=0.5' })).toContain('data-prerendered="de"');
    expect(await page({ 'accept-language': 'ko-KR' })).toContain('data-prerendered="en"');
    // a language the build did not prerender this route in, and a route it did not prerender
    expect(await page({ cookie: `${LANGUAGE_COOKIE}=fr` })).toBe(PAGE);
    expect(await page({}, '/pages/quotes/quotes')).toBe(PAGE);
  });

  it("allows the prerendered page's inline CSS in its policy, and no other", async () => {
    const response = await get('/pages/login/login');
    const hash = createHash('sha256').update('p{}').digest('base64');
    expect(response.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it('serves hashed assets for a year and config.json fresh', async () => {
    const asset = await get('/assets/app-1a2b.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = await get('/assets/logo-9f8e.svg');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const config = await get('/config.json', 'br, gzip');
    expect(config.json()).toEqual({ apiBase: '' });
    expect(config.headers['cache-control']).toBe('no-cache');
    const page = await get('/index.html', 'br');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli twin of a file to a browser that takes brotli', async () => {
    const response = await get('/assets/app-1a2b.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip twin when brotli is not taken', async () => {
    const response = await get('/assets/app-1a2b.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is when no encoding is taken', async () => {
    for (const encoding of [undefined, 'identity']) {
      const response = await get('/assets/app-1a2b.js', encoding);
      expect(response.headers['content-encoding'], encoding).toBeUndefined();
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('sends a page route compressed too', async () => {
    const response = await get('/pages/quotes/quotes', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE);
  });

  it('leaves the API, the control API and missing files alone', async () => {
    expect((await call(app, '/api/index/getConfig')).code).toBe(200);
    expect((await get('/__control/health')).json()).toMatchObject({ ok: true });
    expect((await get('/assets/missing.js', 'br')).json()).toMatchObject({ code: 404 });
    expect((await get('/api/index/getConfig')).json()).toMatchObject({ code: 404 });
  });

  it('refuses to start without a built app', async () => {
    await expect(testApp({ webDir: join(dir, 'nope') })).rejects.toThrow(/index.html/);
  });
});

describe('API replies', () => {
  /** A signed guest call that takes `encoding`, answered as the raw bytes and headers. */
  const signedCall = (path: string, encoding: string) => {
    const time = Date.now();
    return app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        'accept-encoding': encoding,
        uuid: UUID,
        token: md5(GUEST_TOKEN) + md5(String(time) + UUID),
      },
      payload: JSON.stringify({ time }),
    });
  };

  it('compresses a large reply, and it still decodes and decrypts', async () => {
    const plain = await call(app, '/api/index/getSymbolList');
    const response = await signedCall('/api/index/getSymbolList', 'br, gzip');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    const text = brotliDecompressSync(response.rawPayload).toString();
    expect(response.rawPayload.length).toBeLessThan(text.length);
    const envelope = JSON.parse(text) as { code: number; data: string };
    expect(envelope.code).toBe(200);
    expect(decrypt(envelope.data)).toEqual(plain.data);

    const gzipped = await signedCall('/api/index/getSymbolList', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toMatchObject({ code: 200 });
  });

  it('sends a small reply as it is', async () => {
    const response = await signedCall('/api/index/getConfig', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ code: 200 });
  });
});

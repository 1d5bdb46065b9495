import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from '../test/wire.ts';
import { readAppEndpoints, SAME_ORIGIN } from './security.ts';
import { DOCUMENT_ONLY_HEADERS } from './web.ts';

let dir: string | undefined;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  app = undefined;
  dir = undefined;
});

/** A built app whose config.json says `config`, served by a fresh mock. */
async function serve(
  config: string | null,
  html = '<!doctype html><title>Bourse</title>',
  asset?: string,
): Promise<FastifyInstance> {
  dir = await mkdtemp(join(tmpdir(), 'bourse-csp-'));
  await writeFile(join(dir, 'index.html'), html);
  // The build writes compressed twins, which the server sends to browsers that take them.
  await writeFile(join(dir, 'index.html.br'), brotliCompressSync(html));
  if (asset !== undefined) {
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets', asset), 'export {};');
  }
  if (config !== null) await writeFile(join(dir, 'config.json'), config);
  app = await testApp({ webDir: dir });
  return app;
}

/** The CSP of a reply, directive by directive. */
function policy(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

const page = (server: FastifyInstance, host = '192.168.1.20:8080') =>
  server.inject({ method: 'GET', url: '/pages/login/login', headers: { host } });

describe('the security headers', () => {
  it('let a same-origin app call its API and its socket on the page host, and nothing else', async () => {
    const csp = policy(
      (await page(await serve('{"apiBase":"","wsUrl":"/ws"}'))).headers['content-security-policy'],
    );
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'ws://192.168.1.20:8080',
      'wss://192.168.1.20:8080',
    ]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // the LAN demo is plain http: nothing may push it to https
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('name the API host and socket of config.json when they are elsewhere', async () => {
    const server = await serve(
      '{"apiBase":"https://api.example.com/v2","wsUrl":"wss://feed.example.com/ws"}',
    );
    const csp = policy((await page(server)).headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
      'wss://feed.example.com',
    ]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://api.example.com']);
  });

  it('do not echo a Host header that could inject a source', async () => {
    const server = await serve(null);
    const csp = policy(
      (await page(server, 'evil.example; script-src *')).headers['content-security-policy'],
    );
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it("allow index.html's own inline splash script and style, and no other inline code", async () => {
    const script = "document.documentElement.dataset.theme = 'night';";
    const style = 'html { background: #0b0e11; }';
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const server = await serve(
      '{}',
      `<!doctype html><script>${script}</script><style>${style}</style>` +
        '<script type="module" crossorigin src="/assets/index.js"></script>',
    );
    const csp = policy((await page(server)).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", sha(script)]);
    expect(csp.get('style-src')).toEqual(["'self'", sha(style)]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    // no 'unsafe-inline' ever
    expect(String(csp.get('script-src'))).not.toContain('unsafe');
  });

  it('come on pages and API replies, and force nothing onto https', async () => {
    const server = await serve('{}');
    for (const response of [
      await page(server),
      await server.inject({
        method: 'GET',
        url: '/pages/home/home',
        headers: { 'accept-encoding': 'br' },
      }),
      await server.inject({ method: 'POST', url: '/api/index/getConfig', payload: {} }),
      await server.inject({ method: 'GET', url: '/__control/health' }),
    ]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(response.headers['cross-origin-resource-policy']).toBeUndefined();
      expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it("leave a document's headers off the app's files, which a phone fetches by the dozen", async () => {
    const server = await serve('{}', undefined, 'index-abc123.js');
    const page_ = await page(server);
    for (const response of [
      await server.inject({ method: 'GET', url: '/assets/index-abc123.js' }),
      await server.inject({ method: 'GET', url: '/config.json' }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      for (const header of DOCUMENT_ONLY_HEADERS) expect(response.headers[header]).toBeUndefined();
      const saved = JSON.stringify(response.headers).length;
      expect(JSON.stringify(page_.headers).length - saved).toBeGreaterThan(400);
    }
  });
});

describe('readAppEndpoints', () => {
  it('reads apiBase and wsUrl, and falls back as the app does', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bourse-csp-'));
    expect(readAppEndpoints(dir)).toEqual(SAME_ORIGIN);
    await writeFile(join(dir, 'config.json'), '{ not json');
    expect(readAppEndpoints(dir)).toEqual(SAME_ORIGIN);
    await writeFile(join(dir, 'config.json'), '{"apiBase":"http://10.0.0.2:9000","wsUrl":7}');
    expect(readAppEndpoints(dir)).toEqual({ apiBase: 'http://10.0.0.2:9000', wsUrl: '/ws' });
  });
});

// The compose demo checked without Docker: docker-compose validates the file, Debian's nginx checks
// the web service's configuration, and the commands the images run (the web build, the header
// snippets from the mock's CSP code, render.sh and start.sh) serve the app with nginx in front of a
// mock, through which a client signs in and hears the live feed. `npm run test:compose` does the
// same with the real images.
import { buildApp } from '@bourse/mock-server';
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDemo } from './demo-check.ts';
import { LANGUAGE_COOKIE, prerenderedFile, VIEWER_COOKIE } from '@bourse/protocol/web-pages';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const TOKEN = 'compose-check-token';
/**
 * A web build `npm test` has just made (`BOURSE_WEB_BUILT`, relative to the root): the same command
 * the web image runs, so the check copies it rather than building a second time. Run alone, the
 * check builds its own.
 */
const BUILT = process.env['BOURSE_WEB_BUILT'];

/** A port nobody listens on now (the OS picks it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that leaves the body as sent (fetch would undo the brotli we want to see). */
const rawGet = (url: string, headers: Record<string, string> = {}): Promise<Raw> =>
  new Promise((done, fail) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        done({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        });
      });
    })
      .on('error', fail)
      .end();
  });

// Never skipped: without nginx, its brotli modules or docker-compose the file fails, saying what
// to install (npm test installs them first when it runs as root).
const tools = spawnSync(process.execPath, ['scripts/ensure-deploy-tools.mjs', '--check'], {
  cwd: ROOT,
  encoding: 'utf8',
});
if (tools.status !== 0) throw new Error(tools.stderr);

let work: string;
let dist: string;
let mock: FastifyInstance;
let mockAddress: string;
const nginxes: ChildProcess[] = [];

/** start.sh as the web image runs it, with a local port, upstream, root and run directory. */
async function startNginx(name: string, controlToken: string): Promise<string> {
  const port = await freePort();
  const env = {
    ...process.env,
    NGINX_LISTEN: `127.0.0.1:${port}`,
    MOCK_UPSTREAM: mockAddress.replace('http://', ''),
    WEB_ROOT: dist,
    NGINX_SNIPPETS: join(work, 'snippets'),
    NGINX_RUN_DIR: join(work, name),
    CONTROL_TOKEN: controlToken,
  };
  const { stdout: conf } = await run('sh', [join(ROOT, 'deploy/nginx/render.sh')], { env });
  // the configuration as nginx -t reads it, brotli modules loaded
  await run('nginx', ['-t', '-q', '-e', 'stderr', '-p', join(work, name), '-c', conf.trim()]);
  const child = spawn('sh', [join(ROOT, 'deploy/nginx/start.sh')], { env, stdio: 'inherit' });
  nginxes.push(child);
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    try {
      await fetch(`${origin}/config.json`);
      return origin;
    } catch (error) {
      if (tries > 100 || child.exitCode !== null) throw error;
      await new Promise((done) => setTimeout(done, 50));
    }
  }
}

let origin: string;
let published: string;

/** `docker-compose config` with these variables (python: slow to start, so run while we build). */
const composeConfig = async (env: Record<string, string>, ...args: string[]) =>
  (
    await run('docker-compose', ['-f', join(ROOT, 'docker-compose.yml'), 'config', ...args], {
      env: { ...process.env, DEMO_PORT: '', CONTROL_TOKEN: '', ...env },
    })
  ).stdout;
let configs: Promise<[string, string, string]>;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'bourse-compose-'));
  // nginx's workers (nobody, when the check runs as root) read the build
  await chmod(work, 0o755);
  dist = join(work, 'dist');
  configs = Promise.all([
    composeConfig({}),
    composeConfig({}, '--services'),
    composeConfig({ CONTROL_TOKEN: 'abc' }),
  ]);
  // a failure is reported by the test that reads them
  configs.catch(() => undefined);
  // the web image's build: the app, then the header snippets from the mock's own CSP code
  if (BUILT === undefined || BUILT === '') {
    await run(
      'npm',
      ['run', 'build', '-w', '@bourse/web', '--', '--outDir', dist, '--emptyOutDir'],
      {
        cwd: ROOT,
      },
    );
  } else {
    await cp(resolve(ROOT, BUILT), dist, { recursive: true });
  }
  await run(
    join(ROOT, 'node_modules/.bin/tsx'),
    ['mock-server/src/write-nginx-headers.ts', dist, join(work, 'snippets')],
    { cwd: ROOT },
  );
  mock = await buildApp({
    dataDir: null,
    scenario: 'verified-trader',
    marketTickMs: 200,
    trustProxy: ['loopback'],
    controlToken: TOKEN,
  });
  mockAddress = await mock.listen({ port: 0, host: '127.0.0.1' });
  origin = await startNginx('closed', '');
  published = await startNginx('published', TOKEN);
}, 180_000);

afterAll(async () => {
  await Promise.all(
    nginxes.map(
      (child) =>
        new Promise((done) => {
          if (child.exitCode !== null) done(null);
          child.once('exit', done);
          child.kill('SIGQUIT');
        }),
    ),
  );
  await mock.close();
  await rm(work, { recursive: true, force: true });
});

describe('docker-compose.yml', () => {
  it('is valid, publishes only the web port and hands CONTROL_TOKEN to both services', async () => {
    const [plain, services, token] = await configs;
    expect(services.trim().split('\n').sort()).toEqual(['mock', 'web']);
    expect(plain.match(/published: \d+/g)).toEqual(['published: 8080']);
    expect(plain).toMatch(/mock:\n(?:(?!\n {2}\w).)*init: true/s);
    expect(plain.match(/healthcheck:/g)).toHaveLength(2);
    expect(token.match(/CONTROL_TOKEN: abc/g)).toHaveLength(2);
  });
});

describe('the web service, run outside Docker with the commands its image runs', () => {
  it('signs in with a signed, encrypted call and receives a Data24h push, both through nginx', async () => {
    const seen = await checkDemo(origin);
    expect(seen.email).toBe('verified.trader@example.com');
    expect(seen.tickers).toBeGreaterThan(0);
    const api = await rawGet(`${origin}/api/index/getConfig`);
    expect(api.headers['server']).toBe('nginx');
  });

  it('passes a deposit proof image through to the mock, with its type and caching', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const trader = mock.exchange.users.byEmail('verified.trader@example.com');
    if (!trader) throw new Error('no trader');
    mock.exchange.funds.readyDepositAccount(trader.user_id, 'bank');
    const made = mock.exchange.funds.addDeposit(trader.user_id, {
      request_id: 'compose-proof-000001',
      method: 'bank',
      amount: '100',
      currency: 'USD',
      tx_hash: '',
      proof_image: `data:image/png;base64,${png.toString('base64')}`,
      remark: '',
    });
    const image = await rawGet(`${origin}${made.proof_image}`);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(image.body.equals(png)).toBe(true);
  });

  it('serves a script as the brotli (or gzip) file the build wrote, cached for good', async () => {
    const html = await readFile(join(dist, 'index.html'), 'utf8');
    const script = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const br = await rawGet(`${origin}${script}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.equals(await readFile(join(dist, `${script}.br`)))).toBe(true);
    const gz = await rawGet(`${origin}${script}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(await readFile(join(dist, `${script}.gz`)))).toBe(true);
  });

  it('sends the same CSP and security headers as npm start, on pages and on files', async () => {
    const host = new URL(origin).host;
    const served = await buildApp({ dataDir: null, webDir: dist, marketTickMs: 0 });
    try {
      for (const path of ['/', '/pages/login/login', '/config.json']) {
        const ours = await served.inject({ method: 'GET', url: path, headers: { host } });
        const theirs = await rawGet(`${origin}${path}`);
        expect(theirs.status, path).toBe(200);
        const csp = ours.headers['content-security-policy'];
        expect(path === '/config.json' || typeof csp === 'string', path).toBe(true);
        expect(theirs.headers['content-security-policy'], path).toBe(csp);
        if (typeof csp === 'string') expect(csp).toContain(`ws://${host}`);
        for (const name of [
          'x-content-type-options',
          'referrer-policy',
          'x-frame-options',
          'origin-agent-cluster',
          'x-dns-prefetch-control',
          'x-permitted-cross-domain-policies',
          'x-xss-protection',
          'cache-control',
        ]) {
          expect(theirs.headers[name], `${path} ${name}`).toBe(ours.headers[name]);
        }
      }
    } finally {
      await served.close();
    }
  });

  it('answers a page route the build did not prerender with index.html, a missing file with 404', async () => {
    const page = await rawGet(`${origin}/pages/quotes/quotes`);
    expect(page.status).toBe(200);
    expect(page.body.toString('utf8')).toBe(await readFile(join(dist, 'index.html'), 'utf8'));
    expect((await rawGet(`${origin}/assets/missing.js`)).status).toBe(404);
    expect((await rawGet(`${origin}/missing.png`)).status).toBe(404);
  });

  it("sends a route prerendered for the viewer in the reader's language, as npm start does", async () => {
    const served = await buildApp({ dataDir: null, webDir: dist, marketTickMs: 0 });
    try {
      for (const [path, headers, language, viewer] of [
        ['/pages/login/login', { cookie: `${LANGUAGE_COOKIE}=de` }, 'de', 'guest'],
        ['/', { 'accept-language': 'sv-SE,ja;q=0.8,en;q=0.5' }, 'jp', 'guest'],
        ['/pages/register/register', { cookie: 'other=1', 'accept-language': 'ko' }, 'en', 'guest'],
        [
          '/pages/help/help',
          { cookie: `${LANGUAGE_COOKIE}=xx`, 'accept-language': 'it-IT' },
          'it',
          'guest',
        ],
        ['/pages/help/help', { cookie: `${VIEWER_COOKIE}=1; ${LANGUAGE_COOKIE}=fr` }, 'fr', 'user'],
        [
          '/pages/home/home',
          { cookie: `${VIEWER_COOKIE}=1`, 'accept-language': 'de' },
          'de',
          'user',
        ],
      ] as const) {
        const theirs = await rawGet(`${origin}${path}`, headers);
        const ours = await served.inject({ method: 'GET', url: path, headers });
        expect(theirs.status, path).toBe(200);
        const html = theirs.body.toString('utf8');
        expect(html, path).toBe(
          await readFile(join(dist, prerenderedFile(language, viewer, path)), 'utf8'),
        );
        expect(html, path).toBe(ours.body);
        expect(String(theirs.headers['vary']), path).toMatch(/Cookie/);
        expect(theirs.headers['content-security-policy'], path).toBeDefined();
      }
    } finally {
      await served.close();
    }
  });

  it('refuses the control API unless CONTROL_TOKEN is set, and then wants the token', async () => {
    expect((await rawGet(`${origin}/__control/health`)).status).toBe(403);
    expect((await rawGet(`${origin}/__control/state`)).status).toBe(403);
    expect((await rawGet(`${published}/__control/health`)).status).toBe(401);
    const health = await rawGet(`${published}/__control/health`, {
      authorization: `Bearer ${TOKEN}`,
    });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString('utf8'))).toMatchObject({ ok: true });
  });
});

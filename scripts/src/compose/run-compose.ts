// `npm run test:compose`: the compose demo for real. Starts Docker if it is not running (Debian's
// docker.io, installed when root), builds local stand-ins for the two base images from Debian
// packages when no registry gives them (debootstrap → docker import; Node 24 from the project's own
// `node` devDependency and this machine's npm), runs `docker-compose up -d --build`, waits for both
// health checks, signs in and hears Data24h through the published port, and tears it all down.
//   DEMO_PORT       the published port (default 8080)
//   DEBIAN_MIRROR   where debootstrap fetches (default http://deb.debian.org/debian)
//   KEEP_UP=1       leave the demo running after the check
import { execFileSync, spawn, spawnSync, type StdioOptions } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkDemo } from './demo-check.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const PROJECT = 'bourse-compose-check';
const port = process.env['DEMO_PORT'] || '8080';
const mirror = process.env['DEBIAN_MIRROR'] || 'http://deb.debian.org/debian';
const DEBIAN_IMAGE = 'debian:bookworm-slim';
const NODE_IMAGE = 'node:24-bookworm-slim';
const started = Date.now();

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
function step<T>(title: string, work: () => T): T {
  const at = Date.now();
  console.log(`▶ ${title}`);
  const result = work();
  console.log(`  ✓ ${title} (${seconds(at)})`);
  return result;
}
async function stepAsync<T>(title: string, work: () => Promise<T>): Promise<T> {
  const at = Date.now();
  console.log(`▶ ${title}`);
  const result = await work();
  console.log(`  ✓ ${title} (${seconds(at)})`);
  return result;
}

const sh = (command: string, args: string[], options: { input?: string; quiet?: boolean } = {}) => {
  const stdio: StdioOptions = options.quiet ? 'pipe' : ['pipe', 'inherit', 'inherit'];
  return execFileSync(command, args, {
    cwd: ROOT,
    stdio,
    encoding: 'utf8',
    ...(options.input === undefined ? {} : { input: options.input }),
    env: { ...process.env, DEMO_PORT: port },
  });
};
const succeeds = (command: string, args: string[]) =>
  spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Debian's packages this run needs, installed when we may. */
function ensurePackages(): void {
  const wanted: Record<string, () => boolean> = {
    'docker.io': () => succeeds('dockerd', ['--version']),
    'docker-compose': () => succeeds('docker-compose', ['--version']),
    debootstrap: () => succeeds('debootstrap', ['--version']),
  };
  const missing = Object.keys(wanted).filter((name) => !wanted[name]?.());
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    throw new Error(`install ${missing.join(' ')} (sudo apt-get install -y ${missing.join(' ')})`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
}

/** A running Docker engine: this one, or a dockerd started here (left running for the next run). */
async function ensureDocker(): Promise<void> {
  if (succeeds('docker', ['info'])) return;
  const log = join(tmpdir(), 'bourse-dockerd.log');
  const daemon = spawn('dockerd', [], {
    detached: true,
    stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
  });
  daemon.unref();
  for (let tries = 0; tries < 60; tries += 1) {
    if (succeeds('docker', ['info'])) return;
    await sleep(1000);
  }
  throw new Error(`dockerd did not come up; its log is ${log}`);
}

const hasImage = (name: string) => succeeds('docker', ['image', 'inspect', name]);

/** debian:bookworm-slim from `debootstrap --variant=minbase bookworm`, when no registry has it. */
function debianStandIn(): void {
  const rootfs = mkdtempSync(join(tmpdir(), 'bourse-rootfs-'));
  try {
    sh('debootstrap', ['--variant=minbase', 'bookworm', rootfs, mirror], { quiet: true });
    writeFileSync(
      join(rootfs, 'etc/apt/sources.list'),
      [
        `deb ${mirror} bookworm main`,
        `deb ${mirror} bookworm-updates main`,
        `deb ${mirror.replace(/\/debian\/?$/, '/debian-security')} bookworm-security main`,
        '',
      ].join('\n'),
    );
    rmSync(join(rootfs, 'var/cache/apt/archives'), { recursive: true, force: true });
    mkdirSync(join(rootfs, 'var/cache/apt/archives/partial'), { recursive: true });
    sh('sh', ['-c', 'tar -C "$1" -c . | docker import - "$2"', 'sh', rootfs, DEBIAN_IMAGE]);
  } finally {
    rmSync(rootfs, { recursive: true, force: true });
  }
}

/** node:24-bookworm-slim: the Debian stand-in, the project's Node 24, this machine's npm, `node`. */
function nodeStandIn(): void {
  const context = mkdtempSync(join(tmpdir(), 'bourse-node-image-'));
  try {
    cpSync(realpathSync(join(ROOT, 'node_modules/.bin/node')), join(context, 'node'));
    const npmRoot = sh('npm', ['root', '-g'], { quiet: true }).trim();
    cpSync(join(npmRoot, 'npm'), join(context, 'npm'), { recursive: true });
    // A machine whose egress re-signs TLS trusts that CA through NODE_EXTRA_CA_CERTS: so does the
    // stand-in, or npm ci could not reach the registry from inside the build.
    const extraCa = process.env['NODE_EXTRA_CA_CERTS'];
    const trust =
      extraCa && existsSync(extraCa)
        ? [
            'COPY extra-ca.crt /usr/local/share/extra-ca.crt',
            'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/extra-ca.crt',
          ]
        : [];
    if (trust.length > 0 && extraCa) cpSync(extraCa, join(context, 'extra-ca.crt'));
    writeFileSync(
      join(context, 'Dockerfile'),
      [
        `FROM ${DEBIAN_IMAGE}`,
        'COPY node /usr/local/bin/node',
        'COPY npm /usr/local/lib/node_modules/npm',
        'RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\',
        ' && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\',
        ' && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
        ...trust,
        'CMD ["node"]',
        '',
      ].join('\n'),
    );
    sh('docker', ['build', '-q', '-t', NODE_IMAGE, context]);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

const composeArgs = ['-p', PROJECT, '-f', join(ROOT, 'docker-compose.yml')];
const compose = (...args: string[]) => sh('docker-compose', [...composeArgs, ...args]);
/** A docker-compose command whose output is read, not shown. */
const composeOutput = (...args: string[]) =>
  sh('docker-compose', [...composeArgs, ...args], { quiet: true });

async function waitHealthy(): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const ids = composeOutput('ps', '-q').trim().split('\n').filter(Boolean);
    const states = ids.map((id) =>
      sh('docker', ['inspect', '-f', '{{.Name}} {{.State.Health.Status}}', id], {
        quiet: true,
      }).trim(),
    );
    if (ids.length === 2 && states.every((state) => state.endsWith(' healthy'))) return;
    if (Date.now() > deadline) throw new Error(`not healthy in 5 minutes: ${states.join(', ')}`);
    await sleep(2000);
  }
}

let failed = false;
try {
  step('Debian packages (docker.io, docker-compose, debootstrap)', ensurePackages);
  await stepAsync('a Docker engine', ensureDocker);
  if (!hasImage(DEBIAN_IMAGE)) step(`${DEBIAN_IMAGE} stand-in (debootstrap)`, debianStandIn);
  if (!hasImage(NODE_IMAGE)) step(`${NODE_IMAGE} stand-in`, nodeStandIn);
  step('docker-compose up -d --build', () => compose('up', '-d', '--build'));
  await stepAsync('both services healthy', waitHealthy);
  const origin = `http://127.0.0.1:${port}`;
  const seen = await stepAsync(`sign-in and a Data24h push through ${origin}`, () =>
    checkDemo(origin),
  );
  console.log(`  signed in as ${seen.email}; the first Data24h push had ${seen.tickers} tickers`);
  await stepAsync('the control API is not published', async () => {
    const status = (await fetch(`${origin}/__control/health`)).status;
    if (status !== 403) throw new Error(`/__control answered ${status} on the published port`);
  });
} catch (error) {
  failed = true;
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  spawnSync('docker-compose', [...composeArgs, 'logs', '--tail', '50'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
} finally {
  if (process.env['KEEP_UP'] !== '1' && succeeds('docker', ['info'])) {
    step('docker-compose down', () => compose('down', '--volumes', '--remove-orphans'));
  }
}
console.log(`${failed ? 0 : 1} passed, ${failed ? 1 : 0} failed (${seconds(started)})`);
process.exit(failed ? 1 : 0);

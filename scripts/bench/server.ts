// The server the Lighthouse and fan-out parts measure: the mock serving the built web app, as
// `npm start` does, started here as a child process on a port of the benchmark's own, or one
// already running (BENCH_URL) so the same figures can be taken of another commit's `npm start`.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebApp as buildApp } from '@bourse/web/build/build-app';

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, '../..');
const mockDir = join(repo, 'mock-server');

export interface BenchServer {
  /** http://host:port, no trailing slash */
  readonly origin: string;
  /** false when BENCH_URL named a server someone else runs */
  readonly ours: boolean;
  readonly stop: () => Promise<void>;
}

export interface MockOptions {
  readonly port: number;
  /** the built web app to serve; null serves the API and socket only */
  readonly webDir: string | null;
  /** MARKET_TICK_MS of the mock; left at its default (1 s, as `npm start`) when absent */
  readonly marketTickMs?: number;
  /** DATA_DIR of the mock (its SQLite state, durable); in memory when absent */
  readonly dataDir?: string;
}

/** BENCH_URL without its trailing slash, or undefined to start a mock of our own. */
export function benchUrl(): string | undefined {
  const value = process.env['BENCH_URL']?.trim();
  return value === undefined || value === '' ? undefined : value.replace(/\/+$/, '');
}

/** The web app as `npm run build -w @bourse/web` builds it, prerendered pages and all, into `outDir`. */
export async function buildWebApp(outDir: string): Promise<void> {
  await buildApp({ outDir, quiet: true });
}

async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the mock exited with ${String(child.exitCode)}`);
    try {
      const response = await fetch(`${origin}/__control/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(
    `the mock did not answer ${origin}/__control/health within ${String(timeoutMs)} ms`,
  );
}

/**
 * Starts the mock as `npm start` runs it (its own server.ts under tsx, on this Node), with the
 * demo scenario in memory, listening on loopback only. Stop it with `stop()`; it is also killed
 * if this process exits first.
 */
export async function startMock(options: MockOptions): Promise<BenchServer> {
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir ?? '',
    SCENARIO: 'verified-trader',
    WEB_DIR: options.webDir ?? '',
    LOG_LEVEL: 'warn',
  };
  if (options.marketTickMs === undefined) delete env['MARKET_TICK_MS'];
  else env['MARKET_TICK_MS'] = String(options.marketTickMs);
  const child = spawn(process.execPath, [tsxCli, join(mockDir, 'src', 'server.ts')], {
    cwd: mockDir,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const origin = `http://127.0.0.1:${String(options.port)}`;
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(origin, child, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, ours: true, stop };
}

/** BENCH_URL when set (left running), otherwise a mock of our own. */
export async function benchServer(options: MockOptions): Promise<BenchServer> {
  const url = benchUrl();
  if (url !== undefined) return { origin: url, ours: false, stop: () => Promise.resolve() };
  return startMock(options);
}

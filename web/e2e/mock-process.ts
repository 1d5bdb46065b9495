import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { webDir } from '../playwright.config.ts';

/** web/: the mock is started from here, as `npm start` serves the build. */
const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface MockOptions {
  readonly port: number;
  /** '' keeps the state in memory; a folder keeps it across a restart. */
  readonly dataDir: string;
  readonly scenario: string;
}

/** Fails unless nothing listens on the port: a mock left over would answer in the new one's place. */
function expectPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${String(port)} is taken (a mock left by an earlier run?): set E2E_PORT to a free range`
            : error.message,
        ),
      );
    });
    probe.listen(port, '127.0.0.1', () => {
      probe.close(() => {
        resolve();
      });
    });
  });
}

/** The real mock server, built app included, in a process of its own that a test can stop and start. */
export class MockProcess {
  private process: ChildProcess | null = null;
  private stderr = '';

  constructor(private readonly options: MockOptions) {}

  get port(): number {
    return this.options.port;
  }

  get origin(): string {
    return `http://127.0.0.1:${String(this.options.port)}`;
  }

  /** Starts it and waits until its control API answers. */
  async start(): Promise<void> {
    await expectPortFree(this.options.port);
    this.stderr = '';
    const child = spawn(
      process.execPath,
      ['../node_modules/tsx/dist/cli.mjs', '../mock-server/src/server.ts'],
      {
        cwd: WEB_ROOT,
        env: {
          ...process.env,
          PORT: String(this.options.port),
          HOST: '127.0.0.1',
          WEB_DIR: webDir,
          DATA_DIR: this.options.dataDir,
          SCENARIO: this.options.scenario,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
      // Its warnings reach the report, as Playwright's webServer passed them on.
      process.stderr.write(chunk);
    });
    this.process = child;
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) {
            throw new Error(`the mock exited (${String(child.exitCode)}): ${this.stderr}`);
          }
          try {
            return (await fetch(`${this.origin}/__control/health`)).ok;
          } catch {
            return false;
          }
        },
        { timeout: 60_000, intervals: [100, 200, 250] },
      )
      .toBe(true);
  }

  /** Stops it (SIGTERM; SIGKILL if it lingers) and waits until it has exited. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => {
        resolve();
      });
    });
    child.kill('SIGTERM');
    const lingering = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(lingering);
  }
}

// The mock a QA run uses when no --url is given: built in this process with a fresh state in
// memory, on a free port of loopback, closed at the end.
import { buildApp } from '@bourse/mock-server';

export interface RunningMock {
  readonly origin: string;
  close(): Promise<void>;
}

export interface MockOptions {
  /** the built web app to serve (for `qa open`); none by default */
  readonly webDir?: string | null;
  /** 0 picks a free port */
  readonly port?: number;
  readonly host?: string;
  /** how often the live market pushes on its own, ms; 0 (the default) only on control moves */
  readonly marketTickMs?: number;
}

export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const app = await buildApp({
    dataDir: null,
    scenario: 'empty',
    // scenarios move the market through the control API; no wall-clock ticks
    marketTickMs: options.marketTickMs ?? 0,
    // cheap password hashing: scenarios sign in and register dozens of times
    passwordCost: 1024,
    webDir: options.webDir ?? null,
  });
  const origin = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  return { origin, close: () => app.close() };
}

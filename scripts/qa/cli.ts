// `npm run qa -- list | run <name…> | run --all | open <name>` [--url <mock>] [--json]
//
// Without --url a mock is started in this process on a free port with a fresh state in memory
// and stopped at the end (`open` keeps it running, serving the built web app, until Ctrl-C).
import { ControlClient } from '@bourse/mock-server/control-client';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startMock, type RunningMock } from './mock.ts';
import { runAll, runScenario, type QaEvent } from './runner.ts';
import type { Scenario } from './scenario.ts';
import { SCENARIOS } from './scenarios/index.ts';

export const USAGE = `usage: npm run qa -- <command> [options]

commands:
  list                 every scenario, with what it reaches
  run <name…>          run the named scenarios
  run --all            run every scenario
  open <name>          set a scenario up and print a single-use link that opens the app signed in

options:
  --url <origin>       a running mock to use (default: start one here, fresh, on a free port)
  --json               one JSON object per line, for machines
  --port <n>           open without --url: the port of the mock it starts (default: a free one)
  -h, --help           this text`;

export interface Io {
  /** writes one line to standard output */
  readonly out: (line: string) => void;
  /** writes one line to standard error */
  readonly err: (line: string) => void;
}

export interface CliOptions {
  readonly scenarios?: readonly Scenario[];
  /** the built web app `open` serves when it starts its own mock */
  readonly webDir?: string;
  /** `open` with its own mock: resolves when the mock should stop (Ctrl-C by default) */
  readonly untilStopped?: () => Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIR = resolve(here, '../../web/dist');

/** Text for people: each step as it ends, and the run's one summary line. */
function textReporter(io: Io): (event: QaEvent) => void {
  return (event) => {
    switch (event.type) {
      case 'scenario':
        io.out(`▶ ${event.name}: ${event.summary}`);
        return;
      case 'step':
        io.out(
          `  ${event.ok ? '✓' : '✗'} ${event.title} (${String(event.ms)} ms)` +
            (event.error === undefined ? '' : `\n      ${event.error}`),
        );
        return;
      case 'result':
        if (event.error !== undefined) io.out(`  ✗ ${event.error}`);
        return;
      case 'summary':
        io.out(`${String(event.passed)} passed, ${String(event.failed)} failed`);
        return;
    }
  };
}

const jsonReporter =
  (io: Io) =>
  (event: QaEvent): void => {
    io.out(JSON.stringify(event));
  };

/** Runs the CLI on `args` and answers its exit code. */
export async function main(
  args: readonly string[],
  io: Io,
  options: CliOptions = {},
): Promise<number> {
  const registry = options.scenarios ?? SCENARIOS;
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        json: { type: 'boolean', default: false },
        all: { type: 'boolean', default: false },
        port: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...names] = positionals;
  if (values.help || command === undefined) {
    (values.help ? io.out : io.err)(USAGE);
    return values.help ? 0 : 2;
  }
  const byName = new Map(registry.map((scenario) => [scenario.name, scenario]));
  const unknown = names.filter((name) => !byName.has(name));
  if (unknown.length > 0) {
    io.err(`unknown scenario ${unknown.join(', ')}; \`npm run qa -- list\` names them all`);
    return 2;
  }
  const picked = names.map((name) => byName.get(name)).filter((s) => s !== undefined);

  switch (command) {
    case 'list':
      return list(registry, values.json, io);
    case 'run': {
      if (values.all === picked.length > 0) {
        io.err('run takes scenario names or --all (one of them)');
        return 2;
      }
      return run(values.all ? registry : picked, values.url, values.json, io);
    }
    case 'open': {
      const [scenario] = picked;
      if (scenario === undefined || picked.length > 1) {
        io.err('open takes one scenario name');
        return 2;
      }
      const port = values.port === undefined ? 0 : Number(values.port);
      if (!Number.isInteger(port) || port < 0 || port > 65_535) {
        io.err(`--port must be a port number, got ${values.port ?? ''}`);
        return 2;
      }
      return open(scenario, { url: values.url, json: values.json, port, io, options });
    }
    default:
      io.err(`unknown command ${command}\n\n${USAGE}`);
      return 2;
  }
}

function list(registry: readonly Scenario[], json: boolean, io: Io): number {
  if (json) {
    io.out(JSON.stringify(registry.map(({ name, summary }) => ({ name, summary }))));
    return 0;
  }
  const width = Math.max(...registry.map((scenario) => scenario.name.length));
  for (const scenario of registry) io.out(`${scenario.name.padEnd(width)}  ${scenario.summary}`);
  return 0;
}

/** The mock at `url`, or one started here; answers the origin and how to stop it. */
async function mockFor(url: string | undefined, start: () => Promise<RunningMock>) {
  if (url !== undefined) {
    const origin = url.replace(/\/+$/, '');
    await new ControlClient(origin).health();
    return { origin, close: () => Promise.resolve(), ours: false };
  }
  return { ...(await start()), ours: true };
}

async function run(
  scenarios: readonly Scenario[],
  url: string | undefined,
  json: boolean,
  io: Io,
): Promise<number> {
  let mock;
  try {
    mock = await mockFor(url, () => startMock());
  } catch (error) {
    io.err(`no mock to run against: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    const results = await runAll(
      scenarios,
      mock.origin,
      json ? jsonReporter(io) : textReporter(io),
    );
    return results.every((result) => result.ok) ? 0 : 1;
  } finally {
    await mock.close();
  }
}

async function open(
  scenario: Scenario,
  settings: { url: string | undefined; json: boolean; port: number; io: Io; options: CliOptions },
): Promise<number> {
  const { io, json } = settings;
  const webDir = settings.options.webDir ?? DEFAULT_WEB_DIR;
  if (settings.url === undefined && !existsSync(join(webDir, 'index.html'))) {
    io.err(`no built web app in ${webDir}: run \`npm run build\` first (or pass --url)`);
    return 1;
  }
  let mock;
  try {
    mock = await mockFor(
      settings.url, // the app a tester opens shows a live market, as `npm start` does
      () => startMock({ webDir, port: settings.port, marketTickMs: 1000 }),
    );
  } catch (error) {
    io.err(`no mock to open on: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    const result = await runScenario(
      scenario,
      mock.origin,
      json ? jsonReporter(io) : textReporter(io),
    );
    if (!result.ok || result.reached === undefined) return 1;
    const link = await new ControlClient(mock.origin).signInLink({ email: result.reached.email });
    const url = `${mock.origin}${link.path}`;
    const minutes = Math.round((link.expires_at - Date.now()) / 60_000);
    if (json) {
      io.out(JSON.stringify({ type: 'link', url, email: result.reached.email, ...link }));
    } else {
      io.out(`Open this link to use the app as ${result.reached.email}:`);
      io.out(`  ${url}`);
      io.out(`It works once and expires in ${String(minutes)} minutes.`);
    }
    if (mock.ours) {
      if (!json) io.out(`The mock runs at ${mock.origin} until you press Ctrl-C.`);
      await (settings.options.untilStopped ?? untilSignal)();
    }
    return 0;
  } finally {
    await mock.close();
  }
}

const untilSignal = (): Promise<void> =>
  new Promise((resolve) => {
    process.once('SIGINT', () => {
      resolve();
    });
    process.once('SIGTERM', () => {
      resolve();
    });
  });

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const io: Io = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  };
  process.exitCode = await main(process.argv.slice(2), io);
}

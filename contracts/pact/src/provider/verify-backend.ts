/**
 * `npm run verify:backend -- --url <api base> [options]`: replays the committed pact's HTTP
 * interactions against any backend (re-signed, replies decrypted: verify.ts) and prints a table
 * of what holds, what drifts (the field and what differed, in the Pact verifier's words) and
 * what needs a provider state the backend could not be put into. Exits 1 on any drift (with
 * `--strict`, on anything left unverified too); `--only` limits the run's report to some
 * interactions, `--junit <file>` writes it as JUnit XML for a CI, and `--publish` verifies the
 * pact a Pact Broker holds and publishes the result back to it (broker/verification-results.ts).
 *
 * The Pact core prints its own long report on the process's standard output, which the table
 * (and `--json`) must not be mixed with: the verification runs in a child process whose output
 * is dropped (`--verbose` sends it to standard error), and hands its report back over IPC.
 */
import { fork } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { CIPHER_MODES } from '@bourse/protocol';
import { readBrokerSettings, type BrokerSettings } from '../broker/publish.ts';
import {
  fetchBrokerPact,
  latestPactUrl,
  publishVerificationResult,
  type ProviderVersion,
} from '../broker/verification-results.ts';
import { PACT_FILE, PROVIDER } from '../pact.ts';
import { exitCodeOf, junitReport, onlyMatching } from './report-formats.ts';
import { withScreens } from './screens.ts';
import { checkRemote, readSettings, type BackendReport, type RemoteSettings } from './verify.ts';

export { exitCodeOf } from './report-formats.ts';

const USAGE = `usage: npm run verify:backend -- --url <api base> [--key <payload key>] [--iv <iv>]
  [--mode ${CIPHER_MODES.join('|')}] [--default-token <guest token>] [--header-uuid <name>]
  [--header-token <name>] [--header-language <name>] [--states <state-change url>]
  [--account <e-mail> --password <password> [--account2 <e-mail> --password2 <password>]
   [--socket <ws url>]]
  [--pact <file or url>] [--only <text>] [--junit <file>] [--strict] [--json] [--verbose]
  [--publish --provider-version <version> [--provider-branch <branch>] [--build-url <url>]]`;

const OPTIONS = {
  url: { type: 'string' },
  key: { type: 'string' },
  iv: { type: 'string' },
  mode: { type: 'string' },
  'default-token': { type: 'string' },
  'header-uuid': { type: 'string' },
  'header-token': { type: 'string' },
  'header-language': { type: 'string' },
  states: { type: 'string' },
  account: { type: 'string' },
  password: { type: 'string' },
  account2: { type: 'string' },
  password2: { type: 'string' },
  socket: { type: 'string' },
  pact: { type: 'string' },
  only: { type: 'string' },
  junit: { type: 'string' },
  strict: { type: 'boolean' },
  publish: { type: 'boolean' },
  'provider-version': { type: 'string' },
  'provider-branch': { type: 'string' },
  'build-url': { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

export interface BackendCommand {
  readonly settings: RemoteSettings;
  readonly json: boolean;
  readonly verbose: boolean;
  /** report and judge only the interactions whose description or path contains this */
  readonly only?: string;
  /** write a JUnit XML report here as well */
  readonly junit?: string;
  /** exit 1 when anything is left unverified, not only on a drift */
  readonly strict: boolean;
  /** verify the broker's pact (`pactUrl`) and publish the result there as this version */
  readonly publish?: {
    readonly broker: BrokerSettings & { readonly baseUrl: string };
    readonly pactUrl: string;
    readonly provider: ProviderVersion;
  };
}

/**
 * `--publish` and what goes with it, checked: a broker (PACT_BROKER_BASE_URL, its credentials
 * as publish:pacts reads them), a provider version, the whole pact (not `--only`), and the pact
 * taken from that broker (`--pact` one of its URLs; default its latest bourse-web pact).
 */
function publishOf(
  values: {
    readonly publish?: boolean;
    readonly pact?: string;
    readonly only?: string;
    readonly 'provider-version'?: string;
    readonly 'provider-branch'?: string;
    readonly 'build-url'?: string;
  },
  env: NodeJS.ProcessEnv,
): BackendCommand['publish'] {
  const { 'provider-version': version, 'provider-branch': branch, 'build-url': buildUrl } = values;
  if (values.publish !== true) {
    if (version !== undefined || branch !== undefined || buildUrl !== undefined) {
      throw new Error(`--provider-version, --provider-branch and --build-url go with --publish`);
    }
    return undefined;
  }
  const broker = readBrokerSettings(env);
  const { baseUrl } = broker;
  if (baseUrl === undefined) throw new Error('--publish needs PACT_BROKER_BASE_URL (the broker)');
  if (!version) throw new Error('--publish needs --provider-version (what was verified)');
  if (values.only !== undefined) {
    throw new Error('--publish publishes a verification of the whole pact: not with --only');
  }
  const pactUrl = values.pact ?? latestPactUrl(baseUrl);
  if (!pactUrl.startsWith(`${baseUrl}/`)) {
    throw new Error(`--publish verifies a pact the broker holds: --pact must be under ${baseUrl}/`);
  }
  return {
    broker: { ...broker, baseUrl },
    pactUrl,
    provider: {
      version,
      ...(branch ? { branch } : {}),
      ...(buildUrl ? { buildUrl } : {}),
    },
  };
}

/** The command line as settings: the same names verify.ts reads from the environment. */
export function parseCommand(
  argv: readonly string[],
  /** where the broker's settings are read, for `--publish` */
  brokerEnv: NodeJS.ProcessEnv = process.env,
): BackendCommand {
  const { values } = parseArgs({ args: [...argv], options: OPTIONS, strict: true });
  if (values.help === true) throw new Error(USAGE);
  if (values.url === undefined) throw new Error(`--url is required\n${USAGE}`);
  const env: Record<string, string> = { PROVIDER_BASE_URL: values.url, PACT_FILE };
  const map: [string | undefined, string][] = [
    [values.key, 'PAYLOAD_KEY'],
    [values.iv, 'PAYLOAD_IV'],
    [values.mode?.toUpperCase(), 'CIPHER_MODE'],
    [values['default-token'], 'DEFAULT_TOKEN'],
    [values['header-uuid'], 'HEADER_UUID'],
    [values['header-token'], 'HEADER_TOKEN'],
    [values['header-language'], 'HEADER_LANGUAGE'],
    [values.states, 'PROVIDER_STATES_URL'],
    [values.account, 'TEST_ACCOUNT'],
    [values.password, 'TEST_PASSWORD'],
    [values.account2, 'TEST_ACCOUNT2'],
    [values.password2, 'TEST_PASSWORD2'],
    [values.socket, 'SOCKET_URL'],
    [values.pact, 'PACT_FILE'],
  ];
  for (const [value, name] of map) if (value !== undefined) env[name] = value;
  if (process.env['PACT_LOG_LEVEL']) env['PACT_LOG_LEVEL'] = process.env['PACT_LOG_LEVEL'];
  const publish = publishOf(values, brokerEnv);
  return {
    settings: readSettings(env),
    ...(publish === undefined ? {} : { publish }),
    json: values.json === true,
    verbose: values.verbose === true,
    strict: values.strict === true,
    ...(values.only === undefined ? {} : { only: values.only }),
    ...(values.junit === undefined ? {} : { junit: values.junit }),
  };
}

const VERDICT = { holds: 'holds', drifts: 'DRIFTS', 'needs-state': 'needs state' } as const;

const clip = (text: string, width: number) =>
  text.length <= width ? text : `${text.slice(0, width - 1)}…`;

/** The report as a table a person reads: one row per interaction, one more per extra mismatch. */
export function formatReport(report: BackendReport): string {
  const rows: [string, string, string, string][] = [];
  for (const one of report.interactions) {
    const name = `${one.description} (${one.path})`;
    if (one.verdict === 'needs-state') {
      const states = one.states.filter(Boolean).join(' + ');
      rows.push([name, VERDICT[one.verdict], '', `needs state: ${states} (${one.reason ?? ''})`]);
      continue;
    }
    if (one.mismatches.length === 0) {
      rows.push([name, VERDICT[one.verdict], '', '']);
      continue;
    }
    one.mismatches.forEach((mismatch, index) => {
      rows.push([
        index === 0 ? name : '',
        index === 0 ? VERDICT[one.verdict] : '',
        mismatch.field,
        clip(mismatch.differed.replace(/\s+/g, ' '), 160),
      ]);
    });
    if (one.screens !== undefined) {
      rows.push(['', '', '', `screens: ${one.screens.join(', ') || '(none found in the web)'}`]);
    }
  }
  const header: [string, string, string, string] = [
    'interaction',
    'result',
    'field',
    'what differed',
  ];
  const widths = [0, 1, 2].map((column) =>
    Math.min(80, Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length))),
  );
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) =>
        column < 3 ? clip(cell, widths[column] ?? 0).padEnd(widths[column] ?? 0) : cell,
      )
      .join('  ')
      .trimEnd();
  const { holds, drifts, needsState } = report.counts;
  return [
    `Pact verification of ${report.backend}`,
    '',
    line(header),
    line(widths.map((width) => '-'.repeat(width)).concat('-------------')),
    ...rows.map(line),
    '',
    `${holds} hold, ${drifts} drift, ${needsState} need a provider state` +
      (report.pushesNotReplayed > 0
        ? `; ${report.pushesNotReplayed} socket pushes are not replayed over HTTP`
        : ''),
  ].join('\n');
}

/** Runs checkRemote in a child process (see the top of this file) and answers its report. */
function checkInChild(command: BackendCommand): Promise<BackendReport> {
  return new Promise((resolve, reject) => {
    // The Pact core reads PACT_BROKER_BASE_URL (and its credentials, and
    // PACT_BROKER_PUBLISH_VERIFICATION_RESULTS) itself and would then verify the broker's pacts
    // too, beside the file it is handed: the child gets none of them.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('PACT_BROKER_')),
    );
    const child = fork(import.meta.filename, [], {
      env: { ...env, BOURSE_VERIFY_BACKEND_CHILD: '1' },
      // http-proxy (inside the Pact verifier) uses util._extend: not the user's concern
      execArgv: [...process.execArgv, '--disable-warning=DEP0060'],
      stdio: ['ignore', command.verbose ? process.stderr : 'ignore', 'inherit', 'ipc'],
    });
    let report: BackendReport | undefined;
    let failure: string | undefined;
    child.on('message', (message: { report?: BackendReport; error?: string }) => {
      report = message.report;
      failure = message.error;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (report !== undefined) resolve(report);
      else reject(new Error(failure ?? `the verification stopped (exit ${String(code)})`));
    });
    child.send({ settings: command.settings });
  });
}

async function main(argv: readonly string[]): Promise<number> {
  let command: BackendCommand;
  try {
    command = parseCommand(argv);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 2;
  }
  const { publish } = command;
  const pact =
    publish === undefined ? undefined : await fetchBrokerPact(publish.pactUrl, publish.broker);
  try {
    const startedAt = new Date();
    const settings =
      pact === undefined ? command.settings : { ...command.settings, pactFile: pact.path };
    const whole = withScreens(await checkInChild({ ...command, settings }));
    const seconds = (Date.now() - startedAt.getTime()) / 1000;
    const report = command.only === undefined ? whole : onlyMatching(whole, command.only);
    if (command.junit !== undefined) {
      const run = { startedAt, seconds, hostname: hostname() };
      await writeFile(command.junit, junitReport(report, run), 'utf8');
    }
    console.log(command.json ? JSON.stringify(report, null, 2) : formatReport(report));
    const code = exitCodeOf(report, { strict: command.strict });
    if (publish !== undefined && pact !== undefined) {
      // the result published is the command's own verdict: success exactly when it exits 0
      await publishVerificationResult({
        settings: publish.broker,
        publishUrl: pact.publishUrl,
        report,
        success: code === 0,
        provider: publish.provider,
      });
      console.error(
        `Published ${code === 0 ? 'success' : 'failure'} for ${publish.pactUrl} as ${PROVIDER} ` +
          `${publish.provider.version}${publish.provider.branch === undefined ? '' : ` on branch ${publish.provider.branch}`}.`,
      );
    }
    return code;
  } finally {
    await pact?.dispose();
  }
}

const isMain = process.argv[1] !== undefined && import.meta.filename === process.argv[1];
if (isMain && process.env['BOURSE_VERIFY_BACKEND_CHILD'] === '1') {
  process.once('message', (message: { settings: RemoteSettings }) => {
    checkRemote(message.settings, {
      warn: (text) => {
        console.error(text);
      },
    }).then(
      (report) => process.send?.({ report }, () => process.exit(0)),
      (error: unknown) =>
        process.send?.({ error: error instanceof Error ? error.message : String(error) }, () =>
          process.exit(2),
        ),
    );
  });
} else if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 2;
    },
  );
}

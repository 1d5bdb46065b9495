/**
 * `npm run publish:pacts`: publishes the committed pact to a Pact Broker with the consumer
 * version from git, then asks the broker's can-i-deploy whether that version may go to an
 * environment; the answer is the exit code. Only the Broker's documented HTTP API is used
 * (`POST /contracts/publish`, `GET /can-i-deploy`), so nothing needs downloading (no Ruby
 * standalone). Without PACT_BROKER_BASE_URL it says what it would publish and exits 0.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { CONSUMER, PACT_FILE, PROVIDER } from '../pact.ts';

export interface GitVersion {
  /** the commit's full sha */
  readonly version: string;
  /** the branch, when HEAD is on one */
  readonly branch: string | undefined;
}

export interface BrokerSettings {
  readonly baseUrl: string | undefined;
  /** the Authorization header, from PACT_BROKER_TOKEN or PACT_BROKER_USERNAME/PASSWORD */
  readonly authorization: string | undefined;
  /** the environment can-i-deploy asks about */
  readonly environment: string;
  readonly pactFile: string;
}

/** Reads the broker's settings; throws with the variable's name when one is incomplete. */
export function readBrokerSettings(env: NodeJS.ProcessEnv = process.env): BrokerSettings {
  const token = env['PACT_BROKER_TOKEN'];
  const username = env['PACT_BROKER_USERNAME'];
  const password = env['PACT_BROKER_PASSWORD'];
  if ((username === undefined) !== (password === undefined)) {
    throw new Error('PACT_BROKER_USERNAME and PACT_BROKER_PASSWORD go together');
  }
  const authorization = token
    ? `Bearer ${token}`
    : username !== undefined && password !== undefined
      ? `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
      : undefined;
  return {
    baseUrl: env['PACT_BROKER_BASE_URL']?.replace(/\/+$/, '') || undefined,
    authorization,
    environment: env['PACT_BROKER_ENVIRONMENT'] || 'production',
    pactFile: env['PACT_FILE'] || PACT_FILE,
  };
}

const git = (...args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/**
 * The consumer version: the commit's sha and its branch (PACT_CONSUMER_VERSION and
 * PACT_CONSUMER_BRANCH override them, e.g. on a CI runner with a detached HEAD).
 */
export function gitVersion(env: NodeJS.ProcessEnv = process.env): GitVersion {
  const version = env['PACT_CONSUMER_VERSION'] || git('rev-parse', 'HEAD');
  const branch = env['PACT_CONSUMER_BRANCH'] || git('rev-parse', '--abbrev-ref', 'HEAD');
  return { version, branch: branch === 'HEAD' || branch === '' ? undefined : branch };
}

export interface PublishOptions {
  readonly settings: BrokerSettings;
  readonly git: GitVersion;
  readonly print?: (line: string) => void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Publishes, then asks can-i-deploy; answers the exit code (0 deployable, 1 not or failed). */
export async function publishPacts(options: PublishOptions): Promise<number> {
  const { settings, git: consumer } = options;
  const print =
    options.print ??
    ((line: string) => {
      console.log(line);
    });
  const what = `${settings.pactFile} as ${CONSUMER} version ${consumer.version}${
    consumer.branch === undefined ? ' (no branch)' : ` on branch ${consumer.branch}`
  } (provider ${PROVIDER})`;
  if (settings.baseUrl === undefined) {
    print(`PACT_BROKER_BASE_URL is not set: nothing published.`);
    print(`Would publish ${what},`);
    print(`then ask can-i-deploy whether it may go to ${settings.environment}.`);
    return 0;
  }
  const headers: Record<string, string> = {
    accept: 'application/hal+json, application/json',
    ...(settings.authorization === undefined ? {} : { authorization: settings.authorization }),
  };
  const pact = await readFile(settings.pactFile);
  const published = await fetch(`${settings.baseUrl}/contracts/publish`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      pacticipantName: CONSUMER,
      pacticipantVersionNumber: consumer.version,
      ...(consumer.branch === undefined ? {} : { branch: consumer.branch }),
      contracts: [
        {
          consumerName: CONSUMER,
          providerName: PROVIDER,
          specification: 'pact',
          contentType: 'application/json',
          content: pact.toString('base64'),
        },
      ],
    }),
  });
  if (!published.ok) {
    print(`The broker refused the pact: HTTP ${published.status} ${await published.text()}`);
    return 1;
  }
  print(`Published ${what} to ${settings.baseUrl}.`);

  const query = new URLSearchParams({
    pacticipant: CONSUMER,
    version: consumer.version,
    environment: settings.environment,
  });
  const answer = await fetch(`${settings.baseUrl}/can-i-deploy?${query.toString()}`, { headers });
  const body: unknown = await answer.json().catch(() => null);
  const summary = isRecord(body) && isRecord(body['summary']) ? body['summary'] : {};
  const reason = typeof summary['reason'] === 'string' ? summary['reason'] : '';
  if (answer.ok && summary['deployable'] === true) {
    print(`can-i-deploy to ${settings.environment}: yes. ${reason}`.trim());
    return 0;
  }
  print(
    answer.ok
      ? `can-i-deploy to ${settings.environment}: no. ${reason}`.trim()
      : `can-i-deploy failed: HTTP ${answer.status}`,
  );
  return 1;
}

const isMain = process.argv[1] !== undefined && import.meta.filename === process.argv[1];
if (isMain) {
  Promise.resolve()
    .then(() => publishPacts({ settings: readBrokerSettings(), git: gitVersion() }))
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exitCode = 2;
      },
    );
}

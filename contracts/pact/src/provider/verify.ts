/**
 * Verifies the pact against any running backend:
 *
 *   PROVIDER_BASE_URL=https://api.example.com PAYLOAD_KEY=… PAYLOAD_IV=… \
 *   PROVIDER_STATES_URL=https://api.example.com/__pact/states \
 *     npm run verify -w @bourse/pact
 *
 * The verifier replays each call through the decrypting proxy, which forwards it to the backend
 * and decrypts the `data` of the reply, so the pact (recorded in the clear) applies as it is.
 * Every call is re-signed with the current time. Provider states are POSTed to
 * PROVIDER_STATES_URL as `{ state, params, action }` (the body Pact's own state-change calls
 * carry); the backend's test hook sets them up. contracts/pact/README.md lists every variable.
 */
import {
  CIPHER_MODES,
  DEFAULT_CIPHER,
  DEFAULT_TOKEN,
  HEADER_NAME_PATTERN,
  HEADERS,
  type CipherMode,
  type HeaderNames,
  type WireSettings,
} from '@bourse/protocol';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createNodeCodec } from '@bourse/protocol/codec/node';
import { PACT_FILE } from '../pact.ts';
import { accountMessageProviders, PUSH_REACH, socketOf } from './account-pushes.ts';
import {
  accountStates,
  isStateName,
  reachedByAccounts,
  STATE_REACH,
  standsIn,
  withPersona,
  type TestAccounts,
} from './account-states.ts';
import { startDecryptingProxy } from './decrypting-proxy.ts';
import { schemaMessageProviders } from './messages.ts';
import { resignRequests } from './resign.ts';
import {
  readPact,
  runVerification,
  verifyPact,
  writeFilteredPact,
  type LogLevel,
  type PactSummary,
  type StateFunc,
  type StateHandlers,
  type VerifierMismatch,
} from './verification.ts';

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error'] as const;

export interface RemoteSettings {
  readonly providerBaseUrl: string;
  readonly wire: WireSettings;
  /** the backend's header names (language, uuid, token); default the protocol's */
  readonly headers: HeaderNames;
  readonly statesUrl: string | undefined;
  /**
   * Test accounts the verifier sets states up with by a user's own calls (account-states.ts),
   * where no state hook is given
   */
  readonly accounts?: TestAccounts;
  /** the backend's socket, for the pushes checked with test accounts; default its /ws */
  readonly socket?: string;
  readonly pactFile: string;
  readonly logLevel: LogLevel;
}

/** Reads the environment; throws with the variable's name when one is missing or wrong. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): RemoteSettings {
  const providerBaseUrl = env['PROVIDER_BASE_URL'];
  if (!providerBaseUrl) throw new Error('PROVIDER_BASE_URL is required (the backend to verify)');
  const mode = env['CIPHER_MODE'] ?? DEFAULT_CIPHER.mode;
  if (!(CIPHER_MODES as readonly string[]).includes(mode)) {
    throw new Error(`CIPHER_MODE must be one of ${CIPHER_MODES.join(', ')}`);
  }
  const logLevel = env['PACT_LOG_LEVEL'] ?? 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new Error(`PACT_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const header = (variable: string, fallback: string): string => {
    const name = env[variable] || fallback;
    if (!HEADER_NAME_PATTERN.test(name)) throw new Error(`${variable} must be an HTTP header name`);
    return name;
  };
  const account = (email: string, password: string): { email: string; password: string } | null => {
    const [address, secret] = [env[email], env[password]];
    if (!address && !secret) return null;
    if (!address || !secret) throw new Error(`${email} and ${password} go together`);
    return { email: address, password: secret };
  };
  const main = account('TEST_ACCOUNT', 'TEST_PASSWORD');
  const second = account('TEST_ACCOUNT2', 'TEST_PASSWORD2');
  if (second !== null && main === null) throw new Error('TEST_ACCOUNT2 needs TEST_ACCOUNT');
  const socket = env['SOCKET_URL'];
  if (socket !== undefined && !/^wss?:\/\//.test(socket)) {
    throw new Error('SOCKET_URL must be a ws:// or wss:// URL');
  }
  return {
    ...(main === null ? {} : { accounts: second === null ? { main } : { main, second } }),
    ...(socket === undefined ? {} : { socket }),
    providerBaseUrl,
    headers: {
      language: header('HEADER_LANGUAGE', HEADERS.language),
      uuid: header('HEADER_UUID', HEADERS.uuid),
      token: header('HEADER_TOKEN', HEADERS.token),
    },
    wire: {
      cipher: {
        mode: mode as CipherMode,
        key: env['PAYLOAD_KEY'] ?? DEFAULT_CIPHER.key,
        iv: env['PAYLOAD_IV'] ?? DEFAULT_CIPHER.iv,
      },
      defaultToken: env['DEFAULT_TOKEN'] ?? DEFAULT_TOKEN,
    },
    statesUrl: env['PROVIDER_STATES_URL'] || undefined,
    pactFile: env['PACT_FILE'] ?? PACT_FILE,
    logLevel: logLevel as LogLevel,
  };
}

/**
 * A handler for each state the pact names, POSTing `{ state, params, action }` to the backend's
 * state hook. Without a hook, the states are skipped with a warning: the interactions that need
 * one will then fail, which is the honest answer.
 */
export function forwardStates(
  names: readonly string[],
  statesUrl: string | undefined,
  /** told of a state the hook would not set up (the verifier itself only logs it) */
  onFailure?: (state: string, reason: string) => void,
) {
  const handlers: StateHandlers = {};
  let warned = false;
  const post = async (state: string, params: unknown, action: 'setup' | 'teardown') => {
    if (statesUrl === undefined) {
      if (!warned && state !== '') {
        console.warn('PROVIDER_STATES_URL is not set: provider states are not set up');
        warned = true;
      }
      return;
    }
    const response = await fetch(statesUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state, params: params ?? {}, action }),
    });
    if (!response.ok) throw new Error(`state "${state}" ${action}: HTTP ${response.status}`);
    // a hook may answer the values the request takes from the state (fromProviderState)
    const answer: unknown = await response.json().catch(() => undefined);
    return action === 'setup' && isJsonMap(answer) ? answer : undefined;
  };
  const send = async (state: string, params: unknown, action: 'setup' | 'teardown') => {
    try {
      return await post(state, params, action);
    } catch (error) {
      onFailure?.(state, error instanceof Error ? error.message : String(error));
      throw error;
    }
  };
  for (const name of ['', ...names]) {
    handlers[name] = {
      setup: (params) => send(name, params, 'setup'),
      teardown: (params) => send(name, params, 'teardown'),
    };
  }
  return handlers;
}

/** A JSON object: what a state's setup may answer (parsed from JSON, so JSON all through). */
type JsonMap = Exclude<Awaited<ReturnType<StateFunc>>, void>;
const isJsonMap = (value: unknown): value is JsonMap =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The handlers, each telling `onFailure` of a setup that failed before the verifier hears. */
function reportingFailures(
  handlers: StateHandlers,
  onFailure: (state: string, reason: string) => void,
): StateHandlers {
  const reporting: StateHandlers = {};
  for (const [name, handler] of Object.entries(handlers)) {
    const { setup, teardown } = typeof handler === 'function' ? { setup: handler } : handler;
    reporting[name] = {
      setup: async (params) => {
        try {
          return await setup?.(params);
        } catch (error) {
          onFailure(name, error instanceof Error ? error.message : String(error));
          throw error;
        }
      },
      ...(teardown === undefined ? {} : { teardown }),
    };
  }
  return reporting;
}

export async function verifyRemote(
  settings: RemoteSettings,
  options: { readonly warn?: (message: string) => void } = {},
): Promise<string> {
  const proxy = await startDecryptingProxy({
    target: settings.providerBaseUrl,
    codec: createNodeCodec(settings.wire),
    ...(options.warn === undefined ? {} : { warn: options.warn }),
  });
  try {
    const { states } = await readPact(settings.pactFile);
    return await verifyPact({
      providerBaseUrl: proxy.url,
      pactUrls: [settings.pactFile],
      stateHandlers: forwardStates(states, settings.statesUrl),
      messageProviders: schemaMessageProviders(),
      requestFilter: resignRequests({
        guestToken: settings.wire.defaultToken,
        headers: settings.headers,
      }),
      logLevel: settings.logLevel,
    });
  } finally {
    await proxy.close();
  }
}

/** How one interaction fared against the backend. */
export interface InteractionVerdict {
  readonly description: string;
  /** the endpoint it calls */
  readonly path: string;
  readonly states: readonly string[];
  /**
   * holds: the reply matched; drifts: it did not (see mismatches); needs-state: it needs a
   * provider state the backend could not be put into, so it was not counted either way
   */
  readonly verdict: 'holds' | 'drifts' | 'needs-state';
  readonly mismatches: readonly VerifierMismatch[];
  /** for needs-state: why (no state hook, or what the hook answered) */
  readonly reason?: string;
  /** for drifts: the web's screens that read the endpoint (screens.ts), in route-table order */
  readonly screens?: readonly string[];
}

export interface BackendReport {
  readonly backend: string;
  readonly interactions: readonly InteractionVerdict[];
  /** socket pushes in the pact: they cannot be replayed over HTTP */
  readonly pushesNotReplayed: number;
  readonly counts: { readonly holds: number; readonly drifts: number; readonly needsState: number };
}

/** How long a state set up by the test accounts waits for the backend to reach it. */
const STATE_WAIT_MS = 90_000;

/** The `path` of a socket push's row in the report. */
export const PUSH_PATH = '(socket push)';

const realStates = (states: readonly string[]) => states.filter((state) => state !== '');

/** Why an interaction's states are not reached by the test accounts: those that need a hook. */
const unreached = (interaction: PactSummary['interactions'][number]): string =>
  realStates(interaction.states)
    .filter((state) => !isStateName(state) || STATE_REACH[state].by === 'hook')
    .join(', ');

/**
 * Replays the pact's HTTP interactions against the backend and answers, per interaction,
 * whether it holds, drifts (with the verifier's mismatches) or needs a provider state. Without
 * a state hook, interactions that need a state are not replayed; with one, an interaction
 * whose state the hook refused is listed as needing it, not as a drift.
 */
export async function checkRemote(
  settings: RemoteSettings,
  options: { readonly warn?: (message: string) => void } = {},
): Promise<BackendReport> {
  const pact = await readPact(settings.pactFile);
  const http = pact.interactions.filter((interaction) => interaction.type.includes('HTTP'));
  const { accounts } = settings;
  const byAccounts = settings.statesUrl === undefined ? accounts : undefined;
  const reachable = (interaction: PactSummary['interactions'][number]) =>
    settings.statesUrl !== undefined ||
    realStates(interaction.states).length === 0 ||
    (byAccounts !== undefined && reachedByAccounts(interaction.providerStates));
  const viaAccounts =
    byAccounts === undefined
      ? undefined
      : accountStates({
          baseUrl: settings.providerBaseUrl,
          wire: settings.wire,
          headers: settings.headers,
          accounts: byAccounts,
          waitMs: STATE_WAIT_MS,
          ...(options.warn === undefined ? {} : { warn: options.warn }),
        });
  // with test accounts, the socket pushes are listed too: provoked on the backend's socket
  const pushes =
    viaAccounts === undefined
      ? []
      : pact.interactions.filter((interaction) => !interaction.type.includes('HTTP'));
  const listed = [...http, ...pushes];
  const provoked = (interaction: PactSummary['interactions'][number]) =>
    interaction.type.includes('HTTP') || PUSH_REACH[interaction.description]?.provoked === true;
  const replayable = (interaction: PactSummary['interactions'][number]) =>
    provoked(interaction) && reachable(interaction);
  const pathOf = (interaction: PactSummary['interactions'][number] | undefined) =>
    interaction === undefined || interaction.type.includes('HTTP')
      ? (interaction?.path ?? '')
      : PUSH_PATH;
  const replayed = listed.filter(replayable);
  const failedStates = new Map<string, string>();
  const verdicts = new Map<string, InteractionVerdict>();

  if (replayed.length > 0) {
    const subset = await writeFilteredPact(
      (interaction) =>
        (interaction.type.includes('HTTP') || viaAccounts !== undefined) && replayable(interaction),
      settings.pactFile,
      byAccounts === undefined ? undefined : (interaction) => withPersona(interaction, byAccounts),
    );
    const onFailure = (state: string, reason: string) => {
      failedStates.set(state, reason);
    };
    const proxy = await startDecryptingProxy({
      target: settings.providerBaseUrl,
      codec: createNodeCodec(settings.wire),
      ...(options.warn === undefined ? {} : { warn: options.warn }),
    });
    try {
      const result = await runVerification({
        providerBaseUrl: proxy.url,
        pactUrls: [subset.path],
        stateHandlers:
          viaAccounts === undefined
            ? forwardStates(pact.states, settings.statesUrl, onFailure)
            : reportingFailures(viaAccounts.handlers, onFailure),
        messageProviders:
          viaAccounts === undefined
            ? {}
            : accountMessageProviders({
                socket: settings.socket ?? socketOf(settings.providerBaseUrl),
                states: viaAccounts,
              }),
        // a state may wait for the backend (a Coin Guess period to close): give it the time
        ...(viaAccounts === undefined ? {} : { timeoutMs: STATE_WAIT_MS + 30_000 }),
        requestFilter: resignRequests({
          guestToken: settings.wire.defaultToken,
          headers: settings.headers,
          ...(viaAccounts === undefined
            ? {}
            : {
                session: viaAccounts.session,
                requestId: viaAccounts.requestId,
                observe: viaAccounts.observe,
              }),
        }),
        logLevel: settings.logLevel,
      });
      for (const one of result.interactions) {
        const interaction = listed.find((candidate) => candidate.description === one.description);
        const states = interaction?.states ?? one.providerStates;
        const refused = realStates(states).find((state) => failedStates.has(state));
        // the verified account stood in for an unverified pact user: a miss is no drift
        const stoodIn =
          byAccounts !== undefined &&
          interaction !== undefined &&
          standsIn(interaction.providerStates, byAccounts);
        const excused = refused !== undefined || stoodIn;
        verdicts.set(one.description, {
          description: one.description,
          path: pathOf(interaction),
          states,
          mismatches: one.ok || excused ? [] : one.mismatches,
          verdict: one.ok ? 'holds' : excused ? 'needs-state' : 'drifts',
          ...(!one.ok && excused
            ? {
                reason:
                  refused === undefined
                    ? "the pact's user is unverified, and the verified test account stood in and did not match: an unverified account (--account2)"
                    : viaAccounts === undefined
                      ? `the state hook refused "${refused}": ${failedStates.get(refused) ?? ''}`
                      : `"${refused}" was not reached: ${failedStates.get(refused) ?? ''}`,
              }
            : {}),
        });
      }
    } finally {
      await proxy.close();
      await rm(dirname(subset.path), { recursive: true, force: true });
    }
  }

  const interactions = listed.map(
    (interaction): InteractionVerdict =>
      verdicts.get(interaction.description) ??
      (replayable(interaction)
        ? {
            description: interaction.description,
            path: pathOf(interaction),
            states: interaction.states,
            verdict: 'drifts',
            mismatches: [
              {
                type: 'error',
                field: '(not verified)',
                differed: 'the verifier did not report it',
              },
            ],
          }
        : {
            description: interaction.description,
            path: pathOf(interaction),
            states: interaction.states,
            verdict: 'needs-state',
            mismatches: [],
            reason:
              byAccounts === undefined
                ? 'no state hook: --states'
                : provoked(interaction)
                  ? `not reached by a user's calls: --states (${unreached(interaction)})`
                  : `not provoked by a user's calls: ${PUSH_REACH[interaction.description]?.how ?? 'no way known'}`,
          }),
  );
  const count = (verdict: InteractionVerdict['verdict']) =>
    interactions.filter((interaction) => interaction.verdict === verdict).length;
  return {
    backend: settings.providerBaseUrl,
    interactions,
    pushesNotReplayed: pact.interactions.length - listed.length,
    counts: { holds: count('holds'), drifts: count('drifts'), needsState: count('needs-state') },
  };
}

const isMain = process.argv[1] !== undefined && import.meta.filename === process.argv[1];
if (isMain) {
  Promise.resolve()
    .then(() => verifyRemote(readSettings()))
    .then(
      () => {
        console.log('The backend honours the pact.');
      },
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exitCode = 1;
      },
    );
}

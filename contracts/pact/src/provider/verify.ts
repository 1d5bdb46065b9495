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
  type CipherMode,
  type WireSettings,
} from '@bourse/protocol';
import { createNodeCodec } from '@bourse/protocol/codec/node';
import { PACT_FILE } from '../pact.ts';
import { startDecryptingProxy } from './decrypting-proxy.ts';
import { schemaMessageProviders } from './messages.ts';
import { resignRequests } from './resign.ts';
import { readPact, verifyPact, type LogLevel, type StateHandlers } from './verification.ts';

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error'] as const;

export interface RemoteSettings {
  readonly providerBaseUrl: string;
  readonly wire: WireSettings;
  readonly statesUrl: string | undefined;
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
  return {
    providerBaseUrl,
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
export function forwardStates(names: readonly string[], statesUrl: string | undefined) {
  const handlers: StateHandlers = {};
  let warned = false;
  const send = async (state: string, params: unknown, action: 'setup' | 'teardown') => {
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
  };
  for (const name of ['', ...names]) {
    handlers[name] = {
      setup: (params) => send(name, params, 'setup'),
      teardown: (params) => send(name, params, 'teardown'),
    };
  }
  return handlers;
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
      requestFilter: resignRequests({ guestToken: settings.wire.defaultToken }),
      logLevel: settings.logLevel,
    });
  } finally {
    await proxy.close();
  }
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

/**
 * One way to verify the pact against any provider: the mock in-process, the mock through the
 * decrypting proxy, or a real backend (verify.ts). What changes between them is where the
 * provider is, how its states are set up and where pushes come from.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Verifier, type MessageProviders, type VerifierOptions } from '@pact-foundation/pact';
import { PACT_FILE, PROVIDER } from '../pact.ts';
import { resignRequests, type RequestFilter } from './resign.ts';

export type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;
export type LogLevel = NonNullable<VerifierOptions['logLevel']>;

export interface VerificationOptions {
  /** where the provider's HTTP API is */
  readonly providerBaseUrl: string;
  readonly stateHandlers: StateHandlers;
  readonly messageProviders: MessageProviders;
  /** default: re-sign every call with the current time (resign.ts) */
  readonly requestFilter?: RequestFilter;
  /** pact files or URLs; default the one the consumer run wrote */
  readonly pactUrls?: readonly string[];
  readonly logLevel?: LogLevel;
}

/** Replays the pact against the provider; rejects when an interaction does not verify. */
export function verifyPact(options: VerificationOptions): Promise<string> {
  return new Verifier({
    provider: PROVIDER,
    providerBaseUrl: options.providerBaseUrl,
    pactUrls: [...(options.pactUrls ?? [PACT_FILE])],
    stateHandlers: options.stateHandlers,
    messageProviders: options.messageProviders,
    requestFilter: options.requestFilter ?? resignRequests(),
    logLevel: options.logLevel ?? 'warn',
  }).verifyProvider();
}

/** What a pact file holds, as far as verification setup cares. */
export interface PactSummary {
  readonly states: readonly string[];
  readonly interactions: readonly {
    readonly type: string;
    readonly description: string;
    readonly path?: string;
    readonly code?: number;
  }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a pact (a file path or an http(s) URL) for its states and interactions. */
export async function readPact(location: string = PACT_FILE): Promise<PactSummary> {
  const text = /^https?:\/\//.test(location)
    ? await (await fetch(location)).text()
    : await readFile(location, 'utf8');
  const pact: unknown = JSON.parse(text);
  const interactions =
    isRecord(pact) && Array.isArray(pact['interactions']) ? pact['interactions'] : [];
  const states = new Set<string>();
  const summary: PactSummary['interactions'][number][] = [];
  for (const interaction of interactions) {
    if (!isRecord(interaction)) continue;
    const providerStates = Array.isArray(interaction['providerStates'])
      ? interaction['providerStates']
      : [];
    for (const providerState of providerStates) {
      if (isRecord(providerState) && typeof providerState['name'] === 'string') {
        states.add(providerState['name']);
      }
    }
    const request = interaction['request'];
    const response = interaction['response'];
    const body = isRecord(response) ? response['body'] : undefined;
    const content = isRecord(body) ? body['content'] : undefined;
    const code = isRecord(content) ? content['code'] : undefined;
    summary.push({
      type: typeof interaction['type'] === 'string' ? interaction['type'] : '',
      description: typeof interaction['description'] === 'string' ? interaction['description'] : '',
      ...(isRecord(request) && typeof request['path'] === 'string'
        ? { path: request['path'] }
        : {}),
      ...(typeof code === 'number' ? { code } : {}),
    });
  }
  return { states: [...states], interactions: summary };
}

/**
 * Writes a copy of the pact holding only the interactions with these descriptions, and answers
 * its path: for checks that must fail on one interaction without replaying them all.
 */
export async function writePactSubset(
  descriptions: readonly string[],
  from: string = PACT_FILE,
): Promise<string> {
  const pact = JSON.parse(await readFile(from, 'utf8')) as Record<string, unknown>;
  const interactions = Array.isArray(pact['interactions']) ? pact['interactions'] : [];
  const kept = interactions.filter(
    (interaction) =>
      isRecord(interaction) &&
      typeof interaction['description'] === 'string' &&
      descriptions.includes(interaction['description']),
  );
  if (kept.length !== descriptions.length) {
    throw new Error(`the pact does not hold all of: ${descriptions.join('; ')}`);
  }
  const path = join(await mkdtemp(join(tmpdir(), 'bourse-pact-')), 'subset.json');
  await writeFile(path, JSON.stringify({ ...pact, interactions: kept }));
  return path;
}

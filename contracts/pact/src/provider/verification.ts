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
/** One state's setup or teardown: what it answers is injected into the request. */
export type StateFunc = Extract<StateHandlers[string], (...args: never[]) => unknown>;
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
  /** how long the verifier waits for one call, a state's setup included; default Pact's 30 s */
  readonly timeoutMs?: number;
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
    ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
  }).verifyProvider();
}

/** One difference the Pact verifier found between the pact and a reply (its JSON result). */
export interface VerifierMismatch {
  /** BodyMismatch, HeaderMismatch, StatusMismatch, BodyTypeMismatch… or `error` */
  readonly type: string;
  /** where: `$.data.site_name`, a header's name, or what the type names */
  readonly field: string;
  /** the verifier's own words for what differed */
  readonly differed: string;
}

export interface VerifierInteraction {
  readonly description: string;
  readonly providerStates: readonly string[];
  readonly ok: boolean;
  readonly mismatches: readonly VerifierMismatch[];
}

/** What the Pact verifier answers: its JSON result, per interaction. */
export interface VerifierResult {
  readonly ok: boolean;
  readonly interactions: readonly VerifierInteraction[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

const fieldOf = (mismatch: Record<string, unknown>): string => {
  const type = text(mismatch['type']);
  if (typeof mismatch['path'] === 'string') return mismatch['path'];
  if (typeof mismatch['key'] === 'string')
    return `${type === 'HeaderMismatch' ? 'header ' : ''}${mismatch['key']}`;
  if (typeof mismatch['parameter'] === 'string') return `query ${mismatch['parameter']}`;
  if (type === 'StatusMismatch') return 'HTTP status';
  if (type === 'BodyTypeMismatch') return 'body type';
  return type;
};

const mismatchesOf = (value: unknown): VerifierMismatch[] => {
  if (!isRecord(value)) return [];
  if (value['type'] === 'error') {
    return [{ type: 'error', field: '(no reply)', differed: text(value['message']) }];
  }
  const list = Array.isArray(value['mismatches']) ? value['mismatches'] : [];
  return list.filter(isRecord).flatMap((mismatch) => {
    const type = text(mismatch['type']);
    const field = fieldOf(mismatch);
    const differed =
      text(mismatch['mismatch']) ||
      `expected ${text(mismatch['expected'])}, got ${text(mismatch['actual'])}`;
    // "$.data -> Actual map is missing the following keys: site_name": the field is the key
    const missing = /missing the following keys: (.+)$/.exec(differed)?.[1];
    if (type !== 'BodyMismatch' || missing === undefined) return [{ type, field, differed }];
    return missing.split(/,\s*/).map((key) => ({
      type,
      field: `${field}.${key}`,
      differed: `missing from the reply (${differed})`,
    }));
  });
};

/**
 * Reads the verifier's JSON result (what `verifyProvider` resolves with, or rejects with as
 * the error's message); null when the text is not one, e.g. when the verifier could not run.
 */
export function parseVerifierResult(json: string): VerifierResult | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !Array.isArray(parsed['interactionResults'])) return null;
  const interactions = parsed['interactionResults'].filter(isRecord).map((result) => ({
    description: text(result['description']),
    providerStates: Array.isArray(result['providerStates'])
      ? result['providerStates'].map(text)
      : [],
    ok: result['result'] === 'OK',
    mismatches: mismatchesOf(result['mismatch']),
  }));
  return { ok: parsed['result'] === true, interactions };
}

/**
 * Replays the pact as verifyPact does, and answers the verifier's result per interaction
 * whether it passed or not; rejects only when the verifier could not run.
 */
export async function runVerification(options: VerificationOptions): Promise<VerifierResult> {
  let json: string;
  try {
    json = await verifyPact(options);
  } catch (error) {
    const result = error instanceof Error ? parseVerifierResult(error.message) : null;
    if (result === null) throw error;
    return result;
  }
  const result = parseVerifierResult(json);
  if (result === null)
    throw new Error(`the Pact verifier answered no result: ${json.slice(0, 200)}`);
  return result;
}

/** What a pact file holds, as far as verification setup cares. */
export interface PactSummary {
  readonly states: readonly string[];
  readonly interactions: readonly {
    readonly type: string;
    readonly description: string;
    readonly path?: string;
    readonly code?: number;
    /** the provider states it is given, in order */
    readonly states: readonly string[];
    /** the same, with their parameters */
    readonly providerStates: readonly {
      readonly name: string;
      readonly params: Readonly<Record<string, unknown>>;
    }[];
  }[];
}

/** Reads a pact (a file path or an http(s) URL) for its states and interactions. */
export async function readPact(location: string = PACT_FILE): Promise<PactSummary> {
  return summarise(JSON.parse(await readText(location)));
}

const readText = async (location: string): Promise<string> =>
  /^https?:\/\//.test(location)
    ? await (await fetch(location)).text()
    : await readFile(location, 'utf8');

/** A pact's states and interactions, in the order the file lists them. */
function summarise(pact: unknown): PactSummary {
  const interactions =
    isRecord(pact) && Array.isArray(pact['interactions']) ? pact['interactions'] : [];
  const states = new Set<string>();
  const summary: PactSummary['interactions'][number][] = [];
  for (const interaction of interactions) {
    if (!isRecord(interaction)) continue;
    const providerStates = Array.isArray(interaction['providerStates'])
      ? interaction['providerStates']
      : [];
    const names: string[] = [];
    const given: { name: string; params: Record<string, unknown> }[] = [];
    for (const providerState of providerStates) {
      if (isRecord(providerState) && typeof providerState['name'] === 'string') {
        states.add(providerState['name']);
        names.push(providerState['name']);
        const params = providerState['params'];
        given.push({ name: providerState['name'], params: isRecord(params) ? params : {} });
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
      states: names,
      providerStates: given,
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
  const { path, kept } = await writeFilteredPact(
    (interaction) => descriptions.includes(interaction.description),
    from,
  );
  if (kept !== descriptions.length) {
    throw new Error(`the pact does not hold all of: ${descriptions.join('; ')}`);
  }
  return path;
}

/**
 * Writes a copy of the pact (a path or an http(s) URL) holding only the interactions `keep`
 * accepts, to a temporary file; answers its path and how many were kept.
 */
export async function writeFilteredPact(
  keep: (interaction: PactSummary['interactions'][number]) => boolean,
  from: string = PACT_FILE,
  /** what each kept interaction becomes in the copy (default: itself) */
  rewrite: (interaction: Record<string, unknown>) => Record<string, unknown> = (same) => same,
): Promise<{ readonly path: string; readonly kept: number }> {
  const pact = JSON.parse(await readText(from)) as Record<string, unknown>;
  const interactions = (Array.isArray(pact['interactions']) ? pact['interactions'] : []).filter(
    isRecord,
  );
  const { interactions: summaries } = summarise({ ...pact, interactions });
  const kept = interactions.filter((_interaction, index) => {
    const summary = summaries[index];
    return summary !== undefined && keep(summary);
  });
  const path = join(await mkdtemp(join(tmpdir(), 'bourse-pact-')), 'subset.json');
  await writeFile(path, JSON.stringify({ ...pact, interactions: kept.map(rewrite) }));
  return { path, kept: kept.length };
}

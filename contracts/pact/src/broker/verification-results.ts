/**
 * `verify:backend --publish`: the pact comes from the Pact Broker (with its credentials) and the
 * verification's result goes back to it, through the Broker's documented HTTP API only: the
 * pact resource's `pb:publish-verification-results` link (POST `{ success,
 * providerApplicationVersion, buildUrl, testResults }`), and the provider version resource
 * (PUT `/pacticipants/bourse-api/versions/<version>` `{ branch }`) for the branch. Pact's own
 * verifier publishes only for a pact it fetched from a broker itself, and verify:backend hands
 * it a filtered copy, so the command publishes its own verdict instead.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSUMER, PROVIDER } from '../pact.ts';
import type { BackendReport } from '../provider/verify.ts';
import type { BrokerSettings } from './publish.ts';

/** What `--publish` publishes as, besides the result. */
export interface ProviderVersion {
  /** `--provider-version`: the backend's version, e.g. its commit */
  readonly version: string;
  /** `--provider-branch` */
  readonly branch?: string;
  /** `--build-url`: the CI run, shown by the broker beside the result */
  readonly buildUrl?: string;
}

/** The latest pact the broker holds for bourse-web → bourse-api. */
export const latestPactUrl = (baseUrl: string): string =>
  `${baseUrl}/pacts/provider/${encodeURIComponent(PROVIDER)}/consumer/${encodeURIComponent(CONSUMER)}/latest`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const headersOf = (settings: BrokerSettings): Record<string, string> => ({
  accept: 'application/hal+json, application/json',
  ...(settings.authorization === undefined ? {} : { authorization: settings.authorization }),
});

export interface BrokerPact {
  /** the pact, written to a temporary file for the verifier */
  readonly path: string;
  /** where its verification results are POSTed */
  readonly publishUrl: string;
  readonly dispose: () => Promise<void>;
}

/**
 * Fetches a pact from the broker with its credentials and writes it to a temporary file;
 * throws when the broker refuses or the pact has no link to publish results to.
 */
export async function fetchBrokerPact(url: string, settings: BrokerSettings): Promise<BrokerPact> {
  const response = await fetch(url, { headers: headersOf(settings) });
  if (!response.ok) {
    throw new Error(`the broker refused the pact ${url}: HTTP ${String(response.status)}`);
  }
  const pact: unknown = await response.json();
  const links = isRecord(pact) && isRecord(pact['_links']) ? pact['_links'] : {};
  const link = links['pb:publish-verification-results'];
  const publishUrl = isRecord(link) && typeof link['href'] === 'string' ? link['href'] : undefined;
  if (publishUrl === undefined) {
    throw new Error(`${url} has no pb:publish-verification-results link: not a broker's pact`);
  }
  const folder = await mkdtemp(join(tmpdir(), 'bourse-broker-pact-'));
  const path = join(folder, 'pact.json');
  await writeFile(path, JSON.stringify(pact));
  return {
    path,
    publishUrl,
    dispose: () => rm(folder, { recursive: true, force: true }),
  };
}

/** One interaction's line in the published `testResults`. */
export interface PublishedTestResult {
  readonly interactionDescription: string;
  readonly success: boolean;
  /** for an interaction that needs a provider state: it was not verified, and why */
  readonly skipped?: string;
  readonly mismatches?: readonly { readonly attribute: string; readonly description: string }[];
}

/** The body POSTed to the pact's `pb:publish-verification-results` link. */
export function verificationResult(
  report: BackendReport,
  success: boolean,
  provider: ProviderVersion,
): {
  readonly success: boolean;
  readonly providerApplicationVersion: string;
  readonly buildUrl?: string;
  readonly testResults: readonly PublishedTestResult[];
} {
  return {
    success,
    providerApplicationVersion: provider.version,
    ...(provider.buildUrl === undefined ? {} : { buildUrl: provider.buildUrl }),
    testResults: report.interactions.map((one): PublishedTestResult => {
      if (one.verdict === 'needs-state') {
        const states = one.states.filter(Boolean).join(' + ');
        return {
          interactionDescription: one.description,
          success: false,
          skipped: `needs state: ${states}${one.reason ? ` (${one.reason})` : ''}`,
        };
      }
      return {
        interactionDescription: one.description,
        success: one.verdict === 'holds',
        ...(one.verdict === 'drifts'
          ? {
              mismatches: one.mismatches.map((mismatch) => ({
                attribute: mismatch.field,
                description: mismatch.differed,
              })),
            }
          : {}),
      };
    }),
  };
}

/**
 * Publishes the result: the provider version's branch first (when given), then the result to
 * the pact's link. Throws with the broker's answer when it refuses either.
 */
export async function publishVerificationResult(options: {
  readonly settings: BrokerSettings & { readonly baseUrl: string };
  readonly publishUrl: string;
  readonly report: BackendReport;
  readonly success: boolean;
  readonly provider: ProviderVersion;
}): Promise<void> {
  const { settings, provider } = options;
  const headers = { ...headersOf(settings), 'content-type': 'application/json' };
  if (provider.branch !== undefined) {
    const version = `${settings.baseUrl}/pacticipants/${encodeURIComponent(PROVIDER)}/versions/${encodeURIComponent(provider.version)}`;
    const branched = await fetch(version, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ branch: provider.branch }),
    });
    if (!branched.ok) {
      throw new Error(
        `the broker refused the branch of ${PROVIDER} ${provider.version}: HTTP ${String(branched.status)} ${await branched.text()}`,
      );
    }
  }
  const published = await fetch(options.publishUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify(verificationResult(options.report, options.success, provider)),
  });
  if (!published.ok) {
    throw new Error(
      `the broker refused the verification result: HTTP ${String(published.status)} ${await published.text()}`,
    );
  }
}

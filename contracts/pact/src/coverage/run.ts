/**
 * `npm run coverage:contracts`: lists every call the mock serves (its handler table) and every
 * push it sends (its source's calls to the socket gateway), each with the Pact interactions that
 * cover it, and fails below 100 %. Run it after `npm run test:pact`, which writes the pact.
 */
import { servedEndpoints, servedPushes } from '@bourse/mock-server';
import { allEndpoints, PUBLIC_FUNCS, PRIVATE_FUNCS, type PushFunc } from '@bourse/protocol';
import { existsSync } from 'node:fs';
import { glob, readFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACT_FILE } from '../pact.ts';
import { coverageOf, formatCoverage, parsePactFile, pushSitesIn, type PushSite } from './table.ts';

/** mock-server/src, wherever the workspace is installed */
const mockSource = dirname(fileURLToPath(import.meta.resolve('@bourse/mock-server')));

async function pushSites(): Promise<PushSite[]> {
  const sites: PushSite[] = [];
  for await (const file of glob('**/*.ts', { cwd: mockSource })) {
    // tests push to check the gateway; only the mock's own code counts as what it sends
    if (file.endsWith('.test.ts') || file.startsWith('test/')) continue;
    // the domain feed sends what the served domains declare (servedPushes, below)
    if (file === 'ws/domain-feed.ts') continue;
    sites.push(...pushSitesIn(file, await readFile(`${mockSource}/${file}`, 'utf8')));
  }
  return sites;
}

const FUNC_ORDER: readonly string[] = [...PUBLIC_FUNCS, ...PRIVATE_FUNCS];

async function main(): Promise<number> {
  if (!existsSync(PACT_FILE)) {
    console.error(`no pact at ${PACT_FILE}: run npm run test:pact first`);
    return 1;
  }
  const sites = await pushSites();
  const unresolved = sites.filter((site) => site.func === null);
  for (const site of unresolved) {
    console.error(
      `mock-server/src/${site.file}:${site.line}: name the func as a literal or FUNC.x, so the coverage can see it: ${site.text}`,
    );
  }
  const declared = servedPushes();
  const scanned = sites.flatMap((site) => (site.func ? [site.func] : []));
  const pushes = [...new Set([...scanned, ...declared])].sort(
    (a, b) => FUNC_ORDER.indexOf(a) - FUNC_ORDER.indexOf(b),
  ) satisfies PushFunc[];
  const pact = parsePactFile(JSON.parse(await readFile(PACT_FILE, 'utf8')));
  const coverage = coverageOf(servedEndpoints, pushes, pact);
  console.log(
    `Endpoints served: ${String(servedEndpoints.length)}/${String(allEndpoints.length)} of the catalogue`,
  );
  console.log(`Contract coverage of what the mock serves (${relative(process.cwd(), PACT_FILE)})`);
  console.log(formatCoverage(coverage));
  return coverage.percent < 100 || unresolved.length > 0 ? 1 : 0;
}

process.exitCode = await main();

// Lighthouse on a phone: the login, home, market, contract and options screens as `npm start` serves them, each
// audited BENCH_LH_RUNS times (3 by default) with Lighthouse's default mobile settings (Moto G
// Power screen, simulated slow 4G, CPU 4× slower), performance only; the report takes the median
// of each figure.
//
// Home and market need a session. The app keeps it in local storage (web/src/shared/session), so
// the benchmark signs in once over the wire, and before every run it empties the browser's cache
// and the origin's storage and writes just that session back; Lighthouse runs with
// disableStorageReset so it keeps it (its documented way for pages behind a login). Every run is
// a first visit with a cold cache; the login page gets no session.
//
//   npx tsx scripts/bench/lighthouse.ts    (alone; BENCH_URL, BENCH_LH_RUNS, BENCH_PORT, BENCH_DEVTOOLS_PORT)
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright';
import { benchServer, benchUrl, buildWebApp } from './server.ts';
import { keepSessionOnDevice, signedInStorage } from './session.ts';
import { kb, loadAverage, median, ms } from './stats.ts';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** The flags of the brief: headless, no sandbox (root in a container), nothing in the background. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const LIGHTHOUSE_PAGES = [
  { name: 'login', path: '/pages/login/login', signedIn: false },
  { name: 'home', path: '/pages/home/home', signedIn: true },
  { name: 'market', path: '/pages/quotes/quotes', signedIn: true },
  { name: 'contract', path: '/pages/contract/contract', signedIn: true },
  { name: 'options', path: '/pages/options/options', signedIn: true },
] as const;

/** BENCH_DEVTOOLS_PORT: where the audited Chromium listens for DevTools (Lighthouse's 9222). */
export const devtoolsPort = (): number => Number(process.env['BENCH_DEVTOOLS_PORT'] ?? 9222);

/** Issue 26's aim for every audited page (100 is where it is going). */
export const LIGHTHOUSE_AIM = { score: 95 } as const;

/**
 * BENCH_LH_PAGES: the audited pages by name, comma-separated (`BENCH_LH_PAGES=home,contract`);
 * all of them when unset. An unknown name stops the run. (`bench:startup` reads its own list.)
 */
export function benchPagesAsked(
  value: string | undefined,
  variable = 'BENCH_LH_PAGES',
): readonly (typeof LIGHTHOUSE_PAGES)[number][] {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return LIGHTHOUSE_PAGES;
  const known: readonly string[] = LIGHTHOUSE_PAGES.map((page) => page.name);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new Error(`${variable}: unknown page ${unknown.join(', ')} (pages: ${known.join(', ')})`);
  }
  return LIGHTHOUSE_PAGES.filter((page) => names.includes(page.name));
}

/** One audit's figures: score 0–100, times in ms, CLS unitless, bytes as transferred. */
export interface LighthouseFigures {
  readonly score: number;
  readonly fcp: number;
  readonly lcp: number;
  readonly tbt: number;
  readonly cls: number;
  readonly speedIndex: number;
  /** transfer size of the script resources (resource-summary) */
  readonly scriptBytes: number;
  /** how many script requests the page made (resource-summary) */
  readonly scriptRequests: number;
}

export interface LighthousePageResult {
  readonly name: string;
  readonly url: string;
  /** the median of each figure over the runs */
  readonly median: LighthouseFigures;
  readonly runs: readonly LighthouseFigures[];
  /** the page Lighthouse ended on, when another than asked (a redirect to login means no session) */
  readonly finalUrls: readonly string[];
  readonly warnings: readonly string[];
  /** runs Lighthouse could not finish (PAGE_HUNG, NO_FCP…): left out of the median */
  readonly failures: readonly string[];
}

export interface LighthouseResult {
  readonly lighthouse: string;
  readonly browser: string;
  /** Lighthouse's estimate of this machine's speed (its own benchmark); low means slow */
  readonly benchmarkIndex: number;
  readonly runsPerPage: number;
  /** the machine's 1-minute load average before and after (other work skews every figure) */
  readonly load: readonly [number, number];
  readonly pages: readonly LighthousePageResult[];
}

const numeric = (lhr: Result, audit: string): number => lhr.audits[audit]?.numericValue ?? NaN;

/** A figure of the script row of Lighthouse's resource summary: its bytes or its requests. */
function scriptSummary(lhr: Result, field: 'transferSize' | 'requestCount'): number {
  const details = lhr.audits['resource-summary']?.details;
  if (details?.type !== 'table') return NaN;
  const row = details.items.find((item) => item['resourceType'] === 'script');
  const value = row?.[field];
  return typeof value === 'number' ? value : NaN;
}

function figures(lhr: Result): LighthouseFigures {
  return {
    score: Math.round((lhr.categories['performance']?.score ?? NaN) * 100),
    fcp: numeric(lhr, 'first-contentful-paint'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndex: numeric(lhr, 'speed-index'),
    scriptBytes: scriptSummary(lhr, 'transferSize'),
    scriptRequests: scriptSummary(lhr, 'requestCount'),
  };
}

const medianOf = (runs: readonly LighthouseFigures[]): LighthouseFigures => {
  const of = (pick: (figures: LighthouseFigures) => number) => median(runs.map(pick));
  return {
    score: of((run) => run.score),
    fcp: of((run) => run.fcp),
    lcp: of((run) => run.lcp),
    tbt: of((run) => run.tbt),
    cls: of((run) => run.cls),
    speedIndex: of((run) => run.speedIndex),
    scriptBytes: of((run) => run.scriptBytes),
    scriptRequests: of((run) => run.scriptRequests),
  };
};

/**
 * Audits the pages of `origin` (`BENCH_LH_PAGES`) in a Chromium of our own, listening for DevTools on
 * `debuggingPort` (Lighthouse and the storage set-up both drive it through that port).
 */
export async function measureLighthouse(options: {
  readonly origin: string;
  readonly runs: number;
  readonly debuggingPort: number;
}): Promise<LighthouseResult> {
  const { origin, runs } = options;
  const loadBefore = loadAverage();
  const session = await signedInStorage(origin);
  const userDataDir = mkdtempSync(join(tmpdir(), 'bourse-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    port: options.debuggingPort,
    userDataDir,
  });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${String(chrome.port)}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the browser has no default context');

    /** A cold cache and an empty origin, then the session when the page needs one. */
    const prepare = async (signedIn: boolean) => {
      const page = await context.newPage();
      try {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Storage.clearDataForOrigin', {
          origin,
          storageTypes:
            'cookies,file_systems,indexeddb,local_storage,shader_cache,websql,service_workers,cache_storage',
        });
        await keepSessionOnDevice(page, origin, signedIn ? session : null);
      } finally {
        await page.close();
      }
    };

    let version = '';
    let benchmarkIndex = NaN;
    const pages: LighthousePageResult[] = [];
    for (const target of benchPagesAsked(process.env['BENCH_LH_PAGES'])) {
      const url = `${origin}${target.path}`;
      const done: LighthouseFigures[] = [];
      const finalUrls: string[] = [];
      const warnings = new Set<string>();
      const failures: string[] = [];
      for (let run = 1; run <= runs; run += 1) {
        console.log(`lighthouse: ${target.name} run ${String(run)} of ${String(runs)}…`);
        await prepare(target.signedIn);
        const flags: Flags = {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance'],
          disableStorageReset: true,
        };
        const result = await lighthouse(url, flags);
        if (!result) throw new Error(`lighthouse gave no result for ${url}`);
        const { lhr } = result;
        const keep = process.env['BENCH_LH_REPORTS']?.trim();
        if (keep) {
          // The whole report, to read what a figure is made of (bootup time, long tasks, requests).
          mkdirSync(keep, { recursive: true });
          writeFileSync(join(keep, `${target.name}-${String(run)}.json`), JSON.stringify(lhr));
          // and its trace, which DevTools' Performance panel opens: what each long task was
          writeFileSync(
            join(keep, `${target.name}-${String(run)}.trace.json`),
            JSON.stringify(result.artifacts.Trace),
          );
        }
        if (lhr.runtimeError) {
          failures.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          console.log(
            `lighthouse: ${target.name} run ${String(run)} failed: ${lhr.runtimeError.code}`,
          );
          continue;
        }
        version = lhr.lighthouseVersion;
        benchmarkIndex = lhr.environment.benchmarkIndex;
        for (const warning of lhr.runWarnings) warnings.add(warning);
        if (lhr.finalDisplayedUrl !== url) finalUrls.push(lhr.finalDisplayedUrl);
        done.push(figures(lhr));
      }
      pages.push({
        name: target.name,
        url,
        median: medianOf(done),
        runs: done,
        finalUrls,
        warnings: [...warnings],
        failures,
      });
    }
    return {
      lighthouse: version,
      browser: browser.version(),
      benchmarkIndex,
      runsPerPage: runs,
      load: [loadBefore, loadAverage()],
      pages,
    };
  } finally {
    await browser.close();
    const exited = chrome.process.exitCode === null ? once(chrome.process, 'exit') : null;
    chrome.kill();
    await exited;
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const verdict = (ok: boolean) => (ok ? 'yes' : '**no**');

/** The report's section. */
export function lighthouseLines(result: LighthouseResult): string[] {
  return [
    `## Lighthouse, mobile: median of ${String(result.runsPerPage)} runs per page`,
    '',
    `Lighthouse ${result.lighthouse}, default mobile settings (simulated slow 4G, CPU 4× slower), performance only; Chromium ${result.browser}. Each run is a first visit with a cold cache; every page but login is signed in. This machine: Lighthouse benchmark index ${result.benchmarkIndex.toFixed(0)} (the lower, the more a busy machine inflates the simulated times), load average ${result.load[0].toFixed(1)} before and ${result.load[1].toFixed(1)} after.`,
    '',
    '| page | score | FCP | LCP | TBT | CLS | Speed Index | JS on the wire | JS requests |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...result.pages.map(({ name, median: figures, runs }) =>
      [
        `| ${name}${runs.length < result.runsPerPage ? ` (${String(runs.length)} runs)` : ''}`,
        `**${String(figures.score)}**`,
        `${ms(figures.fcp)} ms`,
        `${ms(figures.lcp)} ms`,
        `${ms(figures.tbt)} ms`,
        figures.cls.toFixed(3),
        `${ms(figures.speedIndex)} ms`,
        kb(figures.scriptBytes),
        `${String(figures.scriptRequests)} |`,
      ].join(' | '),
    ),
    '',
    `- scores per run: ${result.pages.map((page) => `${page.name} ${page.runs.map((run) => String(run.score)).join('/')}`).join('; ')}`,
    `- aim score ≥ ${String(LIGHTHOUSE_AIM.score)} on every page: ${verdict(result.pages.every((page) => page.median.score >= LIGHTHOUSE_AIM.score))}`,
    ...result.pages.flatMap((page) => [
      ...(page.finalUrls.length > 0
        ? [`- ${page.name} ended on ${page.finalUrls.join(', ')}`]
        : []),
      ...page.failures.map((failure) => `- ${page.name}, a run failed: ${failure}`),
      ...page.warnings.map((warning) => `- ${page.name}: ${warning}`),
    ]),
    '',
  ];
}

/** The Lighthouse part: against BENCH_URL, or a build of this tree served by a mock of our own. */
export async function lighthousePart(options: {
  /** a build of the web app already made (the bundle part's), or undefined to build one */
  readonly webDir?: string;
  readonly port: number;
  readonly debuggingPort: number;
}): Promise<LighthouseResult> {
  const runs = Number(process.env['BENCH_LH_RUNS'] ?? 3);
  let work: string | undefined;
  let webDir = options.webDir;
  if (webDir === undefined && benchUrl() === undefined) {
    work = mkdtempSync(join(tmpdir(), 'bourse-lighthouse-web-'));
    webDir = join(work, 'web');
    console.log('lighthouse: building the web app…');
    await buildWebApp(webDir);
  }
  try {
    const server = await benchServer({ port: options.port, webDir: webDir ?? null });
    try {
      return await measureLighthouse({
        origin: server.origin,
        runs,
        debuggingPort: options.debuggingPort,
      });
    } finally {
      await server.stop();
    }
  } finally {
    if (work !== undefined) rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = Number(process.env['BENCH_PORT'] ?? 18_507);
  const result = await lighthousePart({ port: base + 10, debuggingPort: devtoolsPort() });
  console.log(`\n${lighthouseLines(result).join('\n')}`);
}

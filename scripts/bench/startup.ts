// `npm run bench:startup`: how long a phone's main thread is blocked while a page starts, with the
// CPU really slowed four times (DevTools' throttling), for one build or several side by side.
//
// Lighthouse's TBT is simulated from an unthrottled trace: on a two-core machine that also runs
// Lighthouse, its run-to-run spread (±150 ms) is larger than most changes to the start. Here every
// task runs slowed, so the long tasks are those a phone would have; and the builds compared take
// turns, run by run, so a busy minute weighs on each alike. Figures per page and build: the
// median over BENCH_STARTUP_RUNS of the blocking time (the long tasks' time over 50 ms, from the
// first paint) and of the LCP, as the page itself observes them.
//
// BENCH_STARTUP_URLS: running servers to compare (comma-separated origins, each serving a build
// with the mock's API: `WEB_DIR=… PORT=… npm start -w @bourse/mock-server`); unset, a mock of its
// own serves a build of this tree. BENCH_STARTUP_PAGES: the pages by name (default all, as
// Lighthouse audits them). BENCH_STARTUP_RUNS (default 6).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright';
import { benchPagesAsked, type LIGHTHOUSE_PAGES } from './lighthouse.ts';
import { buildWebApp, startMock, type BenchServer } from './server.ts';
import { keepSessionOnDevice, signedInStorage } from './session.ts';
import { loadAverage, median } from './stats.ts';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** How long a run watches the page after it starts loading: its start and first data are in. */
const WATCH_MS = 6_000;
/** DevTools' CPU slowdown, as Lighthouse's mobile profile assumes. */
const CPU_SLOWDOWN = 4;

type Page = (typeof LIGHTHOUSE_PAGES)[number];

/**
 * Run in the page before its own scripts (as text: this package's types have no DOM): keeps every
 * long task and the last LCP candidate.
 */
const WATCH_SCRIPT = `
  globalThis.__startup = { tasks: [], lcp: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) globalThis.__startup.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) globalThis.__startup.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** What the page kept, as TBT counts it: the long tasks from the first paint, each over 50 ms. */
const READ_SCRIPT = `(() => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
  let blocking = 0;
  let longTasks = 0;
  for (const [start, duration] of globalThis.__startup.tasks) {
    if (start < fcp) continue;
    blocking += Math.max(0, duration - 50);
    longTasks += 1;
  }
  return { blocking, lcp: globalThis.__startup.lcp, longTasks };
})()`;

/** One run's figures, ms. */
interface StartupRun {
  readonly blocking: number;
  readonly lcp: number;
  readonly longTasks: number;
}

const isStartupRun = (value: unknown): value is StartupRun =>
  typeof value === 'object' &&
  value !== null &&
  ['blocking', 'lcp', 'longTasks'].every(
    (key) => typeof (value as Record<string, unknown>)[key] === 'number',
  );

/** One page load at 4× CPU in a fresh context: a cold cache, the session written when needed. */
async function measureOnce(
  browser: Browser,
  origin: string,
  page: Page,
  session: Record<string, string>,
): Promise<StartupRun> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const tab = await context.newPage();
    if (page.signedIn) await keepSessionOnDevice(tab, origin, session);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await tab.addInitScript(WATCH_SCRIPT);
    await tab.goto(`${origin}${page.path}`);
    await tab.waitForTimeout(WATCH_MS);
    const figures: unknown = await tab.evaluate(READ_SCRIPT);
    if (!isStartupRun(figures)) throw new Error(`the page kept no figures: ${String(figures)}`);
    return figures;
  } finally {
    await context.close();
  }
}

/** Each page, the builds taking turns run by run. */
async function measureStartup(origins: readonly string[], pages: readonly Page[], runs: number) {
  const sessions = new Map<string, Record<string, string>>();
  for (const origin of origins) sessions.set(origin, await signedInStorage(origin));
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const lines: string[] = [];
  try {
    for (const page of pages) {
      const byOrigin = new Map<string, StartupRun[]>(origins.map((origin) => [origin, []]));
      for (let run = 1; run <= runs; run += 1) {
        console.log(`startup: ${page.name} run ${String(run)} of ${String(runs)}…`);
        for (const origin of origins) {
          const measured = await measureOnce(browser, origin, page, sessions.get(origin) ?? {});
          byOrigin.get(origin)?.push(measured);
        }
      }
      for (const [origin, measured] of byOrigin) {
        const blocking = measured.map((one) => Math.round(one.blocking));
        const lcp = measured.map((one) => Math.round(one.lcp));
        lines.push(
          `- ${page.name} at ${origin}: blocking **${String(median(blocking))} ms** ` +
            `(${blocking.join(', ')}), LCP ${String(median(lcp))} ms (${lcp.join(', ')}), ` +
            `long tasks ${String(median(measured.map((one) => one.longTasks)))}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  return lines;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(process.env['BENCH_STARTUP_RUNS'] ?? 6);
  const pages = benchPagesAsked(process.env['BENCH_STARTUP_PAGES'], 'BENCH_STARTUP_PAGES');
  const asked = (process.env['BENCH_STARTUP_URLS'] ?? '')
    .split(',')
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter((url) => url !== '');
  let work: string | undefined;
  let server: BenchServer | undefined;
  try {
    let origins = asked;
    if (origins.length === 0) {
      work = mkdtempSync(join(tmpdir(), 'bourse-startup-web-'));
      console.log('startup: building the web app…');
      await buildWebApp(join(work, 'web'));
      server = await startMock({
        port: Number(process.env['BENCH_PORT'] ?? 18_507) + 13,
        webDir: join(work, 'web'),
      });
      origins = [server.origin];
    }
    const before = loadAverage();
    const lines = await measureStartup(origins, pages, runs);
    console.log(
      [
        '',
        `## Start at ${String(CPU_SLOWDOWN)}× CPU (median of ${String(runs)} runs per build, builds alternated)`,
        `Blocking is the long tasks' time over 50 ms from the first paint, as TBT counts it; load average ${before.toFixed(1)} before and ${loadAverage().toFixed(1)} after.`,
        '',
        ...lines,
      ].join('\n'),
    );
  } finally {
    await server?.stop();
    if (work !== undefined) rmSync(work, { recursive: true, force: true });
  }
}

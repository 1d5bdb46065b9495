// `npm run bench`: the performance checks of issue 4, measured in Chromium on a Pixel 7 profile
// with the CPU slowed 4×, written to scripts/reports/bench.{md,json}. Not part of `npm test`:
// timings depend on the machine; the report is for people to read and compare.
//
//   chart   our canvas chart and lightweight-charts draw the same candles (1 000, 5 000, 10 000)
//           and one live candle, in the same page, interleaved, measured the same way;
//   market  the real Market screen with 200 symbols, its Data24h feed pushed at 10 Hz through
//           the socket model's fake-socket hook: render time per tick and long tasks;
//   contract  the real Contract screen with 20 open positions, each on a symbol of its own, their
//           prices moving at 10 Hz through the same fake socket: time per tick and long tasks;
//   options-page  the real Options screen with 20 running orders, each on a symbol of its own,
//           their prices moving at 10 Hz through the same fake socket: time per tick, long tasks;
//   bundle  the login route's initial JS gzipped, and that no d3 or chart code is in it;
//   lighthouse  Lighthouse's mobile audit of the login, home and market screens as `npm start`
//           serves them (lighthouse.ts);
//   fanout  one Data24h push to 1 000 sockets: delivered, lost, latency (fanout.ts);
//   engine  the engine's time with 10 000 open positions with TP/SL: engine time per price
//           update, RSS, and 10 000 items due in one simulated second (engine.ts);
//   options  10 000 options due in the same simulated second: the wall time to settle them (aim
//           1 s), each settled exactly once by the ledger (options.ts);
//   digits  10 000 Coin Guess bets on one period: the wall time to pay them at its draw (aim
//           1 s), each paid or lost exactly once by the ledger (digits.ts).
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_PORT (default 18507; the mocks
// of the lighthouse and fanout parts listen on BENCH_PORT + 10 and + 11), BENCH_RUNS (chart runs
// per size and library, default 12), BENCH_TICKS (default 100), BENCH_ONLY (the parts to run,
// comma-separated: `BENCH_ONLY=market`; default all), BENCH_URL (a running server for the
// lighthouse and fanout parts instead of a mock of their own), BENCH_LH_RUNS (default 3),
// BENCH_DEVTOOLS_PORT (default 9222), BENCH_SOCKETS (default 1000), BENCH_PUSHES (default 20),
// BENCH_FANOUT_SECONDS (default 10, for a server that pushes on its own timer),
// BENCH_FANOUT_WORKERS (the worker threads the fan-out's clients are spread over, default 4),
// BENCH_OPTIONS (the options settled at once by the options part, default 10 000),
// BENCH_DIGITS (the bets on one period paid at once by the digits part, default 10 000),
// BENCH_PROFILE (set: the market part also writes a trace of its ticks to
// scripts/reports/market-trace.json, to open in Chromium's DevTools Performance panel; tracing
// slows the ticks, so its figures are not comparable).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, devices, type Page } from 'playwright';
import { build } from 'vite';
import { toolTexts } from '@bourse/web/build/tool-texts';
import { zodWithoutEval } from '@bourse/web/build/zod-without-eval';
import { loginRouteReport } from '../bundle-report.mjs';
import { digitsLines, digitsOk, digitsPart, type DigitsResult } from './digits.ts';
import { engineLines, enginePart, type EngineResult } from './engine.ts';
import { fanoutLines, fanoutPart, type FanoutResult } from './fanout.ts';
import { optionsLines, optionsOk, optionsPart, type OptionsResult } from './options.ts';
import {
  devtoolsPort,
  lighthouseLines,
  lighthousePart,
  type LighthouseResult,
} from './lighthouse.ts';
import type { ChartSample, ContractSample, MarketSample, OptionsPageSample } from './results.ts';
import { buildWebApp } from './server.ts';
import { kb, ms, summarize, type Summary } from './stats.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const reportsDir = join(repo, 'scripts', 'reports');

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const PORT = Number(process.env['BENCH_PORT'] ?? 18507);
const CHART_RUNS = Number(process.env['BENCH_RUNS'] ?? 12);
const MARKET_TICKS = Number(process.env['BENCH_TICKS'] ?? 100);
const CPU_SLOWDOWN = 4;
const DEVICE = 'Pixel 7';
const CHART_SIZES = [1_000, 5_000, 10_000] as const;

/** The market list's aim (issue 8): a tick fits in a 60 Hz frame, and no long task. */
const PROFILE = (process.env['BENCH_PROFILE'] ?? '') !== '';
const BUDGET = { loginKb: 120, tickP95Ms: 16, longTaskMs: 50 } as const;

// ---- which parts run ------------------------------------------------------------------------

const PARTS = [
  'bundle',
  'chart',
  'market',
  'contract',
  'options-page',
  'lighthouse',
  'fanout',
  'engine',
  'options',
  'digits',
] as const;
type Part = (typeof PARTS)[number];

/** BENCH_ONLY: the parts asked for (all when unset); an unknown name stops the run. */
function partsAsked(value: string | undefined): ReadonlySet<Part> {
  if (value === undefined || value.trim() === '') return new Set(PARTS);
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(PARTS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(`BENCH_ONLY: unknown part ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
  }
  return new Set(PARTS.filter((part) => names.includes(part)));
}

const ONLY = partsAsked(process.env['BENCH_ONLY']);
const runs = (part: Part): boolean => ONLY.has(part);

// ---- builds ---------------------------------------------------------------------------------

/** The two bench pages, with our chart, lightweight-charts and the Market screen in them. */
async function buildBenchPages(outDir: string): Promise<void> {
  const pages = join(here, 'pages');
  await build({
    root: pages,
    configFile: false,
    base: './',
    logLevel: 'warn',
    plugins: [react(), zodWithoutEval(), toolTexts()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // a trace names the app's own functions
      minify: !PROFILE,
      rolldownOptions: {
        input: {
          chart: join(pages, 'chart.html'),
          market: join(pages, 'market.html'),
          contract: join(pages, 'contract.html'),
          options: join(pages, 'options.html'),
        },
      },
    },
  });
}

// ---- login route ----------------------------------------------------------------------------

/** Packages and folders that must only load with the chart pages. */
const CHART_ONLY = [
  /\/node_modules\/d3(-[a-z-]+)?\//,
  /\/features\/candle-chart\//,
  /lightweight-charts/,
];

interface BundleResult {
  readonly gzip: number;
  readonly raw: number;
  readonly chunks: readonly { file: string; gzip: number }[];
  /** chart-only sources found in the login route's chunks */
  readonly chartCode: readonly string[];
}

function bundleCheck(dist: string): BundleResult {
  const { rows, total } = loginRouteReport(dist);
  const chartCode = rows.flatMap((row) => {
    const map = join(dist, `${row.file}.map`);
    // Only the bundler's own runtime helper comes without a map.
    if (!existsSync(map)) return [];
    const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
    return sources
      .filter((source) => CHART_ONLY.some((pattern) => pattern.test(source)))
      .map((source) => `${row.file}: ${source.replace(/^(\.\.\/)+/, '')}`);
  });
  return {
    gzip: total.gzip,
    raw: total.raw,
    chunks: rows.map((row) => ({ file: row.file, gzip: row.gzip })),
    chartCode,
  };
}

// ---- serving and driving the pages ----------------------------------------------------------

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

function serve(root: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      done(server);
    });
  });
}

interface BenchRun {
  readonly browser: string;
  readonly chart?: readonly ChartSample[];
  readonly market?: MarketSample;
  readonly contract?: ContractSample;
  readonly optionsPage?: OptionsPageSample;
}

async function runInBrowser(origin: string): Promise<BenchRun> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const context = await browser.newContext({ ...devices[DEVICE] });
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      console.error('[page]', error);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    if (!runs('chart')) {
      const market = await marketPart(page, origin);
      const contract = await contractPart(page, origin);
      const optionsPage = await optionsPagePart(page, origin);
      return { browser: browser.version(), market, contract, optionsPage };
    }
    console.log(`chart: ${CHART_SIZES.join(', ')} candles, ${String(CHART_RUNS)} runs each…`);
    await page.goto(`${origin}/chart.html`);
    const chart = await page.evaluate(
      async (options) => {
        const bench = (globalThis as unknown as Record<string, unknown>)['chartBench'] as (
          input: typeof options,
        ) => Promise<ChartSample[]>;
        return bench(options);
      },
      { sizes: [...CHART_SIZES], runs: CHART_RUNS },
    );
    const market = await marketPart(page, origin);
    return {
      browser: browser.version(),
      chart,
      market,
      contract: await contractPart(page, origin),
      optionsPage: await optionsPagePart(page, origin),
    };
  } finally {
    await browser.close();
  }
}

// ---- market list ----------------------------------------------------------------------------

async function marketPart(page: Page, origin: string): Promise<MarketSample | undefined> {
  if (!runs('market')) return undefined;
  console.log(`market: 200 symbols at 10 Hz, ${String(MARKET_TICKS)} ticks…`);
  await page.goto(`${origin}/market.html`);
  if (PROFILE) {
    await page
      .context()
      .browser()
      ?.startTracing(page, {
        path: join(reportsDir, 'market-trace.json'),
        screenshots: false,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.frame',
          'disabled-by-default-v8.cpu_profiler',
          'v8.execute',
          'blink.user_timing',
          'loading',
        ],
      });
  }
  const sample = await page.evaluate(
    async (options) => {
      const bench = (globalThis as unknown as Record<string, unknown>)['marketBench'] as (
        input: typeof options,
      ) => Promise<MarketSample>;
      return bench(options);
    },
    { symbols: 200, hz: 10, ticks: MARKET_TICKS, warmupTicks: 10 },
  );
  if (PROFILE) {
    await page.context().browser()?.stopTracing();
    console.log('market: trace written to scripts/reports/market-trace.json');
  }
  return sample;
}

// ---- contract page --------------------------------------------------------------------------

/** The contract page's positions: each its own symbol, every price moving each tick. */
const CONTRACT_POSITIONS = 20;

async function contractPart(page: Page, origin: string): Promise<ContractSample | undefined> {
  if (!runs('contract')) return undefined;
  console.log(
    `contract: ${String(CONTRACT_POSITIONS)} open positions at 10 Hz, ${String(MARKET_TICKS)} ticks…`,
  );
  await page.goto(`${origin}/contract.html`);
  return page.evaluate(
    async (options) => {
      const bench = (globalThis as unknown as Record<string, unknown>)['contractBench'] as (
        input: typeof options,
      ) => Promise<ContractSample>;
      return bench(options);
    },
    { positions: CONTRACT_POSITIONS, hz: 10, ticks: MARKET_TICKS, warmupTicks: 10 },
  );
}

// ---- options page ---------------------------------------------------------------------------

/** The options page's running orders: as many as one user may hold, each its own symbol. */
const OPTION_ORDERS = 20;

async function optionsPagePart(page: Page, origin: string): Promise<OptionsPageSample | undefined> {
  if (!runs('options-page')) return undefined;
  console.log(
    `options-page: ${String(OPTION_ORDERS)} running orders at 10 Hz, ${String(MARKET_TICKS)} ticks…`,
  );
  await page.goto(`${origin}/options.html`);
  return page.evaluate(
    async (options) => {
      const bench = (globalThis as unknown as Record<string, unknown>)['optionsBench'] as (
        input: typeof options,
      ) => Promise<OptionsPageSample>;
      return bench(options);
    },
    { orders: OPTION_ORDERS, hz: 10, ticks: MARKET_TICKS, warmupTicks: 10 },
  );
}

// ---- the report -----------------------------------------------------------------------------

type BundleReport = BundleResult & { readonly budgetKb: number; readonly withinBudget: boolean };

interface ChartReport {
  readonly library: string;
  readonly candles: number;
  readonly setData: { readonly work: Summary; readonly painted: Summary };
  readonly update: { readonly work: Summary; readonly painted: Summary };
}

interface MarketReport {
  readonly symbols: number;
  readonly listed: number;
  readonly rows: number;
  readonly hz: number;
  readonly tick: Summary;
  /** the socket message task's part of a tick; the rest is the apply task after the next frame */
  readonly message: Summary;
  readonly tickP95BudgetMs: number;
  readonly longTasks: readonly number[];
  readonly longestTask: number;
}

interface ContractReport {
  readonly positions: number;
  readonly cards: number;
  readonly hz: number;
  readonly tick: Summary;
  readonly message: Summary;
  readonly tickP95BudgetMs: number;
  readonly longTasks: readonly number[];
  readonly longestTask: number;
}

interface OptionsPageReport {
  readonly orders: number;
  readonly cards: number;
  readonly hz: number;
  readonly tick: Summary;
  readonly message: Summary;
  readonly tickP95BudgetMs: number;
  readonly longTasks: readonly number[];
  readonly longestTask: number;
}

/** The parts that did not run (BENCH_ONLY) are absent. */
interface Report {
  readonly date: string;
  readonly commit: string;
  readonly environment: {
    readonly browser: string;
    readonly device: string;
    readonly cpuSlowdown: number;
    readonly node: string;
  };
  readonly bundle?: BundleReport;
  readonly chart?: readonly ChartReport[];
  readonly market?: MarketReport;
  readonly contract?: ContractReport;
  readonly optionsPage?: OptionsPageReport;
  readonly lighthouse?: LighthouseResult;
  readonly fanout?: FanoutResult;
  readonly engine?: EngineResult;
  readonly options?: OptionsResult;
  readonly digits?: DigitsResult;
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repo,
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
}

const verdict = (ok: boolean) => (ok ? 'yes' : '**no**');

const bundleLines = (bundle: BundleReport): string[] => [
  '## Login route, initial JS',
  '',
  `- gzipped: **${kb(bundle.gzip)}** (raw ${kb(bundle.raw)}), budget ${String(bundle.budgetKb)} KB: within budget ${verdict(bundle.withinBudget)}`,
  `- d3 and chart code absent: ${verdict(bundle.chartCode.length === 0)}${bundle.chartCode.length === 0 ? '' : ` (${bundle.chartCode.join('; ')})`}`,
  `- JS files before it draws: ${String(bundle.chunks.length)} (every route's are held to web/budgets.json by \`npm run check:budgets\`)`,
  '',
  '| chunk | gzipped |',
  '| --- | ---: |',
  ...bundle.chunks.slice(0, 8).map((chunk) => `| ${chunk.file} | ${kb(chunk.gzip)} |`),
  '',
];

const chartLines = (chart: readonly ChartReport[]): string[] => [
  '## Chart: our canvas chart and lightweight-charts 5.2.1, same candles, same page',
  '',
  '*work*: main-thread time of the call plus the frame callbacks it caused (where both draw);',
  '*painted*: from the call until the next frame was produced (includes waiting for the frame).',
  'Milliseconds, median / p95.',
  '',
  '| candles | library | setData work | setData painted | update work | update painted |',
  '| ---: | --- | ---: | ---: | ---: | ---: |',
  ...chart.map(
    (row) =>
      `| ${row.candles.toLocaleString('en')} | ${row.library} | ${ms(row.setData.work.median)} / ${ms(row.setData.work.p95)} | ${ms(row.setData.painted.median)} / ${ms(row.setData.painted.p95)} | ${ms(row.update.work.median)} / ${ms(row.update.work.p95)} | ${ms(row.update.painted.median)} / ${ms(row.update.painted.p95)} |`,
  ),
  '',
  ...CHART_SIZES.map((size) => {
    const ours = chart.find((row) => row.library === 'bourse' && row.candles === size);
    const theirs = chart.find((row) => row.library !== 'bourse' && row.candles === size);
    if (ours === undefined || theirs === undefined) return '';
    const setRatio = ours.setData.work.median / theirs.setData.work.median;
    const updateRatio = ours.update.work.median / theirs.update.work.median;
    return `- ${size.toLocaleString('en')} candles: ours takes ${setRatio.toFixed(2)}× their setData work and ${updateRatio.toFixed(2)}× their update work (median; below 1 is faster)`;
  }),
  '',
];

const marketLines = (market: MarketReport): string[] => [
  `## Market list: ${String(market.symbols)} symbols, every price moving, Data24h at ${String(market.hz)} Hz`,
  '',
  'Per tick: main-thread work from the frame arriving at the socket to the list parsed, rendered, committed and laid out: the message task, plus the next frame and the task the app posts from it to apply the data (stores, React render and commit) up to its style and layout; not the wait between them.',
  '',
  `- symbols in the list: ${String(market.listed)}; rows rendered: ${String(market.rows)} (the list renders the rows in view and a few around them)`,
  `- per tick (${String(market.tick.n)} ticks): median ${ms(market.tick.median)} ms, **p95 ${ms(market.tick.p95)} ms** (aim ≤ ${String(market.tickP95BudgetMs)}: ${verdict(market.tick.p95 <= market.tickP95BudgetMs)}), max ${ms(market.tick.max)} ms`,
  `- of which the message task (parse and check, and what the app does at once): median ${ms(market.message.median)} ms, p95 ${ms(market.message.p95)} ms; the rest is the apply task and its style and layout`,
  `- long tasks: ${String(market.longTasks.length)}, longest ${ms(market.longestTask)} ms (none over ${String(BUDGET.longTaskMs)} ms: ${verdict(market.longestTask <= BUDGET.longTaskMs)})`,
  '',
];

const contractLines = (contract: ContractReport): string[] => [
  `## Contract page: ${String(contract.positions)} open positions repricing, Data24h at ${String(contract.hz)} Hz`,
  '',
  "Per tick, measured as the market list's: every position's symbol moves, so every card's PnL, profit rate and margin ratio are computed again (the shared formulas) and re-rendered.",
  '',
  `- position cards rendered: ${String(contract.cards)}`,
  `- per tick (${String(contract.tick.n)} ticks): median ${ms(contract.tick.median)} ms, **p95 ${ms(contract.tick.p95)} ms** (aim ≤ ${String(contract.tickP95BudgetMs)}: ${verdict(contract.tick.p95 <= contract.tickP95BudgetMs)}), max ${ms(contract.tick.max)} ms`,
  `- of which the message task: median ${ms(contract.message.median)} ms, p95 ${ms(contract.message.p95)} ms`,
  `- long tasks: ${String(contract.longTasks.length)}, longest ${ms(contract.longestTask)} ms (none over ${String(BUDGET.longTaskMs)} ms: ${verdict(contract.longestTask <= BUDGET.longTaskMs)})`,
  '',
];

const optionsPageLines = (options: OptionsPageReport): string[] => [
  `## Options page: ${String(options.orders)} running orders re-estimating, Data24h at ${String(options.hz)} Hz`,
  '',
  "Per tick, measured as the market list's: every running order's symbol moves, so every card's estimated profit or loss is computed again (the shared options formulas), and the trend line of the symbol in view moves.",
  '',
  `- running-order cards rendered: ${String(options.cards)}`,
  `- per tick (${String(options.tick.n)} ticks): median ${ms(options.tick.median)} ms, **p95 ${ms(options.tick.p95)} ms** (aim ≤ ${String(options.tickP95BudgetMs)}: ${verdict(options.tick.p95 <= options.tickP95BudgetMs)}), max ${ms(options.tick.max)} ms`,
  `- of which the message task: median ${ms(options.message.median)} ms, p95 ${ms(options.message.p95)} ms`,
  `- long tasks: ${String(options.longTasks.length)}, longest ${ms(options.longestTask)} ms (none over ${String(BUDGET.longTaskMs)} ms: ${verdict(options.longestTask <= BUDGET.longTaskMs)})`,
  '',
];

function markdown(report: Report): string {
  const lines = [
    '# Benchmark',
    '',
    `${report.date}, commit ${report.commit}; ${report.environment.browser}, ${report.environment.device} profile, CPU slowed ${String(report.environment.cpuSlowdown)}× (CDP), Node ${report.environment.node}.`,
    `Parts run: ${[...ONLY].join(', ')}.`,
    '',
    ...(report.bundle ? bundleLines(report.bundle) : []),
    ...(report.chart ? chartLines(report.chart) : []),
    ...(report.market ? marketLines(report.market) : []),
    ...(report.contract ? contractLines(report.contract) : []),
    ...(report.optionsPage ? optionsPageLines(report.optionsPage) : []),
    ...(report.lighthouse ? lighthouseLines(report.lighthouse) : []),
    ...(report.fanout ? fanoutLines(report.fanout) : []),
    ...(report.engine ? ['', ...engineLines(report.engine)] : []),
    ...(report.options ? ['', ...optionsLines(report.options)] : []),
    ...(report.digits ? ['', ...digitsLines(report.digits)] : []),
  ];
  return lines.join('\n');
}

function bundleReport(dist: string): BundleReport {
  const bundle = bundleCheck(dist);
  return {
    ...bundle,
    budgetKb: BUDGET.loginKb,
    withinBudget: bundle.gzip <= BUDGET.loginKb * 1024,
  };
}

const chartReport = (samples: readonly ChartSample[]): ChartReport[] =>
  samples.map((sample) => ({
    library: sample.library,
    candles: sample.candles,
    setData: { work: summarize(sample.setData.work), painted: summarize(sample.setData.painted) },
    update: { work: summarize(sample.update.work), painted: summarize(sample.update.painted) },
  }));

const marketReport = (sample: MarketSample): MarketReport => ({
  symbols: sample.symbols,
  listed: sample.listed,
  rows: sample.rows,
  hz: sample.hz,
  tick: summarize(sample.tickMs),
  message: summarize(sample.messageMs),
  tickP95BudgetMs: BUDGET.tickP95Ms,
  longTasks: sample.longTasks,
  longestTask: Math.max(0, ...sample.longTasks),
});

const contractReport = (sample: ContractSample): ContractReport => ({
  positions: sample.positions,
  cards: sample.cards,
  hz: sample.hz,
  tick: summarize(sample.tickMs),
  message: summarize(sample.messageMs),
  tickP95BudgetMs: BUDGET.tickP95Ms,
  longTasks: sample.longTasks,
  longestTask: Math.max(0, ...sample.longTasks),
});

const optionsPageReport = (sample: OptionsPageSample): OptionsPageReport => ({
  orders: sample.orders,
  cards: sample.cards,
  hz: sample.hz,
  tick: summarize(sample.tickMs),
  message: summarize(sample.messageMs),
  tickP95BudgetMs: BUDGET.tickP95Ms,
  longTasks: sample.longTasks,
  longestTask: Math.max(0, ...sample.longTasks),
});

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bourse-bench-'));
  let server: Server | undefined;
  try {
    let bundle: BundleReport | undefined;
    if (runs('bundle')) {
      console.log('building the web app…');
      await buildWebApp(join(work, 'web'));
      bundle = bundleReport(join(work, 'web'));
    }
    let run: BenchRun | undefined;
    if (runs('chart') || runs('market') || runs('contract') || runs('options-page')) {
      console.log('building the bench pages…');
      await buildBenchPages(join(work, 'pages'));
      server = await serve(join(work, 'pages'), PORT);
      run = await runInBrowser(`http://127.0.0.1:${String(PORT)}`);
    }
    const lighthouse = runs('lighthouse')
      ? await lighthousePart({
          ...(bundle && { webDir: join(work, 'web') }),
          port: PORT + 10,
          debuggingPort: devtoolsPort(),
        })
      : undefined;
    const fanout = runs('fanout') ? await fanoutPart(PORT + 11) : undefined;
    const engine = runs('engine') ? await enginePart() : undefined;
    const options = runs('options') ? await optionsPart() : undefined;
    const digits = runs('digits') ? await digitsPart() : undefined;

    const report: Report = {
      date: new Date().toISOString(),
      commit: gitCommit(),
      environment: {
        browser: run === undefined ? 'none' : `Chromium ${run.browser}`,
        device: DEVICE,
        cpuSlowdown: CPU_SLOWDOWN,
        node: process.version,
      },
      ...(bundle && { bundle }),
      ...(run?.chart && { chart: chartReport(run.chart) }),
      ...(run?.market && { market: marketReport(run.market) }),
      ...(run?.contract && { contract: contractReport(run.contract) }),
      ...(run?.optionsPage && { optionsPage: optionsPageReport(run.optionsPage) }),
      ...(lighthouse && { lighthouse }),
      ...(fanout && { fanout }),
      ...(engine && { engine }),
      ...(options && { options }),
      ...(digits && { digits }),
    };

    mkdirSync(reportsDir, { recursive: true });
    const text = markdown(report);
    writeFileSync(join(reportsDir, 'bench.md'), text);
    writeFileSync(
      join(reportsDir, 'bench.json'),
      `${JSON.stringify({ ...report, samples: run }, null, 2)}\n`,
    );
    console.log(`\n${text}\nwritten to scripts/reports/bench.md and bench.json`);
    // a settlement over its aim, or an order or a bet settled twice or never, fails the run
    if (options && !optionsOk(options)) process.exitCode = 1;
    if (digits && !digitsOk(digits)) process.exitCode = 1;
  } finally {
    server?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();

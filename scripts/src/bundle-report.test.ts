import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  budgetOverruns,
  budgetsFor,
  registeredPages,
  routeReports,
  type RouteReport,
} from '../bundle-report.mjs';

const ROUTES = `
export const PAGE_ROUTES = [
  { path: PATHS.root, load: () => import('#pages/login'), guestOnly: true },
  { path: PATHS.login, load: () => import('#pages/login'), guestOnly: true },
  { path: PATHS.home, load: () => import('#pages/home'), auth: true },
];
export const notFoundPage = () => loadPage(() => import('#pages/not-found'));
`;

// A tiny build: an entry with one shared chunk, two pages (home also lazily loads a chart it
// must not be charged for), the texts split by group in two languages, and each page's first
// texts (the shell's and its groups') in one file per language.
let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'bundle-report-'));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  const files: Record<string, string> = {
    'assets/index.js': 'x'.repeat(1000),
    'assets/shared.js': 'console.log("shared");',
    'assets/login.js': 'export const login = 1;',
    'assets/home.js': 'export const home = 2;',
    'assets/chart.js': 'y'.repeat(5000),
    'assets/not-found.js': 'export const nf = 3;',
    'assets/texts-en-shell.js': 'export default {"common":{"back":"Back"}};',
    'assets/texts-en-login.js': 'export default {"login":{"title":"Log in"}};',
    'assets/texts-en-home.js': 'export default {"home":{"title":"Home"}};',
    'assets/texts-de-shell.js': 'export default {"common":{"back":"Zurück"}};',
    'assets/texts-de-login.js': 'export default {"login":{"title":"Anmelden"}};',
    'assets/texts-de-home.js': 'export default {"home":{"title":"Start"}};',
    'assets/texts-en-@login.js': 'export default {"shell":{},"login":{"title":"Log in"}};',
    'assets/texts-en-@home.js': 'export default {"shell":{},"home":{"title":"Home"}};',
    'assets/texts-en-@not-found.js': 'export default {"shell":{}};',
    'assets/texts-de-@login.js': 'export default {"shell":{},"login":{"title":"Anmelden"}};',
    'assets/texts-de-@home.js': 'export default {"shell":{},"home":{"title":"Start"}};',
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dist, file), text);
  const manifest = {
    'index.html': { file: 'assets/index.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    'src/pages/login/index.ts': { file: 'assets/login.js', imports: ['_shared.js'] },
    'src/pages/home/index.ts': { file: 'assets/home.js', dynamicImports: ['src/chart.ts'] },
    'src/chart.ts': { file: 'assets/chart.js' },
    'src/pages/not-found/index.ts': { file: 'assets/not-found.js' },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  const texts = {
    fallback: 'en',
    shell: 'shell',
    files: Object.fromEntries(
      ['en', 'de'].map((language) => [
        language,
        Object.fromEntries(
          ['shell', 'login', 'home'].map((group) => [
            group,
            `assets/texts-${language}-${group}.js`,
          ]),
        ),
      ]),
    ),
    pages: { login: ['login'], home: ['home'], 'not-found': [] },
    packs: Object.fromEntries(
      ['en', 'de'].map((language) => [
        language,
        Object.fromEntries(
          ['login', 'home', 'not-found'].map((page) => [
            page,
            `assets/texts-${language}-@${page}.js`,
          ]),
        ),
      ]),
    ),
  };
  writeFileSync(join(dist, '.vite', 'texts.json'), JSON.stringify(texts));
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

describe('the route budgets', () => {
  it('cover every registered page once, the not-found page too', () => {
    expect(registeredPages(ROUTES)).toEqual(['login', 'home', 'not-found']);
  });

  it('charge a route its entry, page, static imports and the English texts it draws, each file once', () => {
    const [login, home, notFound] = routeReports(dist, ROUTES);
    expect(login?.rows.map((row) => row.file).sort()).toEqual([
      'assets/index.js',
      'assets/login.js',
      'assets/shared.js',
      'assets/texts-en-@login.js',
    ]);
    // one request per file before the route draws
    expect(login?.requests).toBe(4);
    expect(home?.requests).toBe(4);
    // Another page's texts, and any other language's, are not on its first screen; nor are the
    // groups' own files, which only later routes load.
    expect(home?.rows.map((row) => row.file)).toContain('assets/texts-en-@home.js');
    expect(home?.rows.map((row) => row.file)).not.toContain('assets/texts-en-@login.js');
    expect(home?.rows.map((row) => row.file)).not.toContain('assets/texts-de-@home.js');
    expect(home?.rows.map((row) => row.file)).not.toContain('assets/texts-en-home.js');
    expect(notFound?.rows.map((row) => row.file)).toContain('assets/texts-en-@not-found.js');
    // What a page loads later (its chart) is not on its first screen.
    expect(home?.rows.map((row) => row.file)).not.toContain('assets/chart.js');
    for (const report of [login, home]) {
      const sum = (key: 'raw' | 'gzip' | 'brotli') =>
        report?.rows.reduce((total, row) => total + row[key], 0);
      expect(report?.total).toEqual({ raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') });
      expect(report?.total.brotli).toBeLessThan(report?.total.raw ?? 0);
    }
  });

  it('fail naming the route, the encoding and the overrun', () => {
    const reports = routeReports(dist, ROUTES);
    const budgets = budgetsFor(reports, 2);
    expect(budgetOverruns(reports, budgets)).toEqual([]);

    const login = reports[0] as RouteReport;
    const tight = {
      routes: {
        ...budgets.routes,
        login: { brotli: login.total.brotli - 10, gzip: 1e9, requests: 99 },
      },
    };
    expect(budgetOverruns(reports, tight)).toEqual([
      expect.stringMatching(
        /^route "login": initial JS is .* brotli, .*\(10 bytes\) over its budget/,
      ),
    ]);
  });

  it('fail naming the route and its JS requests when it loads more files than its budget', () => {
    const reports = routeReports(dist, ROUTES);
    const budgets = budgetsFor(reports, 2);
    const home = reports[1] as RouteReport;
    expect(budgets.routes['home']?.requests).toBe(home.requests);
    const tight = {
      routes: { ...budgets.routes, home: { brotli: 1e9, gzip: 1e9, requests: home.requests - 1 } },
    };
    expect(budgetOverruns(reports, tight)).toEqual([
      `route "home": ${String(home.requests)} JS requests before it draws, 1 over its budget of ${String(home.requests - 1)}`,
    ]);
  });

  it('fail a route over the requests any route may make, whatever its own budget', () => {
    const reports = routeReports(dist, ROUTES);
    const budgets = budgetsFor(reports, 2, 3);
    expect(budgets.maxRequests).toBe(3);
    // each route loads 4 files: its own budget (set at 4) passes, the ceiling does not
    expect(budgetOverruns(reports, budgets)).toEqual(
      ['login', 'home', 'not-found'].map(
        (slice) =>
          `route "${slice}": 4 JS requests before it draws, 1 over the 3 any route may make`,
      ),
    );
    expect(budgetOverruns(reports, budgetsFor(reports, 2, 4))).toEqual([]);
    expect(budgetsFor(reports, 2).maxRequests).toBe(15);
  });

  it('fail for a route without a budget and for a budget without a route', () => {
    const reports = routeReports(dist, ROUTES);
    const others = Object.fromEntries(
      Object.entries(budgetsFor(reports, 2).routes).filter(([slice]) => slice !== 'home'),
    );
    expect(
      budgetOverruns(reports, { routes: { ...others, gone: { brotli: 1, gzip: 1, requests: 1 } } }),
    ).toEqual([
      expect.stringContaining('route "home" has no budget'),
      expect.stringContaining('budget for "gone", which is no registered route'),
    ]);
  });
});

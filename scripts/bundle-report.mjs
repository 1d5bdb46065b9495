// What each route costs a phone on first visit: the entry chunk, the route's page chunk, their
// static imports and the English texts it draws (the shell's and its own groups, one file),
// compressed as a server sends them (brotli at quality 11, gzip at level 9), read from the Vite
// build manifest, and how many JS files that is (each a request before the route draws); and the
// check of those figures against the budgets in web/budgets.json.
// Usage: node scripts/bundle-report.mjs [web/dist]            every route, chunk by chunk for login
//        node scripts/bundle-report.mjs --check [web/dist]    fail when a route is over its budget
//        node scripts/bundle-report.mjs --write [web/dist]    set each budget at today's size + slack
// (the benchmark, `npm run bench`, reuses `loginRouteReport`)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ROUTES_FILE = join(ROOT, 'web/src/app/routes.tsx');
export const BUDGETS_FILE = join(ROOT, 'web/budgets.json');
/**
 * Which texts each page's first screen loads, written by the build (web/build/texts.ts): one
 * chunk per language and page holding the shell's texts and the page's groups (a later route
 * loads the groups it lacks, one chunk each). The report counts English, the default language.
 */
const TEXTS_MANIFEST = join('.vite', 'texts.json');

/** The page slices the router registers (`import('#pages/<slice>')`), each once, in order. */
export function registeredPages(source) {
  const slices = [...source.matchAll(/import\(\s*['"]#pages\/([\w-]+)['"]\s*\)/g)].map(
    (match) => match[1],
  );
  return [...new Set(slices)];
}

/** Reads a build's manifest and sizes its files, each file compressed once. */
export function readBuild(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const texts = JSON.parse(readFileSync(join(dist, TEXTS_MANIFEST), 'utf8'));
  const sizes = new Map();
  const sizeOf = (file) => {
    let size = sizes.get(file);
    if (size === undefined) {
      const bytes = readFileSync(join(dist, file));
      size = {
        file,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }).length,
      };
      sizes.set(file, size);
    }
    return size;
  };
  return { manifest, texts, sizeOf };
}

/** The file of the texts a page's first screen draws, in the default language. */
function textFiles(texts, slice) {
  const file = texts.packs?.[texts.fallback]?.[slice];
  if (file === undefined) throw new Error(`no texts for the ${slice} page in ${TEXTS_MANIFEST}`);
  return [file];
}

/** The chunks a page's route loads before it can draw, each sized, largest first, and the sum. */
export function routeReport(build, slice) {
  const { manifest, texts, sizeOf } = build;
  const find = (suffix) => {
    const key = Object.keys(manifest).find((name) => name.endsWith(suffix));
    if (key === undefined) throw new Error(`no chunk ends with ${suffix} in the build manifest`);
    return key;
  };
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`no chunk ${key} in the build manifest`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  ['index.html', find(`src/pages/${slice}/index.ts`)].forEach(visit);

  const rows = [
    ...new Set([...[...seen].map((key) => manifest[key].file), ...textFiles(texts, slice)]),
  ]
    .map(sizeOf)
    .sort((a, b) => b.brotli - a.brotli);
  const total = rows.reduce(
    (sum, row) => ({
      raw: sum.raw + row.raw,
      gzip: sum.gzip + row.gzip,
      brotli: sum.brotli + row.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
  return { slice, rows, total, requests: rows.length };
}

/** Every registered route's report. */
export function routeReports(dist, routesSource = readFileSync(ROUTES_FILE, 'utf8')) {
  const build = readBuild(dist);
  return registeredPages(routesSource).map((slice) => routeReport(build, slice));
}

/** The login route's report (the benchmark prints it). */
export function loginRouteReport(dist) {
  return routeReport(readBuild(dist), 'login');
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * What is wrong with `reports` against `budgets` ({ maxRequests, routes: { slice: { brotli, gzip,
 * requests } } }), one sentence each: a route over a budget (by how much), over the JS files any
 * route may load before it draws (`maxRequests`), a route without budgets, a budget for a route
 * that is not registered.
 */
export function budgetOverruns(reports, budgets) {
  const problems = [];
  const known = new Set(reports.map((report) => report.slice));
  for (const report of reports) {
    if (typeof budgets.maxRequests === 'number' && report.requests > budgets.maxRequests) {
      problems.push(
        `route "${report.slice}": ${report.requests} JS requests before it draws, ` +
          `${report.requests - budgets.maxRequests} over the ${budgets.maxRequests} any route may make`,
      );
    }
    const budget = budgets.routes?.[report.slice];
    if (budget === undefined) {
      problems.push(
        `route "${report.slice}" has no budget in web/budgets.json: add one (--write sets them)`,
      );
      continue;
    }
    if (typeof budget.requests !== 'number') {
      problems.push(`route "${report.slice}" has no requests budget in web/budgets.json`);
    } else if (report.requests > budget.requests) {
      problems.push(
        `route "${report.slice}": ${report.requests} JS requests before it draws, ` +
          `${report.requests - budget.requests} over its budget of ${budget.requests}`,
      );
    }
    for (const encoding of ['brotli', 'gzip']) {
      const limit = budget[encoding];
      const actual = report.total[encoding];
      if (typeof limit !== 'number') {
        problems.push(`route "${report.slice}" has no ${encoding} budget in web/budgets.json`);
      } else if (actual > limit) {
        problems.push(
          `route "${report.slice}": initial JS is ${kb(actual)} ${encoding}, ` +
            `${kb(actual - limit)} (${actual - limit} bytes) over its budget of ${kb(limit)}`,
        );
      }
    }
  }
  for (const slice of Object.keys(budgets.routes ?? {})) {
    if (!known.has(slice)) {
      problems.push(`web/budgets.json has a budget for "${slice}", which is no registered route`);
    }
  }
  return problems;
}

/** The JS files any route may load before it draws (issue 26: a round trip each on slow 4G). */
export const MAX_REQUESTS = 15;

/**
 * Budgets at today's sizes plus `slackPercent`, rounded up to the next 100 bytes, and today's JS
 * requests (a file more is a round trip more: no slack), under `maxRequests` for every route.
 */
export function budgetsFor(reports, slackPercent, maxRequests = MAX_REQUESTS) {
  const withSlack = (bytes) => Math.ceil((bytes * (1 + slackPercent / 100)) / 100) * 100;
  return {
    $comment:
      'Initial JS per route (entry + page chunk + their static imports + the English texts it ' +
      'draws): in bytes as a server sends it, and in files (requests before the route draws; ' +
      'none may make more than maxRequests). `npm test` fails when a route grows past its ' +
      'budget; `node scripts/bundle-report.mjs --write web/dist` resets them to the build + slack.',
    slackPercent,
    maxRequests,
    routes: Object.fromEntries(
      reports.map((report) => [
        report.slice,
        {
          brotli: withSlack(report.total.brotli),
          gzip: withSlack(report.total.gzip),
          requests: report.requests,
        },
      ]),
    ),
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const mode = args.find((arg) => arg.startsWith('--')) ?? '--print';
  const dist = args.find((arg) => !arg.startsWith('--')) ?? join(ROOT, 'web/dist');
  const reports = routeReports(dist);

  if (mode === '--print') {
    const login = reports.find((report) => report.slice === 'login');
    for (const row of login?.rows ?? [])
      console.log(
        `${kb(row.brotli).padStart(9)} br ${kb(row.gzip).padStart(9)} gz ${kb(row.raw).padStart(9)}  ${row.file}`,
      );
    console.log('');
  }
  for (const { slice, total, requests } of reports)
    console.log(
      `${kb(total.brotli).padStart(9)} br ${kb(total.gzip).padStart(9)} gz ${kb(total.raw).padStart(9)} ${String(requests).padStart(3)} files  ${slice} route, initial JS in all`,
    );

  if (mode === '--write') {
    const previous = JSON.parse(readFileSync(BUDGETS_FILE, 'utf8'));
    const budgets = budgetsFor(reports, previous.slackPercent ?? 2, previous.maxRequests);
    writeFileSync(BUDGETS_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
    console.log(`\nwrote ${BUDGETS_FILE}`);
  } else if (mode === '--check') {
    const problems = budgetOverruns(reports, JSON.parse(readFileSync(BUDGETS_FILE, 'utf8')));
    if (problems.length > 0) {
      console.error(
        `\nOver budget (web/budgets.json):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      );
      process.exitCode = 1;
    } else {
      console.log(`\nevery route is within its budget (web/budgets.json)`);
    }
  }
}

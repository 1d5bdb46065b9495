// What the login route costs a phone on first visit: the entry chunk, the login page chunk, their
// static imports and the English texts, gzipped, read from the Vite build manifest.
// Usage: node scripts/bundle-report.mjs [web/dist]   (the benchmark, `npm run bench`, reuses it)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The chunks the login route loads before it can draw, each with its raw and gzipped size. */
export function loginRouteReport(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`no chunk ${key} in the manifest`);
      seen.add(key);
      for (const next of chunk.imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return [...seen];
  };

  const find = (suffix) => {
    const key = Object.keys(manifest).find((name) => name.endsWith(suffix));
    if (!key) throw new Error(`no chunk ends with ${suffix}`);
    return key;
  };

  const keys = closure(['index.html', find('src/pages/login/index.ts'), find('locales/en.json')]);
  const rows = keys
    .map((key) => {
      const file = manifest[key].file;
      const bytes = readFileSync(join(dist, file));
      return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), {
    raw: 0,
    gzip: 0,
  });
  return { rows, total };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, total } = loginRouteReport(process.argv[2] ?? 'web/dist');
  for (const row of rows)
    console.log(`${kb(row.gzip).padStart(9)} gz  ${kb(row.raw).padStart(9)}  ${row.file}`);
  console.log(
    `${kb(total.gzip).padStart(9)} gz  ${kb(total.raw).padStart(9)}  login route, initial JS in all`,
  );
}

/**
 * The web app's build, `npm run build`: the browser's build into `dist` (or `--outDir <dir>`),
 * the prerendering's server build into a folder of its own that is removed afterwards, and the
 * prerendered pages written into the browser's build (`prerender-pages.ts`). The bench and the
 * compose check build through it too, so what they measure is what is served.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { prerenderPages } from './prerender-pages.ts';

const WEB_DIR = resolve(import.meta.dirname, '..');

export interface BuildOptions {
  /** where the app goes; web/dist unless told */
  readonly outDir?: string;
  /** quieter: warnings only */
  readonly quiet?: boolean;
}

/** Builds the app into `outDir` with its prerendered pages; returns how many pages. */
export async function buildWebApp(options: BuildOptions = {}): Promise<number> {
  const outDir = resolve(WEB_DIR, options.outDir ?? 'dist');
  const logLevel = options.quiet === true ? 'warn' : 'info';
  const configFile = join(WEB_DIR, 'vite.config.ts');
  await build({
    root: WEB_DIR,
    configFile,
    logLevel,
    build: { outDir, emptyOutDir: true },
  });
  const ssrDir = await mkdtemp(join(tmpdir(), 'bourse-prerender-'));
  try {
    await build({
      root: WEB_DIR,
      configFile,
      logLevel: 'warn',
      build: { ssr: 'src/app/prerender.tsx', outDir: ssrDir, emptyOutDir: true },
    });
    return (await prerenderPages(outDir, join(ssrDir, 'prerender.js'))).length;
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  // `--emptyOutDir` is taken for vite's own flag: the folder is always emptied first.
  const { values } = parseArgs({
    options: { outDir: { type: 'string' }, emptyOutDir: { type: 'boolean' } },
  });
  const started = performance.now();
  const pages = await buildWebApp(values.outDir === undefined ? {} : { outDir: values.outDir });
  console.log(
    `prerendered ${String(pages)} pages; built in ${String(Math.round(performance.now() - started))} ms`,
  );
}

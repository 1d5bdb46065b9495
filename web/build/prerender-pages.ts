/**
 * Writes each route's first screen as HTML, for each viewer it draws for and in every language
 * (`dist/_pages/<language>/<viewer><path>/index.html`, with brotli and gzip twins; a signed-in
 * screen as its frame, before any data), from the app's own
 * route table and components (`src/app/prerender.tsx`, built by `vite build --ssr`). Each file is
 * the built index.html with the screen inside `#root`, its `<html lang>`, and the route's CSS
 * inlined in place of the render-blocking stylesheet: the browser paints the screen from the
 * document alone, and the app then hydrates it. `build/build-app.ts` runs it after both builds.
 */
import { LANGUAGE_TAGS, LANGUAGES, type Language } from '@bourse/protocol/config';
import { prerenderedFile, type Viewer } from '@bourse/protocol/web-pages';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One chunk of Vite's `.vite/manifest.json`. */
export interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}
export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** What `src/app/prerender.tsx` exports, as built for Node. */
interface PrerenderModule {
  readonly PRERENDERED_ROUTES: readonly {
    readonly path: string;
    readonly page: string;
    readonly viewer: Viewer;
  }[];
  renderRoute(path: string, language: Language, viewer: Viewer): Promise<string>;
}

/**
 * The CSS files a page's first screen needs, in the order the browser would apply them: the
 * entry's (the shell, antd-mobile's base), then those of every chunk the page imports before it
 * runs, then the page's own.
 */
export function cssOfPage(manifest: Manifest, pageModule: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`prerender: ${key} is not in the manifest`);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) if (!files.includes(css)) files.push(css);
  };
  visit('index.html');
  visit(pageModule);
  return files;
}

const ROOT = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;
const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;

/**
 * The page: the built index.html with `markup` as `#root`'s content (marked with its language and
 * viewer, so the app hydrates it only when it starts as the same, and inert until it has),
 * `<html lang>` set, and `css` inlined where the stylesheet links were.
 */
export function pageHtml(
  template: string,
  page: {
    readonly markup: string;
    readonly language: Language;
    readonly viewer: Viewer;
    readonly css: string;
  },
): string {
  if (!ROOT.test(template)) throw new Error('prerender: index.html has no #root with its splash');
  if (!/<link rel="stylesheet"/.test(template))
    throw new Error('prerender: index.html links no stylesheet to inline');
  let inlined = false;
  return (
    template
      .replace(/<html lang="[^"]*"/, `<html lang="${LANGUAGE_TAGS[page.language]}"`)
      .replace(STYLESHEET, () => {
        if (inlined) return '';
        inlined = true;
        return `\n    <style>${page.css}</style>`;
      })
      // inert until the app has hydrated it (main.tsx): a field typed into or a button pressed
      // before then would be lost, and a form would submit itself as a plain GET
      .replace(
        ROOT,
        () =>
          `<div id="root" data-prerendered="${page.language}" data-viewer="${page.viewer}" inert>${page.markup}</div>`,
      )
  );
}

function writeWithTwins(file: string, html: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
  const bytes = Buffer.from(html);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/**
 * Prerenders every route in every language into the client build in `dist`, with the server
 * build's module `prerenderModule`; returns the files written.
 */
export async function prerenderPages(dist: string, prerenderModule: string): Promise<string[]> {
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const app = (await import(pathToFileURL(prerenderModule).href)) as PrerenderModule;
  const written: string[] = [];
  for (const route of app.PRERENDERED_ROUTES) {
    const css = cssOfPage(manifest, `src/pages/${route.page}/index.ts`)
      .map((file) => readFileSync(join(dist, file), 'utf8').trim())
      .join('\n');
    for (const language of LANGUAGES) {
      const markup = await app.renderRoute(route.path, language, route.viewer);
      const file = prerenderedFile(language, route.viewer, route.path);
      const page = { markup, language, viewer: route.viewer, css };
      writeWithTwins(join(dist, file), pageHtml(template, page));
      written.push(file);
    }
  }
  return written;
}

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
import { mkdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';

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
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g;
const ENTRY = /\s*<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/;
const PRELOAD_SCRIPT = /\s*<script>(\(function preloadAtStart[\s\S]*?)<\/script>/;

/**
 * A prerendered page starts its scripts after its first frame, not while it is parsed: the screen
 * is in the document, and a request started before the first paint only delays it (on a phone's
 * slow link, and in Lighthouse's simulation, which counts every request begun before it). The
 * entry's module preloads, the entry and index.html's preload script (the page's code and texts)
 * move into one inline script that runs them two frames in, or after 300 ms in a tab that draws
 * no frames (hidden).
 */
export function startAfterFirstFrame(html: string): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const entry = ENTRY.exec(html)?.[1];
  const preloadScript = PRELOAD_SCRIPT.exec(html)?.[1];
  if (entry === undefined || preloadScript === undefined)
    throw new Error('prerender: index.html has no entry script or no preload script to defer');
  const loader = [
    '(function(){var started=false;function start(){if(started)return;started=true;',
    `${preloadScript};`,
    `${JSON.stringify(preloads)}.forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.appendChild(link)});`,
    `var script=document.createElement('script');script.type='module';script.crossOrigin='';script.src=${JSON.stringify(entry)};document.head.appendChild(script)}`,
    'requestAnimationFrame(function(){requestAnimationFrame(start)});setTimeout(start,300)})()',
  ].join('');
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY, '')
    .replace(PRELOAD_SCRIPT, () => `\n    <script>${loader}</script>`);
}

/**
 * The page: the built index.html with `markup` as `#root`'s content (marked with its language,
 * viewer and path, so the app hydrates it only when it starts as the same, at the same address:
 * a script may change the address before the app starts; inert until it has),
 * `<html lang>` set, and `css` inlined where the stylesheet links were.
 */
export function pageHtml(
  template: string,
  page: {
    readonly markup: string;
    readonly path: string;
    readonly language: Language;
    readonly viewer: Viewer;
    readonly css: string;
    /** the stylesheets `css` holds, as the app links them (`/assets/….css`) */
    readonly stylesheets: readonly string[];
  },
): string {
  if (!/^\/[\w/-]*$/.test(page.path))
    throw new Error(`prerender: ${page.path} is not a plain path`);
  if (!ROOT.test(template)) throw new Error('prerender: index.html has no #root with its splash');
  if (!/<link rel="stylesheet"/.test(template))
    throw new Error('prerender: index.html links no stylesheet to inline');
  let inlined = false;
  return (
    startAfterFirstFrame(template)
      .replace(/<html lang="[^"]*"/, `<html lang="${LANGUAGE_TAGS[page.language]}"`)
      .replace(STYLESHEET, () => {
        if (inlined) return '';
        inlined = true;
        // Each sheet it holds is named by a disabled link, which the browser never fetches: the
        // app's code, loading a page chunk, links its sheet unless one is linked already
        // (Vite's preload), and the preload script skips it too. The rules are then in the
        // document once, and no sheet arriving later makes the browser style it all again.
        return [
          `\n    <style>${page.css}</style>`,
          ...page.stylesheets.map(
            (href) => `\n    <link rel="stylesheet" crossorigin href="${href}" disabled>`,
          ),
        ].join('');
      })
      // inert until the app has hydrated it (main.tsx): a field typed into or a button pressed
      // before then would be lost, and a form would submit itself as a plain GET
      .replace(
        ROOT,
        () =>
          `<div id="root" data-prerendered="${page.language}" data-viewer="${page.viewer}" data-path="${page.path}" inert>${page.markup}</div>`,
      )
  );
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * Writes the page and its brotli and gzip twins. The compression runs on libuv's thread pool, so
 * the pages are compressed side by side while the next ones render.
 */
async function writeWithTwins(file: string, html: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const bytes = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: 9 }),
  ]);
  await Promise.all([
    writeFile(file, bytes),
    writeFile(`${file}.br`, br),
    writeFile(`${file}.gz`, gz),
  ]);
}

/** What React escapes in an attribute's value, as the HTML parser reads it back. */
const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/**
 * The screen's inline styles (React writes `style={{…}}` as a `style` attribute) as `data-s`
 * attributes, and the CSS rules that give each its declarations: the content security policy has
 * no 'unsafe-inline', so the browser would ignore a `style` attribute in the document (React sets
 * styles through the DOM, which the policy allows). `main.tsx` makes them inline styles again
 * once hydrated (`adoptPrerenderedStyles`). Each value found is added to `rules`.
 */
export function moveInlineStyles(markup: string, rules: Map<string, string>): string {
  return markup.replace(/ style="([^"]*)"/g, (_, escaped: string) => {
    const declarations = escaped.replace(
      /&(?:amp|quot|#x27|#39|lt|gt);/g,
      (entity) => ENTITIES[entity] ?? entity,
    );
    if (/[<{}]/.test(declarations))
      throw new Error(`prerender: an inline style the build will not move: ${declarations}`);
    const selector = `[data-s="${declarations.replace(/["\\]/g, (char) => `\\${char}`)}"]`;
    rules.set(selector, `${selector}{${declarations}}`);
    return ` data-s="${escaped}"`;
  });
}

/**
 * Prerenders every route in every language into the client build in `dist`, with the server
 * build's module `prerenderModule`; returns the files written. Every page carries the rules of
 * every moved inline style (a few hundred bytes), so a route's inlined CSS is the same in every
 * language and for every viewer: one hash per route in the content security policy.
 */
export async function prerenderPages(dist: string, prerenderModule: string): Promise<string[]> {
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const app = (await import(pathToFileURL(prerenderModule).href)) as PrerenderModule;
  const rules = new Map<string, string>();
  const pages: {
    file: string;
    markup: string;
    path: string;
    language: Language;
    viewer: Viewer;
    page: string;
  }[] = [];
  for (const route of app.PRERENDERED_ROUTES) {
    for (const language of LANGUAGES) {
      const markup = moveInlineStyles(
        await app.renderRoute(route.path, language, route.viewer),
        rules,
      );
      const file = prerenderedFile(language, route.viewer, route.path);
      pages.push({
        file,
        markup,
        path: route.path,
        language,
        viewer: route.viewer,
        page: route.page,
      });
    }
  }
  const styleRules = [...rules.keys()]
    .sort()
    .map((selector) => rules.get(selector))
    .join('');
  const cssOf = new Map<string, { css: string; stylesheets: string[] }>();
  const writes: Promise<void>[] = [];
  for (const { file, markup, path, language, viewer, page } of pages) {
    let styles = cssOf.get(page);
    if (styles === undefined) {
      const names = cssOfPage(manifest, `src/pages/${page}/index.ts`);
      styles = {
        css: [
          ...names.map((name) => readFileSync(join(dist, name), 'utf8').trim()),
          styleRules,
        ].join('\n'),
        stylesheets: names.map((name) => `/${name}`),
      };
      cssOf.set(page, styles);
    }
    writes.push(
      writeWithTwins(
        join(dist, file),
        pageHtml(template, { markup, path, language, viewer, ...styles }),
      ),
    );
  }
  await Promise.all(writes);
  return pages.map(({ file }) => file);
}

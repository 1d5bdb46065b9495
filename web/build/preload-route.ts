import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** A registered route as the build sees it: its path and the source module of its page. */
export interface RouteToPreload {
  readonly path: string;
  /** the page's module as its path ends, e.g. `src/pages/login/index.ts` */
  readonly module: string;
  readonly auth?: boolean;
  readonly guestOnly?: boolean;
}

export interface PreloadRouteOptions {
  readonly routes: readonly RouteToPreload[];
  /** where a guest opening a signed-in page is sent: the login page's module */
  readonly login: string;
  /** where a signed-in user opening a guests' page is sent: the landing page's module */
  readonly landing: string;
  /**
   * the texts of a page's first load (the shell's and the page's groups, one chunk per language
   * and page): their languages, and the module of each (`virtual:texts/de/@home`), a chunk named
   * `<folder>/<language>-<pack>.js` where `pack` is its page's name as `packName` writes it
   */
  readonly texts: {
    readonly languages: readonly string[];
    readonly module: (language: string, page: string) => string;
    readonly packName: (page: string) => string;
  };
  /** the page (`src/pages/<page>`) an address no route has draws, whose texts are the shell's */
  readonly notFound: string;
  /** the language of a visit that has kept none */
  readonly defaultLanguage: string;
  /** modules a signed-in start needs at once (the API client and cipher, the feed's reader) */
  readonly signedIn: readonly string[];
  /** the local-storage keys of the login flag and of the language, as JSON values */
  readonly storage: { readonly isLogin: string; readonly language: string };
}

/** What the build writes into index.html for `preloadAtStart`: files by index. */
export interface PreloadData {
  /** every file named below, relative to the base */
  readonly f: readonly string[];
  /** per route path: [its page, 1 needs a session | 2 guests only | 0] */
  readonly r: Readonly<Record<string, readonly [number, number]>>;
  /** per page: the files it loads before it runs */
  readonly p: readonly (readonly number[])[];
  /** per page: its texts' name, each language's a file `<x><language>-<name>.js` */
  readonly t: readonly string[];
  /** the login and landing pages */
  readonly login: number;
  readonly landing: number;
  /** the texts' languages and folder */
  readonly l: readonly string[];
  readonly x: string;
  /** the texts' name of an address no route has (the not-found page's: the shell's alone) */
  readonly nf: string;
  /** the language of a visit that has kept none */
  readonly d: string;
  /** what a signed-in start adds */
  readonly s: readonly number[];
  /** the storage keys of the login flag and of the language */
  readonly k: readonly [string, string];
  readonly base: string;
}

/**
 * Runs in index.html, before any script has arrived: from the address and what storage keeps,
 * the page this visit will draw (a guest opening a signed-in page gets the login page, as the
 * router will send them there), its texts with the shell's (one file) in the kept language (or
 * the default one), and for a signed-in user the API client. Each file
 * becomes a `<link rel=modulepreload>` (a stylesheet a `preload`), so the browser fetches them
 * with the entry rather than after it has run. Self-contained (it is written into the page as
 * its source) and silent on any failure: a preload only hurries what the app loads anyway.
 */
export function preloadAtStart(
  data: PreloadData,
  pathname: string,
  storage: Pick<Storage, 'getItem'>,
  doc: Pick<Document, 'createElement' | 'head' | 'querySelector'>,
): void {
  const read = (key: string): unknown => {
    try {
      return JSON.parse(storage.getItem(key) ?? 'null');
    } catch {
      return null;
    }
  };
  const signedIn = read(data.k[0]) === true;
  const language = read(data.k[1]);
  const kept = typeof language === 'string' && data.l.includes(language) ? language : data.d;
  let texts = data.nf;
  const files: number[] = [];
  const route = Object.prototype.hasOwnProperty.call(data.r, pathname) ? data.r[pathname] : null;
  if (route) {
    let page = route[0];
    if (route[1] === 1 && !signedIn) page = data.login;
    if (route[1] === 2 && signedIn) page = data.landing;
    files.push(...(data.p[page] ?? []));
    texts = data.t[page] ?? texts;
  }
  if (signedIn) files.push(...data.s);
  const textsFile = `${data.x}${kept}-${texts}.js`;
  for (const file of [...new Set(files)].map((index) => data.f[index]).concat(textsFile)) {
    if (file === undefined) continue;
    // a sheet the page already holds (a prerendered page's inlined CSS) is not fetched
    if (
      file.endsWith('.css') &&
      doc.querySelector(`link[rel="stylesheet"][href="${data.base + file}"]`)
    )
      continue;
    const link = doc.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    link.crossOrigin = '';
    link.href = data.base + file;
    doc.head.appendChild(link);
  }
}

/**
 * Writes into index.html an inline script that preloads the code of the page the visit opens
 * (`preloadAtStart`), for every registered route. The pages and the texts are dynamic imports
 * (the router's lazy route, i18next's backend), so without this the browser learns of them only
 * after the entry has run: one round trip after another on a phone. What the entry itself imports
 * is left out (Vite's own links name it).
 */
export function preloadRoute(options: PreloadRouteOptions): Plugin {
  let base = '/';
  return {
    name: 'bourse:preload-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (bundle === undefined || chunk === undefined) return [];
        const data = preloadData(bundle, chunk.fileName, options, base);
        const tag: HtmlTagDescriptor = {
          tag: 'script',
          children: `(${preloadAtStart.toString()})(${JSON.stringify(data)},location.pathname,localStorage,document)`,
          injectTo: 'head',
        };
        return [tag];
      },
    },
  };
}

/** The data `preloadAtStart` reads, from the bundle: each page's and language's files. */
export function preloadData(
  bundle: OutputBundle,
  entry: string,
  options: PreloadRouteOptions,
  base: string,
): PreloadData {
  const chunks = Object.values(bundle).filter(
    (output): output is OutputChunk => output.type === 'chunk',
  );
  // What the entry already preloads (its static imports) needs no second link.
  const known = new Set(staticClosure(bundle, [entry]));
  const files: string[] = [];
  const indexOf = (file: string): number => {
    const at = files.indexOf(file);
    return at === -1 ? files.push(file) - 1 : at;
  };
  const filesOf = (module: string): number[] => {
    const root = chunks.find((output) => output.facadeModuleId?.endsWith(module));
    if (root === undefined) throw new Error(`preload-route: no chunk for ${module}`);
    const scripts = staticClosure(bundle, [root.fileName]).filter((file) => !known.has(file));
    const styles = scripts.flatMap((file) => {
      const output = bundle[file];
      return output?.type === 'chunk' ? [...(output.viteMetadata?.importedCss ?? [])] : [];
    });
    return [...scripts, ...styles].map(indexOf);
  };

  const modules = [...new Set(options.routes.map((route) => route.module))];
  const pages = modules.map(filesOf);
  const pageNames = [...modules.map(pageName), options.notFound];
  const pageOf = (module: string): number => {
    const at = modules.indexOf(module);
    if (at === -1) throw new Error(`preload-route: ${module} is not a route's page`);
    return at;
  };
  return {
    f: files,
    r: Object.fromEntries(
      options.routes.map((route) => [
        route.path,
        [pageOf(route.module), route.auth === true ? 1 : route.guestOnly === true ? 2 : 0],
      ]),
    ),
    p: pages,
    t: modules.map((module) => options.texts.packName(pageName(module))),
    login: pageOf(options.login),
    landing: pageOf(options.landing),
    l: options.texts.languages,
    x: textsFolder(bundle, options.texts, pageNames),
    nf: options.texts.packName(options.notFound),
    d: options.defaultLanguage,
    s: [...new Set(options.signedIn.flatMap(filesOf))],
    k: [options.storage.isLogin, options.storage.language],
    base,
  };
}

/** A page's name: `src/pages/<page>/index.ts` names `<page>`. */
function pageName(module: string): string {
  const name = /(?:^|\/)pages\/([^/]+)\/index\.tsx?$/.exec(module)?.[1];
  if (name === undefined) throw new Error(`preload-route: ${module} is not a page's module`);
  return name;
}

/**
 * The folder every page's texts are in, checked: each language's texts of a page's first load
 * are one chunk that imports nothing, `<folder>/<language>-<pack>.js`, so the script names them
 * without a list of 8 × 45 files.
 */
function textsFolder(
  bundle: OutputBundle,
  texts: PreloadRouteOptions['texts'],
  pages: readonly string[],
): string {
  const files = texts.languages.flatMap((language) =>
    pages.map((page) => {
      const id = texts.module(language, page);
      const chunk = Object.values(bundle).find(
        (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(id) === true,
      );
      const name = `${language}-${texts.packName(page)}.js`;
      if (chunk?.type !== 'chunk' || chunk.imports.length > 0 || !chunk.fileName.endsWith(name))
        throw new Error(`preload-route: ${id} is not one chunk <folder>/${name}`);
      return chunk.fileName.slice(0, -name.length);
    }),
  );
  const folder = files[0] ?? '';
  if (files.some((file) => file !== folder))
    throw new Error(`preload-route: the text chunks are not in one folder`);
  return folder;
}

/** The files `roots` load before they run: themselves and their static imports, transitively. */
function staticClosure(bundle: OutputBundle, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const output = bundle[file];
    if (output?.type === 'chunk') output.imports.forEach(visit);
  };
  roots.forEach(visit);
  return [...seen];
}

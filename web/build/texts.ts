import { readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** A language file: texts under keys, nested. */
export interface TextTree {
  readonly [key: string]: string | TextTree;
}

/** Per language, per i18next namespace: the texts that namespace's chunk holds. */
export type SplitTexts = Record<string, Record<string, TextTree>>;

/** What the bundle report reads (`.vite/texts.json` in the build): each page's texts' files. */
export interface TextsManifest {
  /** the language the report counts (the fallback) */
  readonly fallback: string;
  /** the namespace every route loads */
  readonly shell: string;
  /** per language, per namespace: the chunk's file */
  readonly files: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** per page (`src/pages/<page>`): the namespaces its routes declare */
  readonly pages: Readonly<Record<string, readonly string[]>>;
  /** per language, per page: the chunk of the page's first load (its namespaces and the shell's) */
  readonly packs: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** A chunk as the check of declared texts reads it. */
export interface ChunkToCheck {
  readonly code: string;
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
}

/**
 * The top-level keys of the texts that a chunk's code names (`'funds.available'`, `` `nav.${key}` ``):
 * after tree-shaking, what its screens may draw.
 */
export function keysNamedIn(code: string, keys: ReadonlySet<string>): Set<string> {
  const named = new Set<string>();
  for (const match of code.matchAll(/["'`]([a-zA-Z]\w*)\.[\w$]/g))
    if (match[1] !== undefined && keys.has(match[1])) named.add(match[1]);
  return named;
}

/**
 * What the build's code draws beyond what its routes declare, one sentence each: the shell (the
 * entry and its static imports) naming a key outside `shell`, or a page (its chunk, its static
 * imports and what it loads lazily, such as a sheet, less the shell's) naming a key it does not
 * declare. Such a text would show as a raw key, maybe only once a sheet opens.
 */
export function undeclaredTexts(
  chunks: Readonly<Record<string, ChunkToCheck>>,
  entry: string,
  pages: Readonly<Record<string, { readonly chunk: string; readonly texts: readonly string[] }>>,
  keys: ReadonlySet<string>,
  shell: ReadonlySet<string>,
): string[] {
  const closure = (roots: readonly string[], lazy: boolean, stop: ReadonlySet<string>) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || stop.has(file)) return;
      const chunk = chunks[file];
      if (chunk === undefined) return;
      seen.add(file);
      chunk.imports.forEach(visit);
      if (lazy) chunk.dynamicImports.forEach(visit);
    };
    roots.forEach(visit);
    return seen;
  };
  const named = (files: Iterable<string>) => {
    const all = new Set<string>();
    for (const file of files)
      for (const key of keysNamedIn(chunks[file]?.code ?? '', keys)) all.add(key);
    return all;
  };
  const problems: string[] = [];
  const shellFiles = closure([entry], false, new Set());
  for (const key of named(shellFiles))
    if (!shell.has(key))
      problems.push(
        `the shell (loaded on every route) draws "${key}" texts: add "${key}" to SHELL_TEXTS ` +
          `(src/shared/i18n/groups.ts) or move those texts into a shell group`,
      );
  const otherPages = new Set(Object.values(pages).map((page) => page.chunk));
  for (const [page, { chunk, texts }] of Object.entries(pages)) {
    const stop = new Set([...shellFiles, ...[...otherPages].filter((file) => file !== chunk)]);
    for (const key of named(closure([chunk], true, stop)))
      if (!shell.has(key) && !texts.includes(key))
        problems.push(
          `the ${page} page draws "${key}" texts it does not declare: add "${key}" to the texts ` +
            `of its routes in src/app/route-table.ts`,
        );
  }
  return problems;
}

export interface SplitTextsOptions {
  /** the folder of the language files, `<language>.json` each */
  readonly dir: string;
  /** the language whose texts stand in for one a translation lacks */
  readonly fallbackLanguage: string;
  /** the namespace every route loads */
  readonly shell: string;
  /** the namespace a top-level key goes into */
  readonly namespaceOf: (key: string) => string;
  /** the registered routes' pages and the namespaces each declares, for the bundle report */
  readonly pages: Readonly<Record<string, readonly string[]>>;
  /**
   * the build fails when a page's code names texts its routes do not declare: per page, its
   * module (as its path ends) and the top-level keys it declares; the keys the shell holds
   */
  readonly check?: {
    readonly pages: Readonly<
      Record<string, { readonly module: string; readonly keys: readonly string[] }>
    >;
    readonly shellKeys: readonly string[];
  };
}

/** The module of the loader map: `LOADERS[language][namespace]()` imports that chunk. */
export const LOADER_MAP_ID = 'virtual:texts';
const CHUNK_PREFIX = `${LOADER_MAP_ID}/`;
/** The module of one language's namespace, e.g. `virtual:texts/de/funds`. */
export const textsModuleId = (language: string, namespace: string): string =>
  `${CHUNK_PREFIX}${language}/${namespace}`;

/** What starts a page's name in a texts module id and file (`de-@home.js`). */
export const PACK_MARK = '@';

/**
 * The module of one language's texts of a page's first load, e.g. `virtual:texts/de/@home`: the
 * shell's namespace and the page's, in one chunk, so that a route's first screen asks for one
 * texts file rather than one per group (its later visits load only the groups it lacks).
 */
export const packModuleId = (language: string, page: string): string =>
  `${CHUNK_PREFIX}${language}/${PACK_MARK}${page}`;

/** The texts module of a resolved id: a namespace's, a page's pack, or null for any other. */
function textsOf(
  id: string | null | undefined,
):
  | { language: string; namespace: string; page?: never }
  | { language: string; page: string }
  | null {
  if (id?.startsWith(`\0${CHUNK_PREFIX}`) !== true) return null;
  const [language, name, ...rest] = id.slice(`\0${CHUNK_PREFIX}`.length).split('/');
  if (!language || !name || rest.length > 0) return null;
  return name.startsWith(PACK_MARK)
    ? { language, page: name.slice(PACK_MARK.length) }
    : { language, namespace: name };
}

/** A page's first-load texts in one language: the shell's namespace and the page's, by name. */
export function pageTexts(
  split: SplitTexts,
  language: string,
  shell: string,
  namespaces: readonly string[],
): Record<string, TextTree> {
  const texts = split[language];
  if (texts === undefined) throw new Error(`texts: no ${language} texts`);
  return Object.fromEntries(
    [...new Set([shell, ...namespaces])].map((namespace) => [namespace, texts[namespace] ?? {}]),
  );
}

const isTree = (value: unknown): value is TextTree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `own` over `fallback`: every text of `fallback` that `own` lacks, taken from `fallback`. */
function withFallback(
  own: TextTree | string | undefined,
  fallback: TextTree | string,
): TextTree | string {
  if (!isTree(fallback) || !isTree(own)) return own ?? fallback;
  const merged: Record<string, TextTree | string> = { ...fallback };
  for (const [key, value] of Object.entries(own)) {
    const under = fallback[key];
    merged[key] = under === undefined ? value : withFallback(value, under);
  }
  return merged;
}

/**
 * The language files cut into namespaces by top-level key. A text a language lacks is the
 * fallback language's, put in at build time, so a visit loads its own language's chunks and
 * never the fallback's as well.
 */
export function splitTexts(
  locales: Readonly<Record<string, TextTree>>,
  fallbackLanguage: string,
  namespaceOf: (key: string) => string,
): SplitTexts {
  const fallback = locales[fallbackLanguage];
  if (fallback === undefined) throw new Error(`texts: no ${fallbackLanguage}.json`);
  const split: SplitTexts = {};
  for (const [language, own] of Object.entries(locales)) {
    const namespaces: Record<string, Record<string, TextTree | string>> = {};
    for (const key of new Set([...Object.keys(fallback), ...Object.keys(own)])) {
      const under = fallback[key];
      const value = under === undefined ? own[key] : withFallback(own[key], under);
      if (value === undefined) continue;
      const namespace = namespaceOf(key);
      // A group of its own is its namespace, holding the group's texts: `t('funds.available')`
      // finds `available` in `funds` at once (i18next's `nsSeparator` is the key separator). The
      // shell's namespace holds its groups under their keys.
      if (namespace === key && isTree(value)) namespaces[namespace] = value;
      else (namespaces[namespace] ??= {})[key] = value;
    }
    split[language] = namespaces;
  }
  return split;
}

/** Reads every `<language>.json` of `dir`. */
export function readLocales(dir: string): Record<string, TextTree> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.slice(0, -'.json'.length),
        JSON.parse(readFileSync(join(dir, file), 'utf8')) as TextTree,
      ]),
  );
}

/**
 * The loader map of the dev server (and of the unit tests): one literal dynamic import per
 * language and namespace, which the server serves as modules.
 */
export function devLoaderSource(
  split: SplitTexts,
  shell: string,
  pages: readonly string[] = [],
): string {
  const map = (
    id: (language: string, name: string) => string,
    names: (language: string) => string[],
  ) =>
    Object.keys(split).map((language) => {
      const loaders = names(language).map(
        (name) => `${JSON.stringify(name)}: () => import(${JSON.stringify(id(language, name))})`,
      );
      return `  ${JSON.stringify(language)}: {\n    ${loaders.join(',\n    ')}\n  }`;
    });
  const namespaces = map(textsModuleId, (language) => Object.keys(split[language] ?? {}));
  const packs = map(packModuleId, () => [...pages]);
  return [
    `export const NAMESPACES = ${JSON.stringify(namespacesOf(split, shell))};`,
    `const LOADERS = {\n${namespaces.join(',\n')}\n};`,
    `const PACKS = {\n${packs.join(',\n')}\n};`,
    'export const loadTexts = async (language, namespace) => {',
    '  const load = LOADERS[language]?.[namespace];',
    '  if (load === undefined) throw new Error(`no ${namespace} texts in ${language}`);',
    '  return load();',
    '};',
    'export const loadPageTexts = async (language, page) => {',
    '  const load = PACKS[language]?.[page];',
    '  if (load === undefined) throw new Error(`no texts of the ${page} page in ${language}`);',
    '  return load();',
    '};',
    '',
  ].join('\n');
}

/**
 * The loader map of the build: every chunk is `<folder>/<language>-<namespace>.js` beside the
 * loader's own chunk, so the map is the folder's name, not a hashed file name per language and
 * namespace (which every route would download: 2 KB brotli for 8 languages).
 */
export function buildLoaderSource(split: SplitTexts, shell: string, folder: string): string {
  return [
    `export const NAMESPACES = ${JSON.stringify(namespacesOf(split, shell))};`,
    'export const loadTexts = (language, namespace) =>',
    `  import(/* @vite-ignore */ ${JSON.stringify(`./${folder}/`)} + language + '-' + namespace + '.js');`,
    'export const loadPageTexts = (language, page) =>',
    `  import(/* @vite-ignore */ ${JSON.stringify(`./${folder}/`)} + language + '-${PACK_MARK}' + page + '.js');`,
    '',
  ].join('\n');
}

/** The namespaces of a split, the shell's first. */
export const namespacesOf = (split: SplitTexts, shell: string): string[] => [
  ...new Set([shell, ...Object.values(split).flatMap((namespaces) => Object.keys(namespaces))]),
];

/**
 * The folder of the built text chunks, named by their content so that it is cached for good: the
 * texts and which groups each page's first file holds (a route declaring one more group changes
 * its page's file, not the texts).
 */
export const textsFolder = (
  split: SplitTexts,
  pages: Readonly<Record<string, readonly string[]>> = {},
): string =>
  `texts-${createHash('sha256')
    .update(JSON.stringify([split, pages]))
    .digest('base64url')
    .slice(0, 10)}`;

/**
 * Splits the texts at build time (and in the dev server): one source file per language stays
 * what translators edit, and the bundle gets one small chunk per language and namespace, with a
 * loader map (`virtual:texts`) for i18next's backend. The build also writes `.vite/texts.json`
 * for the bundle report.
 */
export function textsByRoute(options: SplitTextsOptions): Plugin {
  const files = () =>
    readdirSync(options.dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => join(options.dir, file));
  const split = () =>
    splitTexts(readLocales(options.dir), options.fallbackLanguage, options.namespaceOf);
  let building = false;
  /** the build's folder of text chunks (`assets/texts-<hash>`) */
  let folder = '';
  return {
    name: 'bourse:texts-by-route',
    configResolved(config) {
      // The prerendering's server build bundles every language's texts as modules, as the dev
      // server serves them: it reads them in Node, from no fixed folder.
      building = config.command === 'build' && config.build.ssr === false;
    },
    buildStart() {
      if (!building) return;
      const texts = split();
      folder = textsFolder(texts, options.pages);
      // Each chunk emitted under a fixed name, since the loader computes it.
      // an app build keeps no entry's exports unless told: the texts are the export
      const emit = (id: string, name: string) =>
        this.emitFile({
          type: 'chunk',
          id,
          fileName: `assets/${folder}/${name}.js`,
          preserveSignature: 'strict',
        });
      for (const [language, namespaces] of Object.entries(texts)) {
        for (const namespace of Object.keys(namespaces))
          emit(textsModuleId(language, namespace), `${language}-${namespace}`);
        for (const page of Object.keys(options.pages))
          emit(packModuleId(language, page), `${language}-${PACK_MARK}${page}`);
      }
    },
    resolveId(id) {
      return id === LOADER_MAP_ID || id.startsWith(CHUNK_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${LOADER_MAP_ID}`)) return null;
      // The dev server reloads when a language file changes.
      files().forEach((file) => {
        this.addWatchFile(file);
      });
      const texts = split();
      if (id === `\0${LOADER_MAP_ID}`)
        return building
          ? buildLoaderSource(texts, options.shell, folder)
          : devLoaderSource(texts, options.shell, Object.keys(options.pages));
      const chunk = textsOf(id);
      const namespaces = chunk?.page === undefined ? undefined : options.pages[chunk.page];
      const tree =
        chunk === null
          ? undefined
          : chunk.page === undefined
            ? texts[chunk.language]?.[chunk.namespace]
            : namespaces && texts[chunk.language]
              ? pageTexts(texts, chunk.language, options.shell, namespaces)
              : undefined;
      if (tree === undefined) this.error(`texts: no module ${id.slice(1)}`);
      return { code: `export default ${JSON.stringify(tree)};\n`, map: null };
    },
    generateBundle(_options, bundle) {
      if (!building) return;
      const chunkFiles: Record<string, Record<string, string>> = {};
      const packFiles: Record<string, Record<string, string>> = {};
      for (const output of Object.values(bundle)) {
        const texts = output.type === 'chunk' ? textsOf(output.facadeModuleId) : null;
        if (texts === null) continue;
        if (texts.page === undefined)
          (chunkFiles[texts.language] ??= {})[texts.namespace] = output.fileName;
        else (packFiles[texts.language] ??= {})[texts.page] = output.fileName;
      }
      if (options.check !== undefined) {
        const chunks = Object.fromEntries(
          Object.values(bundle).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, output]] : [],
          ),
        );
        const entry = Object.values(bundle).find(
          (output) =>
            output.type === 'chunk' && output.isEntry && textsOf(output.facadeModuleId) === null,
        );
        const pages = Object.fromEntries(
          Object.entries(options.check.pages).map(([page, { module, keys }]) => {
            const chunk = Object.values(bundle).find(
              (output) =>
                output.type === 'chunk' && output.facadeModuleId?.endsWith(module) === true,
            );
            if (chunk === undefined) this.error(`texts: no chunk for ${module}`);
            return [page, { chunk: chunk.fileName, texts: keys }];
          }),
        );
        const english = readLocales(options.dir)[options.fallbackLanguage] ?? {};
        const problems = undeclaredTexts(
          chunks,
          entry?.fileName ?? '',
          pages,
          new Set(Object.keys(english)),
          new Set(options.check.shellKeys),
        );
        if (problems.length > 0) this.error(`texts:\n  - ${problems.join('\n  - ')}`);
      }
      const manifest: TextsManifest = {
        fallback: options.fallbackLanguage,
        shell: options.shell,
        files: chunkFiles,
        pages: options.pages,
        packs: packFiles,
      };
      this.emitFile({
        type: 'asset',
        fileName: '.vite/texts.json',
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}

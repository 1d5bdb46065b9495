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
}

/** The module of the loader map: `LOADERS[language][namespace]()` imports that chunk. */
export const LOADER_MAP_ID = 'virtual:texts';
const CHUNK_PREFIX = `${LOADER_MAP_ID}/`;
/** The module of one language's namespace, e.g. `virtual:texts/de/funds`. */
export const textsModuleId = (language: string, namespace: string): string =>
  `${CHUNK_PREFIX}${language}/${namespace}`;

/** The language and namespace of a texts module's resolved id, or null for any other module. */
function textsOf(id: string | null | undefined): { language: string; namespace: string } | null {
  if (id?.startsWith(`\0${CHUNK_PREFIX}`) !== true) return null;
  const [language, namespace, ...rest] = id.slice(`\0${CHUNK_PREFIX}`.length).split('/');
  return language && namespace && rest.length === 0 ? { language, namespace } : null;
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
      (namespaces[namespaceOf(key)] ??= {})[key] = value;
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
export function devLoaderSource(split: SplitTexts, shell: string): string {
  const languages = Object.entries(split).map(([language, namespaces]) => {
    const loaders = Object.keys(namespaces).map(
      (namespace) =>
        `${JSON.stringify(namespace)}: () => import(${JSON.stringify(textsModuleId(language, namespace))})`,
    );
    return `  ${JSON.stringify(language)}: {\n    ${loaders.join(',\n    ')}\n  }`;
  });
  return [
    `export const NAMESPACES = ${JSON.stringify(namespacesOf(split, shell))};`,
    `const LOADERS = {\n${languages.join(',\n')}\n};`,
    'export const loadTexts = async (language, namespace) => {',
    '  const load = LOADERS[language]?.[namespace];',
    '  if (load === undefined) throw new Error(`no ${namespace} texts in ${language}`);',
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
    '',
  ].join('\n');
}

/** The namespaces of a split, the shell's first. */
export const namespacesOf = (split: SplitTexts, shell: string): string[] => [
  ...new Set([shell, ...Object.values(split).flatMap((namespaces) => Object.keys(namespaces))]),
];

/** The folder of the built text chunks, named by their content so that it is cached for good. */
export const textsFolder = (split: SplitTexts): string =>
  `texts-${createHash('sha256').update(JSON.stringify(split)).digest('base64url').slice(0, 10)}`;

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
      building = config.command === 'build';
    },
    buildStart() {
      if (!building) return;
      const texts = split();
      folder = textsFolder(texts);
      // Each chunk emitted under a fixed name, since the loader computes it.
      for (const [language, namespaces] of Object.entries(texts))
        for (const namespace of Object.keys(namespaces))
          this.emitFile({
            type: 'chunk',
            id: textsModuleId(language, namespace),
            fileName: `assets/${folder}/${language}-${namespace}.js`,
            // an app build keeps no entry's exports unless told: the texts are the export
            preserveSignature: 'strict',
          });
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
          : devLoaderSource(texts, options.shell);
      const chunk = textsOf(id);
      const tree = chunk === null ? undefined : texts[chunk.language]?.[chunk.namespace];
      if (tree === undefined) this.error(`texts: no module ${id.slice(1)}`);
      return { code: `export default ${JSON.stringify(tree)};\n`, map: null };
    },
    generateBundle(_options, bundle) {
      const chunkFiles: Record<string, Record<string, string>> = {};
      for (const output of Object.values(bundle)) {
        const texts = output.type === 'chunk' ? textsOf(output.facadeModuleId) : null;
        if (texts === null) continue;
        (chunkFiles[texts.language] ??= {})[texts.namespace] = output.fileName;
      }
      const manifest: TextsManifest = {
        fallback: options.fallbackLanguage,
        shell: options.shell,
        files: chunkFiles,
        pages: options.pages,
      };
      this.emitFile({
        type: 'asset',
        fileName: '.vite/texts.json',
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}

/**
 * Which screens read which endpoint, derived from the web's own source: what `verify:backend`
 * names under a drift, so a backend team knows what breaks for users.
 *
 * A plain static reading (regular expressions over the TypeScript text, no compiler): a file
 * that names `endpoints.<group>.<name>` (or `<group>.<name>` with the group imported from
 * `@bourse/protocol/endpoints/…`) uses that endpoint; a slice (`pages/<page>`,
 * `widgets|features|entities|shared/<slice>`) uses what its files use and what the slices it
 * imports (`#entities/…`, `#features/…`, `#shared/…`, `#widgets/…`) use, transitively. A screen
 * is a page the route table (`web/src/app/route-table.ts`) registers, named by its page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { endpoints } from '@bourse/protocol';
import type { BackendReport } from './verify.ts';

/** The web's source folder in this repository. */
export const WEB_SRC = new URL('../../../../web/src', import.meta.url).pathname;

const LAYERS = ['pages', 'widgets', 'features', 'entities', 'shared'] as const;

/** A source file the app ships: not a test, a story or a test helper. */
const isShipped = (file: string) =>
  /\.(ts|tsx)$/.test(file) &&
  !/\.(test|spec|stories)\.tsx?$/.test(file) &&
  !/\.d\.ts$/.test(file) &&
  !file.split(sep).some((part) => part === '__tests__' || part === 'testing' || part === 'e2e');

function filesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(isShipped);
}

/** The path of `endpoints.<group>.<name>`, if the protocol has it. */
function pathOf(group: string, name: string): string | undefined {
  const domain = (endpoints as Record<string, Record<string, { path?: unknown } | undefined>>)[
    group
  ];
  const path = domain?.[name]?.path;
  return typeof path === 'string' ? path : undefined;
}

/** The endpoint paths one file's text names. */
export function endpointsIn(text: string): Set<string> {
  const found = new Set<string>();
  const add = (group: string, name: string) => {
    const path = pathOf(group, name);
    if (path !== undefined) found.add(path);
  };
  for (const match of text.matchAll(/\bendpoints\s*\.\s*(\w+)\s*\.\s*(\w+)/g)) {
    add(match[1] ?? '', match[2] ?? '');
  }
  // `import { auth, index } from '@bourse/protocol/endpoints/…'`, then `auth.login`
  const groups = new Set<string>();
  for (const match of text.matchAll(
    /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@bourse\/protocol(?:\/endpoints\/[\w-]+)?['"]/g,
  )) {
    for (const part of (match[1] ?? '').split(',')) {
      const local = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .map((word) => word.trim());
      const [imported, alias] = local;
      if (imported && imported in endpoints) groups.add(alias ?? imported);
      // an alias of a group: resolve through the imported name
      if (imported && alias && imported in endpoints) {
        for (const use of text.matchAll(new RegExp(`\\b${alias}\\s*\\.\\s*(\\w+)`, 'g'))) {
          add(imported, use[1] ?? '');
        }
      }
    }
  }
  for (const group of groups) {
    for (const use of text.matchAll(new RegExp(`(?<![.\\w])${group}\\s*\\.\\s*(\\w+)`, 'g'))) {
      add(group, use[1] ?? '');
    }
  }
  return found;
}

/** The slices (`entities/viewer`, `shared/session`, …) one file's text imports by alias. */
export function slicesImportedBy(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(
    /(?:from|import)\s*\(?\s*['"]#(widgets|features|entities|shared|pages)\/([\w-]+)/g,
  )) {
    found.add(`${match[1] ?? ''}/${match[2] ?? ''}`);
  }
  return found;
}

/** The page names the route table registers, in its order. */
export function routedPages(webSrc: string = WEB_SRC): string[] {
  const text = readFileSync(join(webSrc, 'app', 'route-table.ts'), 'utf8');
  const pages = [...text.matchAll(/\bpage:\s*['"]([\w-]+)['"]/g)].map((match) => match[1] ?? '');
  return [...new Set(pages)];
}

interface Slice {
  readonly endpoints: Set<string>;
  readonly imports: Set<string>;
  /** every shipped file's text, for the field-level narrowing */
  readonly text: string;
}

function readSlices(webSrc: string): Map<string, Slice> {
  const slices = new Map<string, Slice>();
  for (const layer of LAYERS) {
    for (const file of filesUnder(join(webSrc, layer))) {
      const [, name] = relative(webSrc, file).split(sep);
      if (name === undefined || name.includes('.')) continue;
      const key = `${layer}/${name}`;
      const text = readFileSync(file, 'utf8');
      const slice = slices.get(key) ?? { endpoints: new Set(), imports: new Set(), text: '' };
      for (const path of endpointsIn(text)) slice.endpoints.add(path);
      for (const other of slicesImportedBy(text)) if (other !== key) slice.imports.add(other);
      slices.set(key, { ...slice, text: `${slice.text}\n${text}` });
    }
  }
  return slices;
}

/** What a screen reaches: the endpoints, and the source text of every slice on the way. */
export interface ScreenReach {
  readonly endpoints: ReadonlySet<string>;
  readonly text: string;
}

/** Each routed page and what it reaches, directly or through the slices it imports. */
export function screenReaches(webSrc: string = WEB_SRC): Map<string, ScreenReach> {
  const slices = readSlices(webSrc);
  const reaches = new Map<string, ScreenReach>();
  for (const page of routedPages(webSrc)) {
    const seen = new Set<string>();
    const queue = [`pages/${page}`];
    const paths = new Set<string>();
    const texts: string[] = [];
    while (queue.length > 0) {
      const key = queue.pop() ?? '';
      if (seen.has(key)) continue;
      seen.add(key);
      const slice = slices.get(key);
      if (slice === undefined) continue;
      for (const path of slice.endpoints) paths.add(path);
      texts.push(slice.text);
      queue.push(...slice.imports);
    }
    reaches.set(page, { endpoints: paths, text: texts.join('\n') });
  }
  return reaches;
}

/** Endpoint path → the screens that reach it, in the route table's order. */
export function screensByEndpoint(webSrc: string = WEB_SRC): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const [page, reach] of screenReaches(webSrc)) {
    for (const path of reach.endpoints) map.set(path, [...(map.get(path) ?? []), page]);
  }
  return map;
}

/** The last name of a mismatch's field, `$.data.list[0].site_name` → `site_name`. */
export function lastSegment(field: string): string | undefined {
  const names = field.match(/[A-Za-z_]\w*/g);
  const last = names?.at(-1);
  return last === undefined || field.trim().startsWith('(') ? undefined : last;
}

/**
 * The screens a drift of `path` hurts: those that reach the endpoint, narrowed to those whose
 * source (with the slices they import) names one of the drifting fields' last segments when any
 * does; when none does (the field may be read generically), every screen of the endpoint.
 */
export function screensFor(
  path: string,
  fields: readonly string[],
  reaches: ReadonlyMap<string, ScreenReach> = screenReaches(),
): string[] {
  const all = [...reaches].filter(([, reach]) => reach.endpoints.has(path));
  const names = fields.map(lastSegment).filter((name): name is string => name !== undefined);
  const naming = all.filter(([, reach]) =>
    names.some((name) => new RegExp(`\\b${name}\\b`).test(reach.text)),
  );
  return (naming.length > 0 ? naming : all).map(([page]) => page);
}

/**
 * The report with `screens` on each drifting interaction. The web's source is read once; when
 * it cannot be (the command run outside this repository), the report is answered as it is.
 */
export function withScreens(report: BackendReport, webSrc: string = WEB_SRC): BackendReport {
  if (report.counts.drifts === 0) return report;
  let reaches: Map<string, ScreenReach>;
  try {
    reaches = screenReaches(webSrc);
  } catch {
    return report;
  }
  return {
    ...report,
    interactions: report.interactions.map((one) =>
      one.verdict === 'drifts'
        ? {
            ...one,
            screens: screensFor(
              one.path,
              one.mismatches.map((mismatch) => mismatch.field),
              reaches,
            ),
          }
        : one,
    ),
  };
}

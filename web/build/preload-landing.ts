import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * Preloads, from index.html, the code of the screen most visits open first (the login page) and
 * the English texts (the fallback language, always loaded). Both are dynamic imports (the router's
 * lazy route, i18next's backend), so without this the browser learns of them only after the entry
 * has run and the config has come: one network round trip after another on a phone.
 * `modules` are source paths as they end, e.g. `src/pages/login/index.ts`.
 */
export function preloadLanding(modules: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'bourse:preload-landing',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (bundle === undefined || chunk === undefined) return [];
        const chunks = Object.values(bundle).filter(
          (output): output is OutputChunk => output.type === 'chunk',
        );
        const roots = modules.map((suffix) => {
          const found = chunks.find((output) => output.facadeModuleId?.endsWith(suffix));
          if (found === undefined) throw new Error(`preload-landing: no chunk for ${suffix}`);
          return found;
        });
        // What the entry already preloads (its static imports) needs no second link.
        const known = new Set(staticClosure(bundle, [chunk.fileName]));
        const files = staticClosure(
          bundle,
          roots.map((root) => root.fileName),
        ).filter((file) => !known.has(file));
        const styles = files.flatMap((file) => {
          const output = bundle[file];
          return output?.type === 'chunk' ? [...(output.viteMetadata?.importedCss ?? [])] : [];
        });
        return [
          ...files.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          })),
          ...styles.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          })),
        ];
      },
    },
  };
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

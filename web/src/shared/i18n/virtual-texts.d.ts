/** The loader map `web/build/texts.ts` generates. */
declare module 'virtual:texts' {
  /** every namespace of the texts, the shell's first */
  export const NAMESPACES: readonly string[];
  /** one language's texts of one namespace, a chunk of its own */
  export function loadTexts(
    language: string,
    namespace: string,
  ): Promise<{ default: Record<string, unknown> }>;
  /**
   * one language's texts of a page's first load, a chunk of its own: the shell's namespace and
   * the page's (`src/pages/<page>`), by namespace
   */
  export function loadPageTexts(
    language: string,
    page: string,
  ): Promise<{ default: Record<string, Record<string, unknown>> }>;
}

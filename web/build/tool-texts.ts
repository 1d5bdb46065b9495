import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { namespaceOf, SHELL_NAMESPACE } from '../src/shared/i18n/groups.ts';
import { CLIENT_DEFAULTS } from '../src/shared/storage/keys.ts';
import { textsByRoute } from './texts.ts';

/**
 * `virtual:texts` for the tools that build the web's modules outside its own build (Vitest, the
 * bench pages): the texts split by group as the build splits them, without the build's check of
 * which page draws what (they build no routes).
 */
export const toolTexts = (): Plugin =>
  textsByRoute({
    dir: fileURLToPath(new URL('../src/shared/i18n/locales/', import.meta.url)),
    fallbackLanguage: CLIENT_DEFAULTS.language,
    shell: SHELL_NAMESPACE,
    namespaceOf,
    pages: {},
  });

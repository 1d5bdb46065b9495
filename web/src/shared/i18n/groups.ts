import type english from './locales/en.json';

/**
 * The texts are split by their top-level keys (`funds`, `home`, …), each group a chunk per
 * language, so that a route's first load carries only the groups it draws (the build splits them:
 * `web/build/texts.ts`). Each route names its groups beside its registration
 * (`src/app/route-table.ts`); the groups below are what the shell draws on every route (the
 * header's back and retry, the tab bar, the loading and error screens, the not-found page, form
 * checks and refusals), one always-loaded chunk per language.
 */
export const SHELL_TEXTS = ['common', 'nav', 'errors', 'validation', 'notFound'] as const;

/** The i18next namespace that holds the shell's groups (every other group is its own namespace). */
export const SHELL_NAMESPACE = 'shell';

/** A top-level key of the texts. */
export type TextKey = keyof typeof english;

/** A group of texts a route declares: a top-level key that is not the shell's. */
export type TextGroup = Exclude<TextKey, (typeof SHELL_TEXTS)[number]>;

/** The i18next namespace a top-level key is in. */
export const namespaceOf = (key: string): string =>
  (SHELL_TEXTS as readonly string[]).includes(key) ? SHELL_NAMESPACE : key;

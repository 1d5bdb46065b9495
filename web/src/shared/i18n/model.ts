import { DEFAULT_LANGUAGE, type Language } from '@bourse/protocol/config';
import { language as languageSchema } from '@bourse/protocol/schemas';
import { attach, createEvent, createStore, sample } from 'effector';
import type { i18n } from 'i18next';
import { persistLocal, storageKey } from '#shared/storage';
import { HTML_LANG } from './languages.ts';
import { LANGUAGE_COOKIE } from '@bourse/protocol/web-pages';
import { keepPageCookie } from '#shared/lib';
import { browserLanguage } from './languages.ts';

/** The app language (SPEC.md §3, default en); every call's Accept-Language follows it. */
export const $language = createStore<Language>(DEFAULT_LANGUAGE);
persistLocal($language, 'language', languageSchema);

/** The browser's languages, in the user's order; none where there is no browser. */
const navigatorLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages;

/**
 * The language to start in: the one kept on this device; with none kept (a first start), the
 * browser's when the app has it, else English (SPEC.md §3). Read at once, before the app's scope
 * exists, to start fetching its texts early; the app then starts in it (see `main.tsx`).
 */
export function savedLanguage(
  storage: () => Pick<Storage, 'getItem'> = () => localStorage,
  browser: () => readonly string[] = navigatorLanguages,
): Language {
  const fallback = () => browserLanguage(browser()) ?? DEFAULT_LANGUAGE;
  try {
    // Stored as JSON by effector-storage; reading storage itself may throw (privacy modes).
    const stored: unknown = JSON.parse(storage().getItem(storageKey('language')) ?? 'null');
    const parsed = languageSchema.safeParse(stored);
    return parsed.success ? parsed.data : fallback();
  } catch {
    return fallback();
  }
}

export const languageChanged = createEvent<Language>();
sample({ clock: languageChanged, target: $language });

/** The i18next instance the app started with; tests leave it out. */
export const $i18n = createStore<i18n | null>(null, { serialize: 'ignore' });
export const i18nReady = createEvent<i18n>();
sample({ clock: i18nReady, target: $i18n });

/** Loads the language's file (its own chunk) and switches the texts and `<html lang>`. */
export const applyLanguageFx = attach({
  source: $i18n,
  effect: async (instance: i18n | null, language: Language) => {
    await instance?.changeLanguage(language);
    if (typeof document === 'undefined') return;
    document.documentElement.lang = HTML_LANG[language];
    // Beside local storage, for the server: the next visit's page comes in this language.
    keepPageCookie(LANGUAGE_COOKIE, language);
  },
});

sample({ clock: [$language, i18nReady], source: $language, target: applyLanguageFx });

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@bourse/protocol/config';
import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

/** Each language file is its own chunk, fetched when the language is first used. */
const loadLanguage = (language: string) =>
  import(`./locales/${language}.json`) as Promise<{ default: Record<string, unknown> }>;

/**
 * Starts fetching a language's texts (and the fallback's) before i18next asks for them, so that
 * they come while the runtime config does. i18next's own request then finds the module loaded.
 */
export function preloadLanguage(language: Language): void {
  for (const wanted of new Set([language, DEFAULT_LANGUAGE])) {
    // A failure here is i18next's to report when it asks again.
    loadLanguage(wanted).catch(() => undefined);
  }
}

export async function createI18n(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(resourcesToBackend(loadLanguage))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  return instance;
}

import { LANGUAGE_TAGS, LANGUAGES, type Language } from '@bourse/protocol/config';

/** Each language named in itself, so that anyone can find their own (not translated on purpose). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  zh: '繁體中文',
  es: 'Español',
  pt: 'Português',
  de: 'Deutsch',
  fr: 'Français',
  jp: '日本語',
  it: 'Italiano',
};

/** HTML `lang` (BCP 47) for our language codes: the protocol's tags. */
export const HTML_LANG: Readonly<Record<Language, string>> = LANGUAGE_TAGS;

export const isLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);

/** The first of the browser's languages that the app has (one rule for the app and its servers). */
export { browserLanguage } from '@bourse/protocol/web-pages';

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

/**
 * The first of the browser's languages (`navigator.languages`, BCP 47 tags in the user's order)
 * that the app has, else null. Tags are matched by their language alone: every Chinese is the
 * app's zh (Traditional, the one Chinese it has), pt-BR and pt-PT are pt, and Japanese, `ja`, is
 * the app's `jp`.
 */
export function browserLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    const language = primary === 'ja' ? 'jp' : primary;
    if (isLanguage(language)) return language;
  }
  return null;
}

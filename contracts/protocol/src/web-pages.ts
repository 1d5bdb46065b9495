/**
 * How a page of the web app is delivered: the build prerenders each guest route's first screen
 * in every language (`web/build/prerender-pages.ts`), and the servers (`npm start`'s mock and the
 * compose demo's nginx) send the file of the route and of the reader's language. One definition
 * of where those files are and of how the language is chosen, for the build, the app and both
 * servers.
 */
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './config.ts';

/** The folder of the built app that holds the prerendered pages. */
export const PRERENDER_DIR = '_pages';

/**
 * The cookie the app keeps beside its local storage: the language it shows. A server reads it to
 * send the page already in that language (nginx names it `$cookie_bourse_lang`).
 */
export const LANGUAGE_COOKIE = 'bourse_lang';

/**
 * The cookie the app keeps beside its login flag: `1` while this device is signed in. Only the
 * flag, never the session: a server reads it to send a signed-in screen's frame rather than a
 * guest's (nginx names it `$cookie_bourse_viewer`).
 */
export const VIEWER_COOKIE = 'bourse_viewer';

/** A year: the language and the flag are kept until changed, as local storage keeps them. */
export const PAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Who a page is prerendered for: a guest, or a signed-in user before any of their data. */
export const VIEWERS = ['guest', 'user'] as const;
export type Viewer = (typeof VIEWERS)[number];

/**
 * The prerendered file of `pathname` for `viewer` in `language`, relative to the built app's
 * folder.
 */
export function prerenderedFile(language: Language, viewer: Viewer, pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  return `${PRERENDER_DIR}/${language}/${viewer}${path}/index.html`;
}

/** Who the page a request gets is for: a user when the app's flag says this device is signed in. */
export function pageViewer(request: { readonly cookie?: string | undefined }): Viewer {
  return cookieValue(request.cookie ?? '', VIEWER_COOKIE) === '1' ? 'user' : 'guest';
}

/**
 * The primary language subtag a browser names each language by: Japanese is `ja`, the app's
 * `jp`; every Chinese is the app's zh (Traditional, the one Chinese it has), and pt-BR and pt-PT
 * are pt.
 */
export const BROWSER_SUBTAGS: Readonly<Record<Language, string>> = {
  en: 'en',
  zh: 'zh',
  es: 'es',
  pt: 'pt',
  de: 'de',
  fr: 'fr',
  jp: 'ja',
  it: 'it',
};

/**
 * The first of the browser's languages (BCP 47 tags in the user's order) that the app has, else
 * null. Tags are matched by their primary subtag alone (`BROWSER_SUBTAGS`).
 */
export function browserLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    const language = LANGUAGES.find((candidate) => BROWSER_SUBTAGS[candidate] === primary);
    if (language !== undefined) return language;
  }
  return null;
}

/**
 * The tags of an Accept-Language header, most wanted first (a browser sends them so, from
 * `navigator.languages`; the q-values order any other sender's). A tag with q=0 is refused.
 */
export function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => /^q=/i.test(param));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The value of cookie `name` in a Cookie header, or null. */
export function cookieValue(header: string, name: string): string | null {
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}

/**
 * The language of the page a request gets, as the app will choose it: the one it keeps (its
 * cookie); with none kept, the browser's first that the app has; else the default.
 */
export function pageLanguage(request: {
  readonly cookie?: string | undefined;
  readonly acceptLanguage?: string | undefined;
}): Language {
  const kept = cookieValue(request.cookie ?? '', LANGUAGE_COOKIE);
  if (kept !== null && isLanguage(kept)) return kept;
  return browserLanguage(acceptedLanguages(request.acceptLanguage ?? '')) ?? DEFAULT_LANGUAGE;
}

import { DEFAULT_LANGUAGE, LANGUAGES } from '@bourse/protocol/config';
import {
  BROWSER_SUBTAGS,
  LANGUAGE_COOKIE,
  PRERENDER_DIR,
  VIEWER_COOKIE,
} from '@bourse/protocol/web-pages';

/** What nginx includes to send a route's prerendered page in the reader's language. */
export interface NginxPageSnippets {
  /** at `http` level: `$bourse_page_lang` and `$bourse_page_viewer`, of the page a request gets */
  readonly map: string;
  /** in a page's location: its prerendered file, else index.html */
  readonly file: string;
}

const GENERATED =
  '# Generated from contracts/protocol/src/web-pages.ts by write-nginx-headers.ts: do not edit.';

/**
 * The nginx side of `pageLanguage`, `pageViewer` and `prerenderedFile`: the viewer the app's flag
 * cookie names, and the language kept in the app's cookie;
 * with none, the first tag of Accept-Language whose primary subtag the app has (browsers list
 * their languages most wanted first, which is the order nginx reads; a q=0 tag is not told
 * apart); else the default. The file is the route's prerendered page in it, when the build wrote
 * one, else the app's index.html, which draws the route itself.
 */
export function nginxPageSnippets(): NginxPageSnippets {
  const subtags = LANGUAGES.map((language) => BROWSER_SUBTAGS[language]).join('|');
  const firstKnownTag = `~^(?:[^,]*,)*?\\s*(?<bourse_tag>${subtags})(?:[-_][^,;]*)?\\s*(?:;[^,]*)?(?:,|$)`;
  const map = [
    GENERATED,
    'map $http_accept_language $bourse_browser_tag {',
    `  "${firstKnownTag}" $bourse_tag;`,
    '  default "";',
    '}',
    'map $bourse_browser_tag $bourse_browser_lang {',
    ...LANGUAGES.map((language) => `  ${BROWSER_SUBTAGS[language]} ${language};`),
    `  default ${DEFAULT_LANGUAGE};`,
    '}',
    `map $cookie_${LANGUAGE_COOKIE} $bourse_page_lang {`,
    ...LANGUAGES.map((language) => `  ${language} ${language};`),
    '  default $bourse_browser_lang;',
    '}',
    `map $cookie_${VIEWER_COOKIE} $bourse_page_viewer {`,
    '  1 user;',
    '  default guest;',
    '}',
    '',
  ].join('\n');
  const file = [
    GENERATED,
    'add_header Vary "Accept-Encoding, Cookie, Accept-Language" always;',
    `try_files /${PRERENDER_DIR}/$bourse_page_lang/$bourse_page_viewer$uri/index.html /index.html;`,
    '',
  ].join('\n');
  return { map, file };
}

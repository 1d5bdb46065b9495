import { PAGE_COOKIE_MAX_AGE_S } from '@bourse/protocol/web-pages';

/**
 * Keeps a cookie a server reads to send a page as the app will draw it (its language, whether
 * this device is signed in: `@bourse/protocol/web-pages`), beside what local storage keeps. No
 * secret goes in one. Nothing happens where there is no document.
 */
export function keepPageCookie(name: string, value: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${value}; Path=/; Max-Age=${String(PAGE_COOKIE_MAX_AGE_S)}; SameSite=Lax`;
}

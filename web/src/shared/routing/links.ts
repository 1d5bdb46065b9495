import { isPathAvailable } from './available.ts';

/**
 * Where a link of the app leads (a banner's, a server-given one, an in-app one), once checked:
 * - `route`: a page this build has registered, opened through the router;
 * - `web`: a web address, opened in a new tab;
 * - `direct`: `mailto:` or `tel:`, handed to the device;
 * - `none`: anything else (`javascript:`, a page that has not landed and no fallback), shown
 *   but not followed: never the not-found page.
 */
export type LinkTarget =
  | { readonly kind: 'route'; readonly to: string }
  | { readonly kind: 'web'; readonly href: string }
  | { readonly kind: 'direct'; readonly href: string }
  | { readonly kind: 'none' };

/** The path of an in-app link, without its query, hash or trailing slashes (`/` stays `/`). */
export const pathOfLink = (to: string): string =>
  (to.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '') || '/';

/** Whether an in-app link leads to a page this build has registered. */
export const isRouteAvailable = (to: string): boolean => isPathAvailable(pathOfLink(to));

/**
 * The registered screen closest to what a link to a page that has not landed promises. None
 * today: the coin guess, the last page that needed one (Market), has landed.
 */
const STAND_INS: Readonly<Partial<Record<string, string>>> = {};

/**
 * The one check every link of the app goes through. An in-app link to a page that is not
 * registered goes to the screen closest to what it promised when that one is registered, else
 * to `fallback` when that one is, and otherwise nowhere.
 */
export function linkTargetOf(link: string, fallback?: string): LinkTarget {
  const href = link.trim();
  if (/^https?:\/\/[^\s/]/i.test(href)) return { kind: 'web', href };
  if (/^(?:mailto|tel):\S/i.test(href)) return { kind: 'direct', href };
  if (href.startsWith('/') && !href.startsWith('//')) {
    if (isRouteAvailable(href)) return { kind: 'route', to: href };
    for (const instead of [STAND_INS[pathOfLink(href)], fallback]) {
      if (instead !== undefined && isRouteAvailable(instead)) return { kind: 'route', to: instead };
    }
  }
  return { kind: 'none' };
}

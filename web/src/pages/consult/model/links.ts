import { PATHS } from '#shared/routing';

/**
 * Where a support link leads, and so how it is opened:
 * - `external`: a web address, in a new tab;
 * - `direct`: `mailto:` or `tel:`, handed to the device;
 * - `app`: a path of the app, through the router;
 * - `desk`: the in-app support desk, i.e. this very screen;
 * - `none`: anything else (e.g. `javascript:`), shown but not followed.
 */
export type LinkTarget =
  | { readonly kind: 'external'; readonly href: string }
  | { readonly kind: 'direct'; readonly href: string }
  | { readonly kind: 'app'; readonly to: string }
  | { readonly kind: 'desk' }
  | { readonly kind: 'none' };

export function linkTargetOf(link: string): LinkTarget {
  const href = link.trim();
  if (/^https?:\/\/[^\s/]/i.test(href)) return { kind: 'external', href };
  if (/^(?:mailto|tel):\S/i.test(href)) return { kind: 'direct', href };
  if (href.startsWith('/') && !href.startsWith('//')) {
    const path = href.split(/[?#]/, 1)[0]?.replace(/\/+$/, '') ?? '';
    return path === PATHS.consult ? { kind: 'desk' } : { kind: 'app', to: href };
  }
  return { kind: 'none' };
}

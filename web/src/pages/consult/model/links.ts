import { linkTargetOf as appLinkTargetOf, PATHS, pathOfLink } from '#shared/routing';

/**
 * Where a support link leads, and so how it is opened (the app's one link check first):
 * - `external`: a web address, in a new tab;
 * - `direct`: `mailto:` or `tel:`, handed to the device;
 * - `app`: a registered page of the app, through the router;
 * - `desk`: the in-app support desk, i.e. this very screen;
 * - `none`: anything else (e.g. `javascript:`, a page that has not landed), shown but not followed.
 */
export type LinkTarget =
  | { readonly kind: 'external'; readonly href: string }
  | { readonly kind: 'direct'; readonly href: string }
  | { readonly kind: 'app'; readonly to: string }
  | { readonly kind: 'desk' }
  | { readonly kind: 'none' };

export function linkTargetOf(link: string): LinkTarget {
  const target = appLinkTargetOf(link);
  switch (target.kind) {
    case 'web':
      return { kind: 'external', href: target.href };
    case 'direct':
      return target;
    case 'route':
      return pathOfLink(target.to) === PATHS.consult
        ? { kind: 'desk' }
        : { kind: 'app', to: target.to };
    case 'none':
      return target;
  }
}

/**
 * The build's prerendering (`web/build/build-app.ts` builds it for Node, `prerender-pages.ts` runs
 * it): a route's first screen as HTML, for one viewer in one language, drawn by the app's own
 * route table and components, for the browser to paint before any script has run and for the app
 * to hydrate.
 */
import { DEFAULT_LANGUAGE, type Language } from '@bourse/protocol/config';
import { type Viewer, VIEWERS } from '@bourse/protocol/web-pages';
import { createI18n, languageChanged, loadFirstTexts, loadTextGroups } from '#shared/i18n';
import { $isLoggedIn } from '#shared/session';
import { allSettled, fork, type Scope } from 'effector';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app-providers.tsx';
import { appRoutes } from './router.tsx';
import { firstPageAt, PAGE_ROUTES } from './routes.tsx';

/** A route prerendered, and for whom. */
export interface PrerenderRoute {
  readonly path: string;
  /** the page (`src/pages/<page>`) it draws */
  readonly page: string;
  readonly viewer: Viewer;
}

/**
 * The routes prerendered: every route for each viewer it draws for (a guests' page for guests, a
 * signed-in page for users, a public one for both). A route registered in the route table is
 * among them with no new code.
 */
export const PRERENDERED_ROUTES: readonly PrerenderRoute[] = PAGE_ROUTES.flatMap((route) =>
  viewersOf(route).map((viewer) => ({ path: route.path, page: route.page, viewer })),
);

function viewersOf(route: (typeof PAGE_ROUTES)[number]): readonly Viewer[] {
  if (route.auth === true) return ['user'];
  if (route.guestOnly === true) return ['guest'];
  return VIEWERS;
}

/**
 * The markup of `#root` for `viewer` opening `path` in `language`: by default as the build draws
 * it, with nothing the device keeps (a user signed in, none of their data); with `scope`, as the
 * app in that scope draws its first frame (the hydration test's returning user).
 */
export async function renderRoute(
  path: string,
  language: Language,
  viewer: Viewer = 'guest',
  scope: Scope = fork({ values: viewer === 'user' ? [[$isLoggedIn, true]] : [] }),
): Promise<string> {
  if (language !== DEFAULT_LANGUAGE) await allSettled(languageChanged, { scope, params: language });
  const i18n = await createI18n(
    language,
    await loadFirstTexts(language, firstPageAt(path, viewer === 'user')),
  );
  const routes = appRoutes(i18n.t('common.loading'), (groups) => loadTextGroups(i18n, groups));
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} redirects: it is not prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders scope={scope} i18n={i18n}>
      {/* no hydration data: the app's routes have no loaders, and an inline script would need
          a hash in the content security policy */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}

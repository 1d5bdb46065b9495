/**
 * The build's prerendering (`web/build/prerender-pages.ts` runs it, after `vite build --ssr`):
 * a route's first screen as HTML, in one language, drawn by the app's own route table and
 * components, for the browser to paint before any script has run and for the app to hydrate.
 */
import { DEFAULT_LANGUAGE, type Language } from '@bourse/protocol/config';
import { createI18n, languageChanged, loadFirstTexts, loadTextGroups } from '#shared/i18n';
import { allSettled, fork } from 'effector';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app-providers.tsx';
import { appRoutes } from './router.tsx';
import { firstPageAt, PAGE_ROUTES } from './routes.tsx';

/** A route prerendered, and for whom: a guest's screen as it is. */
export interface PrerenderRoute {
  readonly path: string;
  /** the page (`src/pages/<page>`) it draws */
  readonly page: string;
}

/**
 * The routes prerendered: every one a guest may open (the guests' pages and the public ones). A
 * route registered in the route table is among them with no new code.
 */
export const PRERENDERED_ROUTES: readonly PrerenderRoute[] = PAGE_ROUTES.filter(
  (route) => route.auth !== true,
).map((route) => ({ path: route.path, page: route.page }));

/** The markup of `#root` for a guest opening `path` in `language`. */
export async function renderRoute(path: string, language: Language): Promise<string> {
  const scope = fork();
  if (language !== DEFAULT_LANGUAGE) await allSettled(languageChanged, { scope, params: language });
  const i18n = await createI18n(language, await loadFirstTexts(language, firstPageAt(path, false)));
  const routes = appRoutes(i18n.t('common.loading'), (groups) => loadTextGroups(i18n, groups));
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} redirects a guest: not prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders scope={scope} i18n={i18n}>
      {/* no hydration data: the app's routes have no loaders, and an inline script would need
          a hash in the content security policy */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}

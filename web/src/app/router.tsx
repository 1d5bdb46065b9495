import type { TextGroup } from '#shared/i18n';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout, type RouteHandle } from './layout.tsx';
import { loadPage } from './page-loading.ts';
import { RouteError } from './route-error.tsx';
import { Splash } from './splash.tsx';
import { notFoundPage, PAGE_ROUTES } from './routes.tsx';

/**
 * A page's code and its texts, fetched at once: the page draws once both are in, so no raw key
 * and no text of the previous language shows.
 */
const routesLoadingTexts = (
  loadTexts: (groups: readonly TextGroup[]) => Promise<void>,
): RouteObject[] => [
  ...PAGE_ROUTES.map((route): RouteObject => ({
    path: route.path,
    handle: { access: { auth: route.auth, guestOnly: route.guestOnly } } satisfies RouteHandle,
    lazy: async () => {
      const [page] = await Promise.all([loadPage(route.load), loadTexts(route.texts)]);
      return { Component: page.Component };
    },
  })),
  // Everything else, the old framework's system pages included, is a real not-found page.
  { path: '*', lazy: async () => ({ Component: (await notFoundPage()).Component }) },
];

/** The app's routes, as the browser's router and the build's prerendering both use them. */
export const appRoutes = (
  loadingLabel: string,
  loadTexts: (groups: readonly TextGroup[]) => Promise<void>,
): RouteObject[] => [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Until the first route's code is in: the splash index.html drew, not a blank screen.
    hydrateFallbackElement: <Splash label={loadingLabel} />,
    children: [{ errorElement: <RouteError />, children: routesLoadingTexts(loadTexts) }],
  },
];

export const createAppRouter = (
  loadingLabel: string,
  loadTexts: (groups: readonly TextGroup[]) => Promise<void>,
) => createBrowserRouter(appRoutes(loadingLabel, loadTexts));

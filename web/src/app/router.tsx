import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout, type RouteHandle } from './layout.tsx';
import { loadPage } from './page-loading.ts';
import { RouteError } from './route-error.tsx';
import { Splash } from './splash.tsx';
import { notFoundPage, PAGE_ROUTES } from './routes.tsx';

const children: RouteObject[] = [
  ...PAGE_ROUTES.map((route): RouteObject => ({
    path: route.path,
    handle: { access: { auth: route.auth, guestOnly: route.guestOnly } } satisfies RouteHandle,
    lazy: async () => ({ Component: (await loadPage(route.load)).Component }),
  })),
  // Everything else, the old framework's system pages included, is a real not-found page.
  { path: '*', lazy: async () => ({ Component: (await notFoundPage()).Component }) },
];

export const createAppRouter = (loadingLabel: string) =>
  createBrowserRouter([
    {
      element: <AppLayout />,
      errorElement: <RouteError />,
      // Until the first route's code is in: the splash index.html drew, not a blank screen.
      hydrateFallbackElement: <Splash label={loadingLabel} />,
      children: [{ errorElement: <RouteError />, children }],
    },
  ]);

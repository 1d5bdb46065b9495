import { declareAvailablePaths, PATHS } from '#shared/routing';
import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router-dom';
import { loadPage } from './page-loading.ts';

interface PageModule {
  Component: ComponentType;
}

export interface PageRoute {
  path: string;
  load: () => Promise<PageModule>;
  /** the page needs a signed-in user; a guest goes to the login page */
  auth?: boolean;
  /** the page is for guests; a signed-in user goes to the landing page */
  guestOnly?: boolean;
}

/**
 * Every screen that works today, each its own chunk. Screens of later milestones are
 * registered as they land: no route shows a placeholder.
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: PATHS.root, load: () => import('#pages/login'), guestOnly: true },
  { path: PATHS.login, load: () => import('#pages/login'), guestOnly: true },
  { path: PATHS.register, load: () => import('#pages/register'), guestOnly: true },
  { path: PATHS.forget, load: () => import('#pages/forget') },
  { path: PATHS.home, load: () => import('#pages/home'), auth: true },
  { path: PATHS.user, load: () => import('#pages/user'), auth: true },
  { path: PATHS.quotes, load: () => import('#pages/quotes'), auth: true },
  { path: PATHS.setup, load: () => import('#pages/setup'), auth: true },
  { path: PATHS.setupName, load: () => import('#pages/setup-name'), auth: true },
  { path: PATHS.setupPassword, load: () => import('#pages/setup-password'), auth: true },
  { path: PATHS.announcement, load: () => import('#pages/announcement') },
  { path: PATHS.ipo, load: () => import('#pages/ipo') },
  { path: PATHS.announcementDetail, load: () => import('#pages/announcement-detail') },
  { path: PATHS.help, load: () => import('#pages/help') },
  { path: PATHS.consult, load: () => import('#pages/consult') },
  { path: PATHS.consultDetail, load: () => import('#pages/consult-detail') },
  { path: PATHS.configDetail, load: () => import('#pages/config-detail') },
  { path: PATHS.kline, load: () => import('#pages/kline'), auth: true },
];

/**
 * Starts loading the code of the page at `pathname` at once, in parallel with the runtime config
 * and the texts; the router's own lazy load then finds the module there. A failure is the
 * router's to show when it loads the page itself.
 */
export function preloadPageAt(pathname: string): void {
  const route = matchRoutes([...PAGE_ROUTES], pathname)?.at(-1)?.route;
  route?.load().catch(() => undefined);
}

export const notFoundPage = () => loadPage(() => import('#pages/not-found'));

export const REGISTERED_PATHS: ReadonlySet<string> = new Set(
  PAGE_ROUTES.map((route) => route.path),
);

// Pages show links to other pages (the chart's "Trade contract") only once those are registered.
declareAvailablePaths(REGISTERED_PATHS);

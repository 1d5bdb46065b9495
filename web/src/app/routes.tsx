import type { TextGroup } from '#shared/i18n';
import { declareAvailablePaths, LANDING_PATH, PATHS } from '#shared/routing';
import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router-dom';
import { loadPage } from './page-loading.ts';
import { type PageName, ROUTE_TABLE } from './route-table.ts';

interface PageModule {
  Component: ComponentType;
}

export interface PageRoute {
  path: string;
  /** the page (`src/pages/<page>`) that draws it */
  page: PageName;
  load: PageLoader;
  /** the page needs a signed-in user; a guest goes to the login page */
  auth?: boolean;
  /** the page is for guests; a signed-in user goes to the landing page */
  guestOnly?: boolean;
  /** the groups of texts the page draws beyond the shell's, loaded with its code */
  texts: readonly TextGroup[];
}

type PageLoader = () => Promise<PageModule>;

/** Each page's code, a chunk of its own (the import strings must be literal for the bundler). */
const PAGE_LOADERS = {
  login: () => import('#pages/login'),
  register: () => import('#pages/register'),
  forget: () => import('#pages/forget'),
  home: () => import('#pages/home'),
  user: () => import('#pages/user'),
  quotes: () => import('#pages/quotes'),
  setup: () => import('#pages/setup'),
  'setup-name': () => import('#pages/setup-name'),
  'setup-password': () => import('#pages/setup-password'),
  announcement: () => import('#pages/announcement'),
  ipo: () => import('#pages/ipo'),
  'announcement-detail': () => import('#pages/announcement-detail'),
  help: () => import('#pages/help'),
  consult: () => import('#pages/consult'),
  'consult-detail': () => import('#pages/consult-detail'),
  'config-detail': () => import('#pages/config-detail'),
  kline: () => import('#pages/kline'),
  // issue 11, funds-web
  assets: () => import('#pages/assets'),
  'assets-log': () => import('#pages/assets-log'),
  transfer: () => import('#pages/transfer'),
  'transfer-log': () => import('#pages/transfer-log'),
  recharge: () => import('#pages/recharge'),
  'recharge-log': () => import('#pages/recharge-log'),
  withdraw: () => import('#pages/withdraw'),
  'withdraw-log': () => import('#pages/withdraw-log'),
  // issue 11, identity slice
  bind: () => import('#pages/bind'),
  'bind-usdt': () => import('#pages/bind-usdt'),
  'bind-bank': () => import('#pages/bind-bank'),
  verified: () => import('#pages/verified'),
  invite: () => import('#pages/invite'),
  team: () => import('#pages/team'),
  // issue 12, manage
  'contract-log': () => import('#pages/contract-log'),
  'contract-detail': () => import('#pages/contract-detail'),
  'contract-detail1': () => import('#pages/contract-detail1'),
  // issue 12, trade slice
  contract: () => import('#pages/contract'),
  // issue 13, options-web
  options: () => import('#pages/options'),
  'options-log': () => import('#pages/options-log'),
  'options-detail': () => import('#pages/options-detail'),
  // issue 14, game-web
  game: () => import('#pages/game'),
  'game-log': () => import('#pages/game-log'),
  'open-location': () => import('#pages/open-location'),
  'choose-location': () => import('#pages/choose-location'),
  'op-kline': () => import('#pages/op-kline'),
} satisfies Record<PageName, PageLoader>;

/** The router's view of `ROUTE_TABLE`. */
export const PAGE_ROUTES: readonly PageRoute[] = ROUTE_TABLE.map((entry) => ({
  path: PATHS[entry.path],
  page: entry.page,
  load: PAGE_LOADERS[entry.page],
  texts: entry.texts,
  ...('auth' in entry ? { auth: entry.auth } : {}),
  ...('guestOnly' in entry ? { guestOnly: entry.guestOnly } : {}),
}));

/**
 * Starts loading the code of the page at `pathname` at once, in parallel with the runtime config
 * and the texts; the router's own lazy load then finds the module there. A failure is the
 * router's to show when it loads the page itself.
 */
export function preloadPageAt(pathname: string): void {
  routeAt(pathname)
    ?.load()
    .catch(() => undefined);
}

/**
 * The page the first screen at `pathname` draws, as index.html's preload picks it
 * (`web/build/preload-route.ts`): a guest opening a signed-in page gets the login page, a
 * signed-in user opening a guests' page the landing page, an unknown address the not-found page.
 */
export function firstPageAt(pathname: string, signedIn: boolean): string {
  const route = routeAt(pathname);
  const pageAt = (path: string) => routeAt(path)?.page ?? NOT_FOUND_PAGE;
  if (route === undefined) return NOT_FOUND_PAGE;
  if (route.auth === true && !signedIn) return pageAt(PATHS.login);
  if (route.guestOnly === true && signedIn) return pageAt(LANDING_PATH);
  return route.page;
}

/** The page (`src/pages/not-found`) of an address no route has. */
const NOT_FOUND_PAGE = 'not-found';

/** Each route by its path as written, which is how an address almost always comes. */
const ROUTE_BY_PATH: ReadonlyMap<string, PageRoute> = new Map(
  PAGE_ROUTES.map((route) => [route.path, route]),
);

/**
 * The route at `pathname`: looked up by its path, or matched as the router matches (a trailing
 * slash, other letter case). Matching ranks all the routes, some 7 ms at 4× CPU each time, and
 * the start asks up to three times before anything is drawn.
 */
const routeAt = (pathname: string): PageRoute | undefined =>
  ROUTE_BY_PATH.get(pathname) ?? matchRoutes([...PAGE_ROUTES], pathname)?.at(-1)?.route;

export const notFoundPage = () => loadPage(() => import('#pages/not-found'));

export const REGISTERED_PATHS: ReadonlySet<string> = new Set(
  PAGE_ROUTES.map((route) => route.path),
);

// Pages show links to other pages (the chart's "Trade contract") only once those are registered.
declareAvailablePaths(REGISTERED_PATHS);

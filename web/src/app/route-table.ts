import type { PathName } from '#shared/routing';

/** A registered screen: its path, the page (`src/pages/<page>`) that draws it, and who may see it. */
export interface RouteEntry {
  readonly path: PathName;
  readonly page: string;
  /** the page needs a signed-in user; a guest goes to the login page */
  readonly auth?: true;
  /** the page is for guests; a signed-in user goes to the landing page */
  readonly guestOnly?: true;
}

/**
 * Every screen that works today, each its own chunk. Screens of later milestones are registered
 * as they land: no route shows a placeholder. Plain data (the router's loaders are in
 * `routes.tsx`), so that the build reads it too: index.html preloads the code of the page a visit
 * opens (`web/build/preload-route.ts`).
 */
export const ROUTE_TABLE = [
  { path: 'root', page: 'login', guestOnly: true },
  { path: 'login', page: 'login', guestOnly: true },
  { path: 'register', page: 'register', guestOnly: true },
  { path: 'forget', page: 'forget' },
  { path: 'home', page: 'home', auth: true },
  { path: 'user', page: 'user', auth: true },
  { path: 'quotes', page: 'quotes', auth: true },
  { path: 'setup', page: 'setup', auth: true },
  { path: 'setupName', page: 'setup-name', auth: true },
  { path: 'setupPassword', page: 'setup-password', auth: true },
  { path: 'announcement', page: 'announcement' },
  { path: 'ipo', page: 'ipo' },
  { path: 'announcementDetail', page: 'announcement-detail' },
  { path: 'help', page: 'help' },
  { path: 'consult', page: 'consult' },
  { path: 'consultDetail', page: 'consult-detail' },
  { path: 'configDetail', page: 'config-detail' },
  { path: 'kline', page: 'kline', auth: true },
  // issue 11, funds-web
  { path: 'assets', page: 'assets', auth: true },
  { path: 'assetsLog', page: 'assets-log', auth: true },
  { path: 'transfer', page: 'transfer', auth: true },
  { path: 'transferLog', page: 'transfer-log', auth: true },
  { path: 'recharge', page: 'recharge', auth: true },
  { path: 'rechargeLog', page: 'recharge-log', auth: true },
  { path: 'withdraw', page: 'withdraw', auth: true },
  { path: 'withdrawLog', page: 'withdraw-log', auth: true },
  // issue 11, identity slice: binding
  { path: 'bind', page: 'bind', auth: true },
  { path: 'bindUsdt', page: 'bind-usdt', auth: true },
  { path: 'bindBank', page: 'bind-bank', auth: true },
  { path: 'verified', page: 'verified', auth: true },
  { path: 'invite', page: 'invite', auth: true },
  { path: 'team', page: 'team', auth: true },
  // issue 12, trade slice
  { path: 'contract', page: 'contract', auth: true },
] as const satisfies readonly RouteEntry[];

export type PageName = (typeof ROUTE_TABLE)[number]['page'];

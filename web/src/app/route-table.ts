import type { TextGroup } from '#shared/i18n';
import type { PathName } from '#shared/routing';

/** A registered screen: its path, the page (`src/pages/<page>`) that draws it, and who may see it. */
export interface RouteEntry {
  readonly path: PathName;
  readonly page: string;
  /** the page needs a signed-in user; a guest goes to the login page */
  readonly auth?: true;
  /** the page is for guests; a signed-in user goes to the landing page */
  readonly guestOnly?: true;
  /**
   * the groups of texts (top-level keys of `src/shared/i18n/locales/<lang>.json`) the page draws
   * beyond the shell's (`SHELL_TEXTS`): the router loads them with the page's code, in the
   * current language, before the page draws
   */
  readonly texts: readonly TextGroup[];
}

/**
 * Every screen that works today, each its own chunk, with the texts it draws. Screens of later milestones are registered
 * as they land: no route shows a placeholder. Plain data (the router's loaders are in
 * `routes.tsx`), so that the build reads it too: index.html preloads the code of the page a visit
 * opens and its texts (`web/build/preload-route.ts`).
 */
export const ROUTE_TABLE = [
  { path: 'root', page: 'login', guestOnly: true, texts: ['login', 'authForm', 'guestLanguage'] },
  { path: 'login', page: 'login', guestOnly: true, texts: ['login', 'authForm', 'guestLanguage'] },
  {
    path: 'register',
    page: 'register',
    guestOnly: true,
    texts: ['register', 'authForm', 'guestLanguage', 'emailCode'],
  },
  { path: 'forget', page: 'forget', texts: ['forget', 'authForm', 'guestLanguage', 'emailCode'] },
  { path: 'home', page: 'home', auth: true, texts: ['home', 'market', 'ipo', 'viewer', 'user'] },
  { path: 'user', page: 'user', auth: true, texts: ['user', 'viewer', 'accountSwitch'] },
  { path: 'quotes', page: 'quotes', auth: true, texts: ['market', 'viewer', 'user'] },
  {
    path: 'setup',
    page: 'setup',
    auth: true,
    texts: ['setup', 'user', 'emailCode', 'authForm', 'viewer'],
  },
  { path: 'setupName', page: 'setup-name', auth: true, texts: ['setupName', 'authForm'] },
  {
    path: 'setupPassword',
    page: 'setup-password',
    auth: true,
    texts: ['setupPassword', 'authForm'],
  },
  { path: 'announcement', page: 'announcement', texts: ['announcements'] },
  { path: 'ipo', page: 'ipo', texts: ['ipo', 'ipoDetail', 'viewer', 'user'] },
  { path: 'announcementDetail', page: 'announcement-detail', texts: ['announcementDetail'] },
  { path: 'help', page: 'help', texts: ['helpCentre'] },
  { path: 'consult', page: 'consult', texts: ['consult'] },
  { path: 'consultDetail', page: 'consult-detail', texts: ['consultDetail'] },
  { path: 'configDetail', page: 'config-detail', texts: ['configDetail'] },
  {
    path: 'kline',
    page: 'kline',
    auth: true,
    texts: ['kline', 'chart', 'market', 'viewer', 'user'],
  },
  // issue 11, funds-web
  { path: 'assets', page: 'assets', auth: true, texts: ['funds'] },
  { path: 'assetsLog', page: 'assets-log', auth: true, texts: ['funds'] },
  { path: 'transfer', page: 'transfer', auth: true, texts: ['funds', 'authForm', 'numberInput'] },
  { path: 'transferLog', page: 'transfer-log', auth: true, texts: ['funds'] },
  { path: 'recharge', page: 'recharge', auth: true, texts: ['funds', 'authForm', 'numberInput'] },
  { path: 'rechargeLog', page: 'recharge-log', auth: true, texts: ['funds'] },
  {
    path: 'withdraw',
    page: 'withdraw',
    auth: true,
    texts: ['funds', 'authForm', 'accountSwitch', 'numberInput'],
  },
  { path: 'withdrawLog', page: 'withdraw-log', auth: true, texts: ['funds'] },
  // issue 11, identity slice: binding
  { path: 'bind', page: 'bind', auth: true, texts: ['bind'] },
  { path: 'bindUsdt', page: 'bind-usdt', auth: true, texts: ['bindUsdt', 'authForm', 'viewer'] },
  { path: 'bindBank', page: 'bind-bank', auth: true, texts: ['bindBank', 'authForm', 'viewer'] },
  { path: 'verified', page: 'verified', auth: true, texts: ['verified', 'authForm', 'viewer'] },
  { path: 'invite', page: 'invite', auth: true, texts: ['invite', 'funds'] },
  { path: 'team', page: 'team', auth: true, texts: ['team', 'invite'] },
  // issue 12, manage: the contract history and its two detail forms
  {
    path: 'contractLog',
    page: 'contract-log',
    auth: true,
    texts: ['contractLog', 'contractDetail', 'market'],
  },
  {
    path: 'contractDetail',
    page: 'contract-detail',
    auth: true,
    texts: ['contractDetail', 'contractLog'],
  },
  {
    path: 'contractDetail1',
    page: 'contract-detail1',
    auth: true,
    texts: ['contractDetail', 'contractLog'],
  },
  // issue 12, trade slice
  {
    path: 'contract',
    page: 'contract',
    auth: true,
    texts: ['contract', 'positionActions', 'chart', 'market', 'funds', 'authForm', 'numberInput'],
  },
  // issue 13, options-web
  {
    path: 'options',
    page: 'options',
    auth: true,
    texts: ['options', 'market', 'funds', 'authForm', 'numberInput'],
  },
  { path: 'optionsLog', page: 'options-log', auth: true, texts: ['options', 'funds'] },
  { path: 'optionsDetail', page: 'options-detail', auth: true, texts: ['options', 'market'] },
  { path: 'opKline', page: 'op-kline', auth: true, texts: ['options', 'market', 'authForm'] },
  // issue 14, game-web
  {
    path: 'game',
    page: 'game',
    auth: true,
    texts: ['game', 'options', 'market', 'funds', 'authForm', 'numberInput'],
  },
  { path: 'gameLog', page: 'game-log', auth: true, texts: ['game', 'funds'] },
  // issue 14, the location pages (public: About us links to the office)
  { path: 'openLocation', page: 'open-location', texts: ['location'] },
  { path: 'chooseLocation', page: 'choose-location', texts: ['location'] },
] as const satisfies readonly RouteEntry[];

export type PageName = (typeof ROUTE_TABLE)[number]['page'];

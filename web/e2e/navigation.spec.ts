import { PAGE_ROUTES } from '../src/app/routes.tsx';
import { PATHS } from '../src/shared/routing/paths.ts';
import { endpoints } from '@bourse/protocol';
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { BTC, traderClient } from './contract-support.ts';
import { control, expect, openApp, scenarioUser, signInByApi, test, text } from './support.ts';

const TRADER = scenarioUser('verified-trader');

/** The address bar's path, without the query. */
const pathOf = (page: Page): string => new URL(page.url()).pathname;

const escaped = (path: string) => path.replace(/[/.]/g, '\\$&');

/**
 * A new user, by taps alone, reaches every screen the app registers from the landing page and
 * comes back: after the first address, the test only clicks (never `page.goto`).
 */
test('a signed-in user reaches every registered screen by taps alone, and back', async ({
  page,
}) => {
  // Some twenty screens, each opened and left: well past the default minute on the shared machine.
  test.slow();
  await control.reset('verified-trader');
  // A long opened and closed, so that the contract history has an order and a position to open.
  const call = await traderClient(TRADER);
  const info = await call(endpoints.contract.getContractInfo, { symbol_id: BTC.id });
  await call(endpoints.contract.addOrder, {
    symbol_id: BTC.id,
    side: 'buy',
    type: 'market',
    price: '',
    quantity: info.min_qty,
    leverage_id: info.leverage_id,
    take_profit: '',
    stop_loss: '',
    reduce_only: false,
    request_id: randomUUID(),
  });
  await call(endpoints.contract.allStop, { symbol_id: BTC.id, request_id: randomUUID() });
  // An option of a week, so that the options records have an order to open while it runs.
  await call(endpoints.options.addOrder, {
    symbol_id: BTC.id,
    duration_id: '8',
    direction: 'up',
    amount: '100',
    request_id: randomUUID(),
  });
  await signInByApi(page, TRADER);
  await openApp(page, PATHS.root);

  const visited = new Set<string>([PATHS.root]);
  /** Waits for a screen at `path` (its heading drawn), and notes it. */
  const at = async (path: string) => {
    await expect(page).toHaveURL(new RegExp(`${escaped(path)}(\\?.*)?$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    visited.add(path);
  };
  const back = async (path: string) => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: text('common.back') })
      .click();
    await at(path);
  };
  const tab = (name: string) =>
    page.getByRole('navigation', { name: text('nav.tabs') }).getByRole('link', { name });
  const account = () => page.getByRole('link', { name: text('user.title'), exact: true });
  const headerLinkOf = (name: string) =>
    page.getByRole('banner').getByRole('link', { name, exact: true });
  const tap = async (name: string) => {
    await page.getByRole('main').getByRole('link', { name, exact: true }).first().click();
  };

  // The landing page is Home; its header leads to the personal centre, which leads back.
  await at(PATHS.home);
  await account().click();
  await at(PATHS.user);
  await back(PATHS.home);

  // Market, from the tab bar: the personal centre from there too, and back to Market.
  await tab(text('nav.market')).click();
  await at(PATHS.quotes);
  await account().click();
  await at(PATHS.user);
  await back(PATHS.quotes);

  // A symbol's chart, from Market: the personal centre from there too.
  await page.getByRole('rowheader').first().getByRole('button').click();
  await at(PATHS.kline);
  await account().click();
  await at(PATHS.user);
  await back(PATHS.kline);

  // IPO, from Home's section: the personal centre from there too.
  await tab(text('nav.home')).click();
  await at(PATHS.home);
  const ipo = page.getByRole('region', { name: text('home.ipo.title') });
  await ipo.getByRole('link', { name: new RegExp(`^${text('home.ipo.viewAll')}`) }).click();
  await at(PATHS.ipo);
  await account().click();
  await at(PATHS.user);
  await back(PATHS.ipo);
  await back(PATHS.home);

  // The announcements, from Home's ticker, and one of them.
  await page
    .getByRole('navigation', { name: text('home.notices.label') })
    .getByRole('link', { name: text('home.notices.more') })
    .click();
  await at(PATHS.announcement);
  await page.getByRole('main').getByRole('link').first().click();
  await at(PATHS.announcementDetail);
  await back(PATHS.announcement);
  await back(PATHS.home);

  // Everything behind the personal centre, each screen and back.
  await account().click();
  await at(PATHS.user);
  await tap(text('user.menu.settings'));
  await at(PATHS.setup);
  await tap(text('setup.nickname'));
  await at(PATHS.setupName);
  await back(PATHS.setup);
  await tap(text('setup.password'));
  await at(PATHS.setupPassword);
  await back(PATHS.setup);
  await back(PATHS.user);
  await tap(text('user.menu.help'));
  await at(PATHS.help);
  await back(PATHS.user);
  await tap(text('user.menu.support'));
  await at(PATHS.consult);
  await page
    .getByRole('main')
    .getByRole('link', { name: text('consult.allQuestions') })
    .waitFor();
  await page.locator(`main a[href*="${PATHS.consultDetail}"]`).first().click();
  await at(PATHS.consultDetail);
  await back(PATHS.consult);
  await back(PATHS.user);
  await tap(text('user.menu.servicePolicy'));
  await at(PATHS.configDetail);
  await back(PATHS.user);
  // About us: the office on the map, and from the map the choice of another place.
  await tap(text('user.menu.aboutUs'));
  await at(PATHS.configDetail);
  await page.getByTestId('office-link').click();
  await at(PATHS.openLocation);
  await tap(text('location.another'));
  await at(PATHS.chooseLocation);
  await back(PATHS.openLocation);
  await back(PATHS.configDetail);
  await back(PATHS.user);
  await tap(text('user.menu.verified'));
  await at(PATHS.verified);
  await back(PATHS.user);
  await tap(text('user.menu.bind'));
  await at(PATHS.bind);
  await tap(text('bind.bank'));
  await at(PATHS.bindBank);
  await back(PATHS.bind);
  await tap(text('bind.usdt'));
  await at(PATHS.bindUsdt);
  await back(PATHS.bind);
  await back(PATHS.user);
  // The invite page, its way to the team, and the team's way back to inviting.
  await tap(text('user.menu.invite'));
  await at(PATHS.invite);
  await tap(text('invite.seeTeam'));
  await at(PATHS.team);
  await back(PATHS.invite);
  await back(PATHS.user);
  await tap(text('user.menu.team'));
  await at(PATHS.team);
  await headerLinkOf(text('team.invite')).click();
  await at(PATHS.invite);
  await back(PATHS.team);
  await back(PATHS.user);
  await back(PATHS.home);

  // The money screens, from the Assets tab: each with its records (a link in its header).
  const headerLink = headerLinkOf;
  await tab(text('nav.assets')).click();
  await at(PATHS.assets);
  for (const [action, path, records, log] of [
    ['funds.assets.transfer', PATHS.transfer, 'funds.transfer.records', PATHS.transferLog],
    ['funds.assets.deposit', PATHS.recharge, 'funds.assets.records', PATHS.rechargeLog],
    ['funds.assets.withdraw', PATHS.withdraw, 'funds.assets.records', PATHS.withdrawLog],
  ] as const) {
    await tap(text(action));
    await at(path);
    await headerLink(text(records)).click();
    await at(log);
    await back(path);
    await back(PATHS.assets);
  }
  await tap(text('funds.assets.records'));
  await at(PATHS.assetsLog);
  await back(PATHS.assets);
  await tab(text('nav.home')).click();
  await at(PATHS.home);

  // Contracts, from the tab bar: the history in its header, an order's form and a position's.
  await tab(text('nav.contract')).click();
  await at(PATHS.contract);
  await headerLink(text('contract.history')).click();
  await at(PATHS.contractLog);
  await page
    .getByRole('list', { name: text('contractLog.tabs.orders') })
    .getByRole('link')
    .first()
    .click();
  await at(PATHS.contractDetail);
  await back(PATHS.contractLog);
  await page.getByRole('tab', { name: text('contractLog.tabs.positions') }).click();
  await page
    .getByRole('list', { name: text('contractLog.tabs.positions') })
    .getByRole('link')
    .first()
    .click();
  await at(PATHS.contractDetail1);
  await back(PATHS.contractLog);
  await back(PATHS.contract);
  await tab(text('nav.home')).click();
  await at(PATHS.home);

  // Options, from the tab bar: its chart, its records in the header, an order and its chart.
  await tab(text('nav.options')).click();
  await at(PATHS.options);
  await tap(text('options.fullChart'));
  await at(PATHS.opKline);
  await back(PATHS.options);
  await headerLinkOf(text('options.records')).click();
  await at(PATHS.optionsLog);
  await page.getByTestId('option-record').first().click();
  await at(PATHS.optionsDetail);
  await headerLinkOf(text('options.detail.chart')).click();
  await at(PATHS.opKline);
  await back(PATHS.optionsDetail);
  await back(PATHS.optionsLog);
  await back(PATHS.options);
  await tab(text('nav.home')).click();
  await at(PATHS.home);

  // Coin Guess, from the tab bar: its records in the header.
  await tab(text('nav.game')).click();
  await at(PATHS.game);
  await headerLinkOf(text('game.records')).click();
  await at(PATHS.gameLog);
  await back(PATHS.game);
  await tab(text('nav.home')).click();
  await at(PATHS.home);

  // Logged out, the guest screens: the login page, and from it sign-up and reset.
  await account().click();
  await at(PATHS.user);
  await page.getByRole('button', { name: text('user.logout.action') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('user.logout.confirm'), exact: true })
    .click();
  await at(PATHS.login);
  // The guest screens keep their links below the form, outside the main content.
  const guestLink = (name: string) => page.getByRole('link', { name, exact: true }).first();
  await guestLink(text('login.register')).click();
  await at(PATHS.register);
  await back(PATHS.login);
  await guestLink(text('login.forgot')).click();
  await at(PATHS.forget);
  await back(PATHS.login);

  expect([...visited].sort()).toEqual([...new Set(PAGE_ROUTES.map((route) => route.path))].sort());
  expect(pathOf(page)).toBe(PATHS.login);
});

test.describe('the home banners', () => {
  test('lead to the screens they promise, by keyboard too, never to "not found"', async ({
    page,
  }) => {
    await control.reset('verified-trader');
    await signInByApi(page, TRADER);
    await openApp(page, PATHS.home);
    const banners = page.getByRole('region', { name: text('home.banners.label') });
    const expectations = [
      // "US stocks with leverage" opens the contract screen itself, now there.
      { title: /US stocks with leverage/, path: PATHS.contract, heading: text('contract.title') },
      // "Invite friends" opens the invite screen itself, now there.
      { title: /Invite friends/, path: PATHS.invite, heading: text('invite.title') },
    ];
    for (const expected of expectations) {
      // The keyboard's way: the slides off screen are links too.
      await banners.getByRole('link', { name: expected.title }).press('Enter');
      await expect(page).toHaveURL(new RegExp(`${escaped(expected.path)}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.heading);
      await expect(page.getByText(text('notFound.title'))).toHaveCount(0);
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('home.title'));
    }
  });
});

test.describe('small navigation slips', () => {
  test('the not-found button says where it goes, and goes there', async ({ page }) => {
    await control.reset('verified-trader');
    await signInByApi(page, TRADER);
    await openApp(page, '/pages/nowhere/nowhere');
    const button = page.getByRole('main').getByRole('button');
    // It leads Home: its words name Home.
    await expect(button).toHaveText(new RegExp(text('nav.home')));
    await button.click();
    await expect(page).toHaveURL(new RegExp(`${escaped(PATHS.home)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('home.title'));
  });

  test("Home's More opens Market on the category chosen on Home", async ({ page }) => {
    await control.reset('verified-trader');
    await signInByApi(page, TRADER);
    await openApp(page, PATHS.home);
    const featured = page.getByRole('region', { name: text('home.featured.title') });
    const metals = text('market.categories.metal');
    await featured.getByRole('tab', { name: metals, exact: true }).click();
    await featured
      .getByRole('link', { name: new RegExp(`^${text('home.featured.more')}`) })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('market.title'));
    await expect(page.getByRole('tab', { name: metals, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

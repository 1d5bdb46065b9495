import AxeBuilder from '@axe-core/playwright';
import {
  ANNOUNCEMENTS,
  HELP_ENTRIES,
  IPO_WALKTHROUGH_ID,
  POLICIES,
  SYMBOLS,
} from '@bourse/fixtures';
import type { Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PATHS } from '../src/shared/routing/paths.ts';
import { PAGE_ROUTES, type PageRoute } from '../src/app/routes.tsx';
import { collectWords, findTextOverflow } from './page-checks.ts';
import {
  control,
  expect,
  keysOf,
  LANGUAGES,
  messagesOf,
  scenarioUser,
  signInByApi,
  test,
  text,
  type Language,
  keepOnDevice,
} from './support.ts';

/**
 * Every registered screen (PAGE_ROUTES, read from the app itself, so a page a later issue
 * registers is covered without touching this file), by day and by night, in all eight
 * languages, on a 360 px phone: no text that does not fit, no raw translation key, placeholder
 * or English left in another language, a screenshot of each in e2e/screenshots/, and (in English
 * and the longest language, see AXE_LANGUAGES) no serious or critical axe violation.
 */

const TRADER = scenarioUser('verified-trader');
const THEMES = ['day', 'night'] as const;
type Theme = (typeof THEMES)[number];

/**
 * The address queries of routes that show one item, taken from the fixtures the mock serves.
 * A route opens once per query listed ('' opens it bare); a route not listed opens bare, and
 * one that shows "not found" or an error when opened bare fails and asks to be listed here.
 */
const CRYPTO = SYMBOLS.find((symbol) => symbol.category === 'crypto');
if (!CRYPTO) throw new Error('the fixtures have no crypto symbol, which trades at any hour');
const ROUTE_QUERIES: Readonly<Record<string, readonly string[]>> = {
  [PATHS.kline]: [`symbol=${CRYPTO.id}`],
  [PATHS.ipo]: ['', `id=${IPO_WALKTHROUGH_ID}`],
  [PATHS.announcementDetail]: [`id=${ANNOUNCEMENTS[0].id}`],
  [PATHS.consultDetail]: [`id=${HELP_ENTRIES[0].id}`],
  // bare: the list of the pages
  [PATHS.configDetail]: ['', `key=${POLICIES[0].key}`],
  // an order and a position the scenario's history does not hold: the not-found form
  [PATHS.contractDetail]: ['id=1'],
  [PATHS.contractDetail1]: ['id=1'],
  // an option order the scenario does not hold: the not-found form; the chart of a symbol
  [PATHS.optionsDetail]: ['id=1'],
  [PATHS.opKline]: [`symbol=${CRYPTO.id}`],
  // a place on the map (bare, the page says the link names none)
  [PATHS.openLocation]: [
    'name=Bourse&address=25%20Canada%20Square%2C%20London&lat=51.5049&lon=-0.0195',
  ],
};

/** The not-found page is a screen too: an address no route takes. */
const NOT_FOUND_PATH = '/pages/no-such-page/no-such-page';

interface Visit {
  /** what the address asks for */
  url: string;
  /** the file name of its screenshots */
  name: string;
  auth: boolean;
  /** opened without a query although the route is not in ROUTE_QUERIES */
  bare: boolean;
  /** the code of the page it draws (null: the not-found page) */
  load: PageRoute['load'] | null;
}

const nameOf = (path: string, query: string): string => {
  const segments = path.split('/').filter((segment) => segment && segment !== 'pages');
  const unique = segments.filter((segment, index) => segments.indexOf(segment) === index);
  const base = unique.join('-') || 'root';
  return query ? `${base}-${query.replace(/[^a-z0-9]+/gi, '-')}` : base;
};

const visitsOf = (route: PageRoute): Visit[] =>
  (ROUTE_QUERIES[route.path] ?? ['']).map((query) => ({
    url: query ? `${route.path}?${query}` : route.path,
    name: nameOf(route.path, query),
    auth: route.auth === true,
    bare: !(route.path in ROUTE_QUERIES),
    load: route.load,
  }));

const VISITS: readonly Visit[] = [
  ...PAGE_ROUTES.flatMap(visitsOf),
  { url: NOT_FOUND_PATH, name: 'not-found', auth: false, bare: false, load: null },
];

/**
 * The money screens, checked again on the demo account (issue 21): what they say there differs
 * (play money top-ups, why a withdrawal needs the real account, the demo records).
 */
const MONEY_PATHS: readonly string[] = [
  PATHS.assets,
  PATHS.assetsLog,
  PATHS.recharge,
  PATHS.rechargeLog,
  PATHS.withdraw,
  PATHS.withdrawLog,
  PATHS.transfer,
  PATHS.transferLog,
  PATHS.contractLog,
];
const DEMO_VISITS: readonly Visit[] = VISITS.filter((visit) => MONEY_PATHS.includes(visit.url)).map(
  (visit) => ({ ...visit, name: `${visit.name}-demo` }),
);

/** Puts the signed-in trader on the demo account in the mock (the session is kept). */
async function traderToDemo(): Promise<void> {
  const state = await control.exportState({ secrets: true });
  const users = state.users as Record<string, { email: string; account_mode: string }>;
  const user = Object.values(users).find((one) => one.email === TRADER.email);
  if (!user) throw new Error('no trader');
  user.account_mode = 'demo';
  await control.importState(state);
}

const SCREENSHOTS = new URL('./screenshots/', import.meta.url);

/**
 * axe-core, as @axe-core/playwright brings it, is put into each document once, before the app
 * starts. AxeBuilder would evaluate its 500 KB twice per check, which costs as much as the
 * check; it is handed a source that only makes sure axe is there.
 */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);
const AXE_IS_THERE = `if (typeof window.axe?.run !== 'function') throw new Error('axe-core is not in the page');`;

/** i18next's placeholders: `{{value}}` must always be filled. */
const PLACEHOLDER = /\{\{[^}]*\}\}/;

/** A raw key shows as `namespace.key`; the namespaces are en.json's top-level names. */
const RAW_KEY = new RegExp(
  `(?<![\\w@/.-])(?:${Object.keys(messagesOf('en')).join('|')})\\.[A-Za-z0-9_]+(?:\\.[A-Za-z0-9_]+)*`,
);

/**
 * English texts that a language translates differently: shown whole on that language's screen,
 * they are English left behind (a hard-coded copy, a missing key falling back).
 */
function englishLeftovers(language: Language): ReadonlySet<string> {
  if (language === 'en') return new Set();
  const leftovers = new Set<string>();
  for (const key of keysOf('en')) {
    const english = text(key, 'en');
    if (PLACEHOLDER.test(english) || !/\p{L}{3}/u.test(english)) continue;
    if (text(key, language) !== english) leftovers.add(english);
  }
  // a word the language itself uses for another text is its own (Italian says "Account" in
  // Settings and "Conto" in the fund records)
  for (const key of keysOf(language)) leftovers.delete(text(key, language));
  return leftovers;
}

/** How many characters a language's texts take in all: the longest is the one that overflows. */
const lengthOf = (language: Language): number =>
  keysOf(language).reduce((sum, key) => sum + text(key, language).length, 0);

/**
 * The languages axe runs in, in both themes: English and the longest language. What axe checks
 * (contrast, names, roles, landmarks) follows the theme and the markup, which every language
 * shares; what differs by language (text that does not fit, keys and English left behind) is
 * checked in all eight. Axe is most of a screen's time here, so this halves the pass.
 */
const AXE_LANGUAGES: ReadonlySet<Language> = new Set([
  'en',
  LANGUAGES.reduce((longest, language) =>
    lengthOf(language) > lengthOf(longest) ? language : longest,
  ),
]);

/** The screen has drawn: its heading is in and nothing is announced as loading. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // the app's screen, not the prerendered one before the app has taken it
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Opens an address inside the running app, as a link would (the router follows `popstate`):
 * one page load per theme and language instead of one per screen keeps the pass fast.
 */
async function open(page: Page, url: string, anotherPage: boolean): Promise<void> {
  // The router keeps the page on screen until the next page's code has come: until then the old
  // one (its heading, its states) would be checked in the new one's name. Its <main> is marked,
  // and the new page is the one whose <main> replaced it.
  if (anotherPage) {
    // a page still starting (just reloaded) has no <main> to mark yet: the one it draws next
    // would pass for the new page
    await expect(page.locator('main').first()).toBeVisible();
    await page.evaluate(() => {
      for (const main of document.querySelectorAll('main')) main.dataset['left'] = 'true';
    });
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    window.scrollTo(0, 0);
  }, url);
  if (anotherPage) await expect(page.locator('main[data-left]')).toHaveCount(0);
}

/** The page on screen, by the address the router shows (null: the not-found page). */
function drawnAt(url: string): PageRoute['load'] | null {
  const { pathname } = new URL(url);
  return PAGE_ROUTES.find((route) => route.path === pathname)?.load ?? null;
}

/**
 * The calls of a test that did not answer code 200 (or did not answer) and the errors the app
 * logged, so that a screen showing an error says why: a rare one is otherwise a mystery.
 */
function watchCalls(page: Page): readonly string[] {
  const troubles: string[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/api/')) return;
    response.json().then(
      (envelope: { code?: unknown; msg?: unknown }) => {
        if (envelope.code !== 200)
          troubles.push(`${response.url()}: code ${String(envelope.code)} ${String(envelope.msg)}`);
      },
      () => troubles.push(`${response.url()}: HTTP ${String(response.status())}, not JSON`),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error') troubles.push(`console: ${message.text().slice(0, 300)}`);
  });
  page.on('requestfailed', (request) => {
    if (request.url().includes('/api/'))
      troubles.push(`${request.url()}: no reply (${request.failure()?.errorText ?? '?'})`);
  });
  return troubles;
}

async function check(
  page: Page,
  visit: Visit,
  theme: Theme,
  language: Language,
  troubles: readonly string[],
): Promise<void> {
  const label = `${visit.url} (${theme}, ${language})`;
  await open(page, visit.url, drawnAt(page.url()) !== visit.load);
  await expect(page).toHaveURL(visit.url);
  await settle(page);

  // Opened as asked: not sent to the login page or elsewhere.
  const landed = new URL(page.url());
  expect.soft(landed.pathname + landed.search, `${label}: stays on its address`).toBe(visit.url);
  if (visit.bare) {
    // an empty list of records is a screen working; a missing item or an error is not
    const sorry = page.locator(
      'main [role="alert"], main .adm-error-block:not([data-empty-list] .adm-error-block)',
    );
    // which element it is and where, so that a rare one can be traced to its section
    const shown = await sorry.evaluateAll((elements) =>
      elements.map((element) => {
        const section = element.closest('section[aria-labelledby], section[id], [data-testid]');
        const where =
          section?.getAttribute('aria-labelledby') ??
          section?.id ??
          section?.getAttribute('data-testid') ??
          element.parentElement?.className ??
          '?';
        return `"${element.textContent.trim().slice(0, 80)}" in ${where}`;
      }),
    );
    expect
      .soft(
        shown,
        `${label} shows "not found" or an error when opened without a query: give it one in ROUTE_QUERIES (calls that failed so far: ${troubles.join('; ') || 'none'})`,
      )
      .toEqual([]);
  }

  if (AXE_LANGUAGES.has(language)) {
    // Legacy mode runs axe in the page itself; the default opens a second page for every run.
    // Only violations are read: axe then keeps one node per passing rule instead of every node
    // it checked (a third less time on the busy screens, Home and Market).
    const axe = await new AxeBuilder({ page, axeSource: AXE_IS_THERE })
      .setLegacyMode()
      .options({ resultTypes: ['violations'] })
      .analyze();
    const violations = axe.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} — ${violation.nodes
            .slice(0, 4)
            .map((node) => `${node.target.join(' ')} ${node.any[0]?.message ?? ''}`.trim())
            .join(' | ')}`,
      );
    expect.soft(violations, `${label}: serious or critical axe violations`).toEqual([]);
  }

  const overflow = await page.evaluate(findTextOverflow);
  expect
    .soft(
      overflow.map((item) => `${item.reason}: "${item.text}" in ${item.where}`),
      `${label}: text that does not fit at 360 px`,
    )
    .toEqual([]);

  const words = await page.evaluate(collectWords);
  expect
    .soft(
      words.map((word) => word.text).filter((word) => RAW_KEY.test(word) || PLACEHOLDER.test(word)),
      `${label}: raw translation keys or placeholders`,
    )
    .toEqual([]);
  const leftovers = englishLeftovers(language);
  expect
    .soft(
      [
        ...new Set(
          words.filter((word) => !word.fromServer && leftovers.has(word.text)).map((w) => w.text),
        ),
      ],
      `${label}: English left on a ${language} screen`,
    )
    .toEqual([]);

  const folder = new URL(`${theme}/${language}/`, SCREENSHOTS);
  mkdirSync(folder, { recursive: true });
  await page.screenshot({
    path: new URL(`${visit.name}.png`, folder).pathname,
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

test.use({
  viewport: { width: 360, height: 780 },
  // Layout is in CSS pixels either way; at 1× the screenshots are quick to take and to store.
  deviceScaleFactor: 1,
  reducedMotion: 'reduce',
  // A trace of some three hundred screens costs minutes; each failure names its screen and
  // check, and the screenshots are kept.
  trace: 'off',
});

/**
 * The passes: axe's languages in both themes (contrast is the theme's); every other language in
 * one theme, day and night taking turns, since what it checks (text that does not fit, keys and
 * English left behind) is the same in both. Ten passes instead of sixteen.
 */
const PASSES: readonly { theme: Theme; language: Language }[] = LANGUAGES.flatMap(
  (language, index) =>
    AXE_LANGUAGES.has(language)
      ? THEMES.map((theme) => ({ theme, language }))
      : [{ theme: THEMES[index % THEMES.length] ?? 'day', language }],
);

test.describe('every screen at 360 px', () => {
  for (const { theme, language } of PASSES) {
    test(`${theme}, ${language}`, async ({ page }) => {
      // A loaded two-core machine takes minutes; an idle one well under one.
      test.setTimeout(600_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const troubles = watchCalls(page);
      await control.reset('verified-trader');
      await page.addInitScript({ content: AXE_SOURCE });
      await keepOnDevice(page, { theme, language });
      // Guest screens first, then the signed-in ones (guest-only pages send a user home).
      await page.goto(PATHS.forget);
      for (const visit of VISITS.filter((item) => !item.auth)) {
        await test.step(visit.url, () => check(page, visit, theme, language, troubles));
      }
      await signInByApi(page, TRADER);
      await page.reload();
      // the reloaded page first: drawn later, it would stand in for the next one
      await settle(page);
      for (const visit of VISITS.filter((item) => item.auth)) {
        await test.step(visit.url, () => check(page, visit, theme, language, troubles));
      }
      // the money screens once more, on the demo account: the mock's user and the kept user info
      // both say demo, as after a switch
      expect(DEMO_VISITS).toHaveLength(MONEY_PATHS.length);
      await traderToDemo();
      await page.evaluate(() => {
        const raw = localStorage.getItem('bourse.user_info');
        if (raw === null) throw new Error('no kept user info');
        const user = JSON.parse(raw) as Record<string, unknown>;
        localStorage.setItem('bourse.user_info', JSON.stringify({ ...user, account_mode: 'demo' }));
      });
      await page.reload();
      await settle(page);
      for (const visit of DEMO_VISITS) {
        await test.step(`${visit.url} (demo)`, () => check(page, visit, theme, language, troubles));
      }
      expect(errors, 'errors thrown in the page').toEqual([]);
    });
  }
});

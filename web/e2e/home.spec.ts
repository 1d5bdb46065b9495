import { BANNERS, SYMBOLS } from '@bourse/fixtures';
import type { Page } from '@playwright/test';
import {
  control,
  expect,
  keepOnDevice,
  openApp,
  scenarioUser,
  signInByApi,
  test,
  text,
} from './support.ts';

const TRADER = scenarioUser('verified-trader');
const HOME = '/pages/home/home';

const CATEGORIES = [
  { key: 'stock', label: text('market.categories.stock') },
  { key: 'metal', label: text('market.categories.metal') },
  { key: 'forex', label: text('market.categories.forex') },
  { key: 'crypto', label: text('market.categories.crypto') },
] as const;

const IPO_TABS = [
  text('ipo.status.subscribing'),
  text('ipo.status.submitted'),
  text('ipo.status.pending_listing'),
  text('ipo.status.listed'),
];

const firstOf = (category: string) => {
  const symbol = SYMBOLS.find((listed) => listed.category === category);
  if (!symbol) throw new Error(`the fixtures list no ${category} symbol`);
  return symbol;
};

/** A price with its decimals (any value: the market is random) and a signed change in %. */
const LIVE_QUOTE = /\d[\d,]*\.\d+\s*[+-]?\d[\d,]*\.\d{2}%/;

async function openHome(page: Page) {
  await control.reset('verified-trader');
  await signInByApi(page, TRADER);
  await openApp(page, HOME);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('home.title'));
}

test('a trader sees banners, live featured markets by category, top movers and IPO tabs', async ({
  page,
}) => {
  // Four categories, a chart and back, four IPO tabs: half a minute alone on the two-core
  // machine, and past the minute while another worker shares it.
  test.slow();
  await openHome(page);

  // Banners: pictures with their titles, each leading somewhere.
  const banners = page.getByRole('region', { name: text('home.banners.label') });
  const firstBanner = BANNERS[0];
  await expect(banners.getByRole('img', { name: firstBanner.title.en }).first()).toBeAttached();

  // The notice ticker links to the announcements.
  const ticker = page.getByRole('navigation', { name: text('home.notices.label') });
  await expect(ticker.getByRole('link', { name: text('home.notices.more') })).toBeVisible();

  // Featured markets: four category tabs, stocks first, each switching the list.
  const featured = page.getByRole('region', { name: text('home.featured.title') });
  const tabs = featured.getByRole('tab');
  await expect(tabs).toHaveText(CATEGORIES.map((category) => category.label));
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');

  for (const category of CATEGORIES) {
    await featured.getByRole('tab', { name: category.label, exact: true }).click();
    await expect(featured.getByRole('tab', { name: category.label, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const list = featured.getByRole('list', {
      name: text('home.featured.listLabel').replace('{{category}}', category.label),
    });
    const first = firstOf(category.key);
    const row = list.getByRole('link').first();
    await expect(row).toContainText(first.display);
    // The live price and change arrive from the feed: whatever they are, they are numbers.
    await expect(row).toContainText(LIVE_QUOTE);
  }

  // The chosen category stays while the page is open: crypto was chosen last.
  const crypto = firstOf('crypto');
  await featured
    .getByRole('link', { name: new RegExp(crypto.display.replace('/', '\\/')) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/pages/kline/kline\\?symbol=${crypto.id}$`));
  await page.goBack();
  await expect(
    featured.getByRole('tab', { name: text('market.categories.crypto'), exact: true }),
  ).toHaveAttribute('aria-selected', 'true');

  // Top movers: three live rows.
  const movers = page.getByRole('region', { name: text('home.movers.title') });
  await expect(movers.getByRole('listitem')).toHaveCount(3);
  await expect(movers.getByRole('link').first()).toContainText(LIVE_QUOTE);

  // IPO: the four stages as tabs, each showing its offerings or saying it has none.
  const ipo = page.getByRole('region', { name: text('home.ipo.title') });
  await expect(ipo.getByRole('tab')).toHaveText(IPO_TABS);
  for (const status of IPO_TABS) {
    await ipo.getByRole('tab', { name: status, exact: true }).click();
    await expect(ipo.getByRole('tab', { name: status, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(
      ipo.getByRole('list', { name: status }).or(ipo.getByText(text('home.ipo.emptyTitle'))),
    ).toBeVisible();
  }

  // What the platform offers.
  await expect(page.getByRole('heading', { name: text('home.ai.title') })).toBeVisible();
  await expect(page.getByRole('heading', { name: text('home.benefits.title') })).toBeVisible();
});

/** The computed background colour of an element, as `rgb(r, g, b)`. */
const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

test('the home screen by night: dark background and cards, live prices still shown', async ({
  page,
}) => {
  await keepOnDevice(page, { theme: 'night' });
  await openHome(page);

  await expect(page.locator('html')).toHaveAttribute('data-theme', 'night');
  // The night tokens: background #0b0e11, cards #181a20.
  await expect.poll(() => backgroundOf(page, 'body')).toBe('rgb(11, 14, 17)');
  await expect
    .poll(() => backgroundOf(page, `section[aria-labelledby="home-featured"]`))
    .toBe('rgb(24, 26, 32)');

  const featured = page.getByRole('region', { name: text('home.featured.title') });
  await expect(
    featured.getByRole('link', { name: new RegExp(firstOf('stock').display) }),
  ).toContainText(LIVE_QUOTE);
});

test.describe('the banner strip', () => {
  /** The slide (0-based) whose picture fills the strip, from where each one is drawn. */
  const slideInView = (page: Page) =>
    page.getByRole('region', { name: text('home.banners.label') }).evaluate((region) => {
      const box = region.getBoundingClientRect();
      const links = [...region.querySelectorAll('a')];
      return links.findIndex((link) => Math.abs(link.getBoundingClientRect().left - box.left) < 2);
    });

  test('turns to the next slide by itself, and stays where the user put it', async ({ page }) => {
    await page.clock.install();
    await openHome(page);
    const banners = page.getByRole('region', { name: text('home.banners.label') });
    await expect(banners.getByRole('link').first()).toBeAttached();
    expect(await slideInView(page)).toBe(0);

    await page.clock.runFor(4_500);
    await expect.poll(() => slideInView(page)).toBe(1);

    // The user swipes back to the first: the strip snaps there and no longer turns.
    await banners.dispatchEvent('pointerdown');
    await banners.getByRole('link').first().hover();
    await page.mouse.wheel(-80, 0);
    await expect.poll(() => slideInView(page)).toBe(0);
    await page.clock.runFor(12_000);
    expect(await slideInView(page)).toBe(0);
  });

  test('asks for the picture in view first, and for the others once it is in', async ({ page }) => {
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const firstPicture = BANNERS[0].image;
    await page.route(`**/static/banners/${firstPicture}-en.*`, async (route) => {
      await firstHeld;
      await route.continue();
    });
    await openHome(page);
    const pictures = page
      .getByRole('region', { name: text('home.banners.label') })
      .getByRole('img');
    await expect(pictures).toHaveCount(BANNERS.length);
    await expect(pictures.first()).toHaveAttribute('src', /./);
    // while the first is on its way, the others wait
    for (const index of BANNERS.keys()) {
      if (index > 0) await expect(pictures.nth(index)).not.toHaveAttribute('src');
    }
    releaseFirst();
    for (const index of BANNERS.keys()) {
      await expect(pictures.nth(index)).toHaveJSProperty('complete', true);
      await expect(pictures.nth(index)).not.toHaveJSProperty('naturalWidth', 0);
    }
  });

  test('does not turn when the system asks for less motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await openHome(page);
    const banners = page.getByRole('region', { name: text('home.banners.label') });
    await expect(banners.getByRole('link').first()).toBeAttached();
    await page.clock.runFor(12_000);
    expect(await slideInView(page)).toBe(0);
  });
});

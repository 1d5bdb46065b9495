import type { Locator, Page } from '@playwright/test';
import {
  control,
  expect,
  keepOnDevice,
  LANGUAGES,
  openApp,
  scenarioUser,
  signInByApi,
  stored,
  test,
  text,
  type Language,
} from './support.ts';

const TRADER = scenarioUser('verified-trader');
const QUOTES = '/pages/quotes/quotes';

test.beforeEach(async ({ page }) => {
  await control.reset('verified-trader');
  await signInByApi(page, TRADER);
});

/** Opens the Market screen (on a tab, when given) and waits for its rows. */
async function openMarket(page: Page, tab?: string, language: Language = 'en'): Promise<void> {
  await openApp(page, tab === undefined ? QUOTES : `${QUOTES}?tab=${tab}`);
  await expect(quoteRows(page, language).first()).toBeVisible();
}

const quoteTable = (page: Page, language: Language = 'en') =>
  page.getByRole('table', { name: text('market.listLabel', language) });
const quoteRows = (page: Page, language: Language = 'en') =>
  quoteTable(page, language).locator('[role="row"][data-symbol]');
const rowOf = (page: Page, symbolId: string) =>
  quoteTable(page).locator(`[role="row"][data-symbol="${symbolId}"]`);

/** The display names of the rows, top to bottom, read in one go. */
const shownSymbols = (page: Page) =>
  quoteRows(page).evaluateAll((rows) =>
    rows.map((row) => row.querySelector('[role="rowheader"] button > span')?.textContent ?? ''),
  );

/** The change rates of the rows, top to bottom, read in one go (the order of one render). */
const shownChanges = (page: Page) =>
  quoteRows(page).evaluateAll((rows) =>
    rows.map((row) => row.querySelector('[data-direction]')?.textContent ?? ''),
  );

/** "+1.29%" → 1.29, for comparing the order (the page keeps the decimals exact). */
const percent = (shown: string) => Number(shown.replace(/[%,+]/g, ''));

const sortHeader = (page: Page, column: 'name' | 'price' | 'change' | 'volume'): Locator =>
  quoteTable(page).getByRole('columnheader', { name: text(`market.columns.${column}`) });

test.describe('the Market screen', () => {
  test('search needs content, filters as the user types, and says when nothing matches', async ({
    page,
  }) => {
    await openMarket(page);
    const search = page.getByRole('searchbox', { name: text('market.search.label') });

    await page.getByRole('button', { name: text('market.search.submit'), exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(text('market.search.required'));
    await expect(search).toHaveAttribute('aria-invalid', 'true');
    expect((await shownSymbols(page)).length).toBeGreaterThan(1);

    await search.fill('btc');
    await expect(page.getByRole('alert')).toBeHidden();
    await expect.poll(() => shownSymbols(page)).toEqual(['BTC/USDT']);

    await search.fill('ETHEREUM');
    await expect.poll(() => shownSymbols(page)).toEqual(['ETH/USDT']);

    await search.fill('no such coin');
    await expect(page.getByText(text('market.noMatchTitle'), { exact: true })).toBeVisible();
    await expect(quoteTable(page)).toBeHidden();

    await page
      .getByRole('button', { name: text('market.search.clear') })
      .first()
      .click();
    await expect(search).toHaveValue('');
    expect((await shownSymbols(page)).length).toBeGreaterThan(1);
  });

  test('sorts by change up and down, and back to the list order', async ({ page }) => {
    await openMarket(page);
    const listOrder = await shownSymbols(page);
    const header = sortHeader(page, 'change');
    await expect(header).toHaveAttribute('aria-sort', 'none');

    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    const ascending = (await shownChanges(page)).map(percent);
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const descending = (await shownChanges(page)).map(percent);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'none');
    expect(await shownSymbols(page)).toEqual(listOrder);
  });

  test('prices move live, flashing as they change', async ({ page }) => {
    await openMarket(page, 'crypto');
    const price = rowOf(page, 'btcusdt').locator('[role="cell"]').first();
    await expect(price).not.toHaveText('--');
    const first = await price.innerText();

    await expect.poll(() => price.innerText(), { timeout: 15_000 }).not.toBe(first);
    await expect(price.locator('[data-flash]')).toHaveAttribute('data-flash', /^(up|down)-[01]$/);
  });

  test('favourites are kept on the device and survive a reload', async ({ page }) => {
    await openMarket(page, 'crypto');
    const addStar = text('market.favouriteAdd').replace('{{name}}', 'ETH/USDT');
    const removeStar = text('market.favouriteRemove').replace('{{name}}', 'ETH/USDT');
    await rowOf(page, 'ethusdt').getByRole('button', { name: addStar }).click();
    await expect(
      rowOf(page, 'ethusdt').getByRole('button', { name: removeStar, pressed: true }),
    ).toBeVisible();
    // kept per user: the signed-in user's list, under their id
    expect(Object.values((await stored(page, 'favourites')) ?? {})).toEqual([['ethusdt']]);

    await page.getByRole('tab', { name: text('market.categories.favourites') }).click();
    await expect(page).toHaveURL(/\?tab=favourites$/);
    await expect.poll(() => shownSymbols(page)).toEqual(['ETH/USDT']);

    await page.reload();
    await expect(
      page.getByRole('tab', { name: text('market.categories.favourites') }),
    ).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => shownSymbols(page)).toEqual(['ETH/USDT']);

    await rowOf(page, 'ethusdt').getByRole('button', { name: removeStar }).click();
    await expect(page.getByText(text('market.noFavouritesTitle'), { exact: true })).toBeVisible();
    expect(Object.values((await stored(page, 'favourites')) ?? {})).toEqual([[]]);
  });

  test('tapping a row opens its chart and makes it the Symbol tab', async ({ page }) => {
    await openMarket(page, 'crypto');
    const tabs = page.getByRole('navigation', { name: text('nav.tabs') });
    await expect(tabs.getByRole('link', { name: text('nav.home') })).toBeVisible();
    await expect(tabs.getByRole('link', { name: text('nav.market') })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await rowOf(page, 'ethusdt').getByText('ETH/USDT', { exact: true }).click();
    await expect(page).toHaveURL(/\/pages\/kline\/kline\?symbol=ethusdt$/);
    expect(await stored(page, 'selected_symbol')).toMatchObject({
      id: 'ethusdt',
      display: 'ETH/USDT',
    });

    await page.goBack();
    await expect(page).toHaveURL(/\/pages\/quotes\/quotes/);
    const symbolTab = tabs.getByRole('link', {
      name: text('nav.symbolTab').replace('{{display}}', 'ETH/USDT'),
    });
    await expect(symbolTab).toHaveAttribute('href', '/pages/kline/kline?symbol=ethusdt');
    // one label, SPEC.md's "Symbol", whichever symbol it opens and on the chart it opens too
    await expect(symbolTab).toHaveText(text('nav.symbol'));
    await symbolTab.click();
    await expect(page).toHaveURL(/\/pages\/kline\/kline\?symbol=ethusdt$/);
    await expect(symbolTab).toHaveText(text('nav.symbol'));
  });
});

test.describe('the Market screen in every language', () => {
  for (const language of LANGUAGES) {
    test(`is in ${language}: tabs, headers and search`, async ({ page }) => {
      await keepOnDevice(page, { language });
      await openMarket(page, undefined, language);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text('market.title', language),
      );
      const tabs = page.getByRole('tablist', { name: text('market.categoriesLabel', language) });
      await expect(tabs.getByRole('tab')).toHaveText(
        ['favourites', 'stock', 'metal', 'forex', 'crypto'].map((key) =>
          text(`market.categories.${key}`, language),
        ),
      );
      const table = page.getByRole('table', { name: text('market.listLabel', language) });
      await expect(table.getByRole('columnheader')).toHaveText([
        text('market.columns.name', language),
        text('market.columns.price', language),
        text('market.columns.change', language),
        text('market.columns.volume', language),
        text('market.categories.favourites', language),
      ]);
      await expect(
        page.getByRole('searchbox', { name: text('market.search.label', language) }),
      ).toHaveAttribute('placeholder', text('market.search.placeholder', language));
    });
  }
});

import type { Locator, Page } from '@playwright/test';
import {
  control,
  expect,
  keepOnDevice,
  openApp,
  scenarioUser,
  signInByApi,
  test,
  text,
  type Language,
  HTML_LANG,
} from './support.ts';

// Issue 9, "first use": search across markets, one number style per language, tickers at
// 360 px, one date style per language, and the chart's last-price tag beside its axis.

const TRADER = scenarioUser('verified-trader');
const QUOTES = '/pages/quotes/quotes';
const KLINE = '/pages/kline/kline?symbol=btcusdt&period=1m';

test.beforeEach(async ({ page }) => {
  await control.reset('verified-trader');
  await signInByApi(page, TRADER);
});

async function useLanguage(page: Page, language: Language): Promise<void> {
  await keepOnDevice(page, { language });
}

const quoteRows = (page: Page, language: Language) =>
  page
    .getByRole('table', { name: text('market.listLabel', language) })
    .locator('[role="row"][data-symbol]');

async function openMarket(page: Page, tab: string, language: Language): Promise<void> {
  await useLanguage(page, language);
  await openApp(page, `${QUOTES}?tab=${tab}`);
  await expect(quoteRows(page, language).first()).toBeVisible();
}

/** The group and decimal separators of a language, as Intl writes them. */
function separators(language: Language) {
  const parts = new Intl.NumberFormat(HTML_LANG[language]).formatToParts(12345.6);
  const group = parts.find((part) => part.type === 'group')?.value ?? ',';
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  return { group, decimal };
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A grouped decimal in the language's style: 97.250,50 in German, 97 250,50 in French. */
function decimalPattern(language: Language): string {
  const { group, decimal } = separators(language);
  return `\\d{1,3}(?:${escape(group)}\\d{3})*(?:${escape(decimal)}\\d+)?`;
}

test.describe('search covers every market', () => {
  test('a symbol of another tab is found, with its category named', async ({ page }) => {
    await openMarket(page, 'crypto', 'en');
    const search = page.getByRole('searchbox', { name: text('market.search.label') });

    await search.fill('aapl');
    const rows = quoteRows(page, 'en');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-symbol', 'aapl');
    await expect(rows.first()).toContainText(text('market.categories.stock'));
    await expect(page.getByText(text('market.noMatchTitle'), { exact: true })).toBeHidden();

    // a name that spans tabs: gold is a metal, and nothing else
    await search.fill('gold');
    await expect(rows.first()).toContainText(text('market.categories.metal'));

    await search.fill('no such coin');
    await expect(page.getByText(text('market.noMatchTitle'), { exact: true })).toBeVisible();
  });

  test('from favourites, in German, the category is in German', async ({ page }) => {
    await openMarket(page, 'crypto', 'de');
    await page.getByRole('tab', { name: text('market.categories.favourites', 'de') }).click();
    await expect(
      page.getByText(text('market.noFavouritesTitle', 'de'), { exact: true }),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: text('market.search.label', 'de') }).fill('eth');
    const row = quoteRows(page, 'de').first();
    await expect(row).toHaveAttribute('data-symbol', 'ethusdt');
    await expect(row).toContainText(text('market.categories.crypto', 'de'));
  });
});

/** The texts of a row's price, change and volume, and whether any overlap or leave their cell. */
function rowNumbers(row: Locator) {
  return row.evaluate((element) => {
    const cells = [...element.querySelectorAll<HTMLElement>('[role="cell"]')].slice(0, 3);
    const boxes = cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell.querySelector('span[class]') ?? cell);
      const text = range.getBoundingClientRect();
      const box = cell.getBoundingClientRect();
      return {
        text: (cell.querySelector('span[class]') ?? cell).textContent,
        inside: text.left >= box.left - 0.5 && text.right <= box.right + 0.5,
        left: text.left,
        right: text.right,
        top: text.top,
        bottom: text.bottom,
      };
    });
    const overlaps = boxes.some((a, i) =>
      boxes.some(
        (b, j) =>
          i < j && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom,
      ),
    );
    return { texts: boxes.map((box) => box.text), inside: boxes.every((b) => b.inside), overlaps };
  });
}

test.describe('one number style per language', () => {
  for (const language of ['de', 'fr'] as const) {
    test(`market rows are all in the ${language} style, and no value runs into another`, async ({
      page,
    }) => {
      await openMarket(page, 'crypto', language);
      const number = decimalPattern(language);
      const rows = quoteRows(page, language);
      await expect(rows.first().locator('[data-direction]')).not.toHaveText('--');
      const count = await rows.count();
      for (let index = 0; index < count; index++) {
        const row = rows.nth(index);
        if (!(await row.isVisible())) continue;
        const { texts, inside, overlaps } = await rowNumbers(row);
        const [price = '', change = ''] = texts;
        expect(price, `price of row ${String(index)}`).toMatch(new RegExp(`^${number}$`));
        expect(change.replace(/^[+\-−]/, ''), `change of row ${String(index)}`).toMatch(
          new RegExp(`^${number}\\s?%$`),
        );
        expect(
          inside,
          `values of row ${String(index)} stay in their cells: ${texts.join(' | ')}`,
        ).toBe(true);
        expect(overlaps, `values of row ${String(index)} overlap: ${texts.join(' | ')}`).toBe(
          false,
        );
      }
    });

    test(`the chart's price axis and its summary are in the ${language} style`, async ({
      page,
    }) => {
      await useLanguage(page, language);
      await openApp(page, KLINE);
      const chart = page.getByTestId('candle-chart');
      await expect(chart).toHaveAttribute('data-price-axis', /"labels":\[\{/);
      const axis = JSON.parse((await chart.getAttribute('data-price-axis')) ?? '{}') as {
        labels: { text: string }[];
        lastPrice: { text: string } | null;
      };
      // BTC trades near 100 000: every level has a group separator in the language's style
      const grouped = new RegExp(`^${decimalPattern(language)}$`);
      for (const { text: label } of axis.labels) {
        expect(label).toMatch(grouped);
        expect(label).toContain(separators(language).group);
      }
      expect(axis.lastPrice?.text).toMatch(grouped);
      const summary = page.getByTestId('chart-summary');
      await expect(summary).toContainText('BTC/USDT');
      const said = (await summary.textContent()) ?? '';
      // no English-style number: digits, a point and decimals
      expect(said).not.toMatch(/\d\.\d{2}(?!\d)/);
      expect(said).toMatch(new RegExp(decimalPattern(language)));
    });
  }
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const language of ['fr', 'de', 'jp'] as const) {
    test(`tickers stay readable and the selected tab is in view, in ${language}`, async ({
      page,
    }) => {
      await openMarket(page, 'crypto', language);
      const tabs = page.getByRole('tablist', { name: text('market.categoriesLabel', language) });
      const selected = tabs.getByRole('tab', { selected: true });
      await expect(selected).toHaveText(text('market.categories.crypto', language));
      const inView = async (tab: Locator) => {
        const [list, box] = await Promise.all([tabs.boundingBox(), tab.boundingBox()]);
        return (
          list !== null &&
          box !== null &&
          box.x >= list.x - 0.5 &&
          box.x + box.width <= list.x + list.width + 0.5
        );
      };
      await expect.poll(() => inView(selected)).toBe(true);

      const names = await quoteRows(page, language).evaluateAll((rows) =>
        rows.map((row) => {
          const name = row.querySelector<HTMLElement>('[role="rowheader"] button > span');
          return {
            text: name?.textContent ?? '',
            cut: name === null || name.scrollWidth > name.clientWidth + 0.5,
          };
        }),
      );
      expect(names.length).toBeGreaterThan(3);
      expect(names.filter((name) => name.cut).map((name) => name.text)).toEqual([]);

      // chosen from the far end: the tab comes into view
      await page.getByRole('tab', { name: text('market.categories.favourites', language) }).click();
      const crypto = tabs.getByRole('tab', { name: text('market.categories.crypto', language) });
      await crypto.click();
      await expect(crypto).toHaveAttribute('aria-selected', 'true');
      await expect.poll(() => inView(crypto)).toBe(true);
    });
  }
});

test.describe('the transfer pickers at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  // Issue 21: "Contract accoun(t)" was cut in the To picker. A closed select shows its chosen
  // option on one line, so every option's name must fit the box (less the arrow), in the
  // languages with the longest names.
  for (const language of ['de', 'fr'] as const) {
    test(`From and To show every account name whole, in ${language}`, async ({ page }) => {
      await useLanguage(page, language);
      await openApp(page, '/pages/transfer/transfer');
      for (const key of ['funds.transfer.from', 'funds.transfer.to']) {
        const picker = page.getByRole('combobox', { name: text(key, language) });
        await expect(picker).toBeVisible();
        const cut = await picker.evaluate((select: HTMLSelectElement) => {
          const style = getComputedStyle(select);
          const room =
            select.clientWidth -
            parseFloat(style.paddingLeft) -
            parseFloat(style.paddingRight) -
            // the drop-down arrow the browser draws inside the box
            20;
          const probe = document.createElement('span');
          probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${style.font};letter-spacing:${style.letterSpacing}`;
          document.body.append(probe);
          const names = [...select.options].map((option) => {
            probe.textContent = option.text;
            return { name: option.text, width: probe.getBoundingClientRect().width };
          });
          probe.remove();
          return {
            scroll: select.scrollWidth > select.clientWidth,
            names: names.filter((item) => item.width > room).map((item) => item.name),
          };
        });
        expect(cut, `${key} in ${language}`).toEqual({ scroll: false, names: [] });
      }
    });
  }
});

test.describe('one date and time style per language', () => {
  for (const language of ['zh', 'jp'] as const) {
    test(`announcements, IPO and the chart write dates alike in ${language}`, async ({ page }) => {
      await useLanguage(page, language);
      const seen: string[] = [];
      const read = async () => {
        const shown = await page.locator('main time').allTextContents();
        seen.push(...shown);
      };
      await openApp(page, '/pages/announcement/announcement');
      await expect(page.locator('main time').first()).toBeVisible();
      await read();
      await openApp(page, '/pages/announcement/details/details?id=103');
      await expect(page.locator('main time').first()).toBeVisible();
      await read();

      await openApp(page, '/pages/ipo/ipo');
      await expect(page.locator('main time').first()).toBeVisible();
      await read();
      // the offering that has listed: its detail says since when, with a time
      await openApp(page, '/pages/ipo/ipo?id=1');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main')).toContainText(/\d/);
      const ipoText = (await page.locator('main').textContent()) ?? '';

      expect(seen.length).toBeGreaterThan(2);
      for (const date of [...seen, ipoText]) {
        // one date style: year, month and day with their characters, never slashes
        expect(date).not.toMatch(/\d{4}\/\d{1,2}\/\d{1,2}/);
        // one time style: 24 hours with two digits, never a 12-hour day period
        expect(date).not.toMatch(/午前|午後|上午|下午|清晨|凌晨|中午|晚上|早上/);
      }
      for (const date of seen) expect(date).toMatch(/\d{1,2}月\d{1,2}日|\d{4}年/);
    });
  }
});

/**
 * Resolves once the page has drawn a frame it asked for before this call: the chart draws in a
 * requestAnimationFrame callback, and callbacks run in the order they were asked for. The second
 * frame covers a draw the first one scheduled in turn.
 */
const drawn = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            done();
          });
        });
      }),
  );

test.describe("the chart's last-price tag", () => {
  test('never covers a price axis label', async ({ page }) => {
    await openApp(page, KLINE);
    const chart = page.getByTestId('candle-chart');
    await expect(chart).toHaveAttribute('data-price-axis', /"lastPrice":\{/);
    // a few frames, as prices move and the view zooms: the tag and the labels never collide
    for (const zoom of [0, 1, 2, 3, 4, 5, 6, 7]) {
      if (zoom > 0) {
        await chart.focus();
        await page.keyboard.press(zoom % 2 === 0 ? '-' : 'ArrowLeft');
      }
      // the key press scheduled a redraw; a frame asked for after it comes after that draw
      await drawn(page);
      const axis = JSON.parse((await chart.getAttribute('data-price-axis')) ?? '{}') as {
        labels: { text: string; y: number }[];
        lastPrice: { top: number; bottom: number } | null;
      };
      const tag = axis.lastPrice;
      expect(tag).not.toBeNull();
      if (tag === null) return;
      const half = 11 / 2 + 1;
      const covered = axis.labels.filter(
        (label) => label.y + half > tag.top && label.y - half < tag.bottom,
      );
      expect(covered).toEqual([]);
    }
  });
});

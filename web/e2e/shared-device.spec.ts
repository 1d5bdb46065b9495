import type { Page } from '@playwright/test';
import {
  control,
  expect,
  openApp,
  openPersonalCentre,
  scenarioUser,
  signIn,
  test,
  text,
} from './support.ts';

/** Two users who take turns on one phone. */
const ALICE = scenarioUser('two-friends', 0);
const BOB = scenarioUser('two-friends', 1);
const QUOTES = '/pages/quotes/quotes';

const quoteTable = (page: Page) => page.getByRole('table', { name: text('market.listLabel') });
const rowOf = (page: Page, symbolId: string) =>
  quoteTable(page).locator(`[role="row"][data-symbol="${symbolId}"]`);

/** The display names of the Market rows, top to bottom. */
const shownSymbols = (page: Page) =>
  quoteTable(page)
    .locator('[role="row"][data-symbol]')
    .evaluateAll((rows) =>
      rows.map((row) => row.querySelector('[role="rowheader"] button > span')?.textContent ?? ''),
    );

/** Stars a crypto symbol on the Market screen. */
async function star(page: Page, symbolId: string, name: string) {
  await openApp(page, `${QUOTES}?tab=crypto`);
  const add = text('market.favouriteAdd').replace('{{name}}', name);
  const remove = text('market.favouriteRemove').replace('{{name}}', name);
  await rowOf(page, symbolId).getByRole('button', { name: add }).click();
  await expect(rowOf(page, symbolId).getByRole('button', { name: remove })).toBeVisible();
}

/** The Market's favourites tab: its symbols, or [] when it says there are none. */
async function expectFavourites(page: Page, names: string[]) {
  await openApp(page, `${QUOTES}?tab=favourites`);
  if (names.length === 0) {
    await expect(page.getByText(text('market.noFavouritesTitle'), { exact: true })).toBeVisible();
    return;
  }
  await expect.poll(() => shownSymbols(page)).toEqual(names);
}

async function logOut(page: Page, email: string) {
  await openPersonalCentre(page, email);
  await page.getByRole('button', { name: text('user.logout.action') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('user.logout.confirm'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/pages\/login\/login$/);
}

test.describe('two users on one device', () => {
  test('each sees only their own favourites', async ({ page }) => {
    await control.reset('two-friends');
    await signIn(page, ALICE);
    await star(page, 'ethusdt', 'ETH/USDT');
    await expectFavourites(page, ['ETH/USDT']);
    await logOut(page, ALICE.email);

    // Bob starts with none of Alice's, and stars his own.
    await signIn(page, BOB);
    await expectFavourites(page, []);
    await star(page, 'btcusdt', 'BTC/USDT');
    await expectFavourites(page, ['BTC/USDT']);
    await logOut(page, BOB.email);

    // Alice finds hers as she left them, without Bob's.
    await signIn(page, ALICE);
    await expectFavourites(page, ['ETH/USDT']);
  });
});

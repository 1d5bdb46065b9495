import { PATHS } from '../src/shared/routing/paths.ts';
import { control, expect, scenarioUser, signInByApi, test, text } from './support.ts';

// Every row of tabs (the shared one, #shared/ui/tabs) is used as WAI-ARIA's tabs pattern says:
// Tab reaches the selected tab only, the arrow keys and Home and End choose and move the focus,
// and the panel is named by the tab that shows it.

test('the contract lists and the featured markets are chosen with the keyboard, as tabs are', async ({
  page,
}) => {
  await control.reset('verified-trader');
  await signInByApi(page, scenarioUser('verified-trader'));
  await page.goto(PATHS.contract);
  // the app has taken the prerendered screen over (until then it is inert)
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const lists = page.getByRole('tablist', { name: text('contract.lists') });
  const positions = lists.getByRole('tab', { name: /^Positions/ });
  const orders = lists.getByRole('tab', { name: /^Open orders/ });
  await expect(positions).toHaveAttribute('aria-selected', 'true');
  // one stop for Tab: the selected tab
  await expect(positions).toHaveAttribute('tabindex', '0');
  await expect(orders).toHaveAttribute('tabindex', '-1');

  await positions.focus();
  await page.keyboard.press('ArrowRight');
  await expect(orders).toBeFocused();
  await expect(orders).toHaveAttribute('aria-selected', 'true');
  await expect(positions).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('tabpanel', { name: /^Open orders/ })).toBeVisible();
  // past the last, the first again; Home and End go to the ends
  await page.keyboard.press('ArrowRight');
  await expect(positions).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: /^Positions/ })).toBeVisible();
  await page.keyboard.press('End');
  await expect(orders).toBeFocused();
  await page.keyboard.press('Home');
  await expect(positions).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(orders).toHaveAttribute('aria-selected', 'true');

  // Home's featured markets: a row of five, the list under it follows the keys
  await page.goto(PATHS.home);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const categories = page.getByRole('tablist', { name: text('market.categoriesLabel') });
  const first = categories.getByRole('tab', { selected: true });
  await expect(first).toHaveText(text('market.categories.stock'));
  await first.focus();
  await page.keyboard.press('ArrowRight');
  const metals = categories.getByRole('tab', { name: text('market.categories.metal') });
  await expect(metals).toBeFocused();
  await expect(metals).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('list', {
      name: text('home.featured.listLabel').replace(
        '{{category}}',
        text('market.categories.metal'),
      ),
    }),
  ).toBeVisible();
});

import { HOUR_MS, IPO_OFFERINGS, IPO_WALKTHROUGH_ID, ipoById } from '@bourse/fixtures';
import type { IpoStatus } from '@bourse/protocol';
import type { Page } from '@playwright/test';
import { control, expect, openApp, test, text } from './support.ts';

const IPO = '/pages/ipo/ipo';
const TABS: readonly IpoStatus[] = ['subscribing', 'submitted', 'pending_listing', 'listed'];

/** The stage an offering is in right after a scenario loads, from its fixture timeline. */
function stageAtLoad(offering: (typeof IPO_OFFERINGS)[number]): IpoStatus {
  const { timeline } = offering;
  if (timeline.listing <= 0) return 'listed';
  if (timeline.allotment <= 0) return 'pending_listing';
  if (timeline.subscription_end <= 0) return 'submitted';
  return 'subscribing';
}

const walkthrough = ipoById(IPO_WALKTHROUGH_ID);
if (!walkthrough) throw new Error('no walkthrough offering in the fixtures');

const tab = (page: Page, status: IpoStatus) =>
  page.getByRole('tab', { name: text(`ipo.status.${status}`), exact: true });
const list = (page: Page, status: IpoStatus) =>
  page.getByRole('list', { name: text(`ipo.status.${status}`), exact: true });
const card = (page: Page, name: string) => page.getByRole('link', { name: new RegExp(name) });

test.describe('IPO', () => {
  test('the four tabs list the offerings of their stage after a reset, and keep the tab on reload', async ({
    page,
  }) => {
    await openApp(page, IPO);
    await expect(tab(page, 'subscribing')).toHaveAttribute('aria-selected', 'true');
    for (const [index, status] of TABS.entries()) {
      // the first tab is the one an address without `tab` shows
      if (index > 0) {
        await tab(page, status).click();
        await expect(page).toHaveURL(new RegExp(`\\?tab=${status}$`));
      }
      const rows = list(page, status).getByRole('listitem');
      const expected = IPO_OFFERINGS.filter((offering) => stageAtLoad(offering) === status);
      await expect(rows).toHaveCount(expected.length);
      for (const offering of expected) {
        await expect(rows.filter({ hasText: offering.name })).toBeVisible();
      }
    }
    await page.reload();
    await expect(tab(page, 'listed')).toHaveAttribute('aria-selected', 'true');
    await expect(list(page, 'listed').getByRole('listitem')).toHaveCount(
      IPO_OFFERINGS.filter((offering) => stageAtLoad(offering) === 'listed').length,
    );
  });

  test('an offering opens with its data, survives a reload, and goes back to its tab', async ({
    page,
  }) => {
    await openApp(page, `${IPO}?tab=subscribing`);
    await card(page, walkthrough.name).click();
    await expect(page).toHaveURL(new RegExp(`\\?id=${IPO_WALKTHROUGH_ID}$`));

    const checkDetail = async () => {
      const article = page.getByRole('article');
      await expect(article.getByRole('heading', { name: walkthrough.name })).toBeVisible();
      await expect(article.getByText(walkthrough.summary.en)).toBeVisible();
      await expect(article.getByText('24.00 USD')).toBeVisible();
      await expect(article.getByText('432,000,000.00 USD')).toBeVisible();
      await expect(article.getByText('18,000,000', { exact: true })).toBeVisible();
      await expect(article.getByRole('timer')).toContainText(
        text('ipoDetail.countdown.subscribing'),
      );
      await expect(article.locator('[aria-current="step"]')).toContainText(
        text('ipo.status.subscribing'),
      );
      const firstParagraph = walkthrough.description.en.split('\n\n')[0] ?? '';
      await expect(article.getByText(firstParagraph)).toBeVisible();
    };
    await checkDetail();
    await page.reload();
    await checkDetail();

    await page.getByRole('button', { name: text('common.back') }).click();
    await expect(page).toHaveURL(/\?tab=subscribing$/);
    await expect(card(page, walkthrough.name)).toBeVisible();
  });

  test('an unknown offering says so and leads to the list', async ({ page }) => {
    await openApp(page, `${IPO}?id=no-such-offering`);
    await expect(page.getByText(text('ipoDetail.notFoundTitle'))).toBeVisible();
    await page.getByRole('button', { name: text('ipoDetail.toList') }).click();
    await expect(tab(page, 'subscribing')).toHaveAttribute('aria-selected', 'true');
  });

  test('moving the clock moves an offering to the next tab', async ({ page }) => {
    await openApp(page, `${IPO}?tab=subscribing`);
    await expect(card(page, walkthrough.name)).toBeVisible();

    const closesIn = walkthrough.timeline.subscription_end * HOUR_MS;
    await control.clock({ action: 'advance', ms: closesIn + HOUR_MS });
    await page.reload();
    await expect(list(page, 'subscribing')).toBeVisible();
    await expect(card(page, walkthrough.name)).toHaveCount(0);

    await tab(page, 'submitted').click();
    const moved = card(page, walkthrough.name);
    await expect(moved).toBeVisible();
    await expect(moved).toContainText(
      text('ipo.times').replace('{{value}}', walkthrough.subscription_multiple),
    );

    await moved.click();
    await expect(page.getByRole('article').locator('[aria-current="step"]')).toContainText(
      text('ipo.status.submitted'),
    );
  });
});

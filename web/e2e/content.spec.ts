import { ANNOUNCEMENTS, HELP_ENTRIES, HOSTILE_ANNOUNCEMENT_ID, POLICIES } from '@bourse/fixtures';
import type { Dialog, Page } from '@playwright/test';
import { expect, openApp, test, text } from './support.ts';

/** The text of an HTML fragment's first element of `tag`, without its inner tags. */
function firstTextOf(html: string, tag: string): string {
  const inner = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(html)?.[1];
  if (inner === undefined) throw new Error(`no <${tag}> in the fixture`);
  return inner.replace(/<[^>]+>/g, '').trim();
}

const announcement = (id: string) => {
  const found = ANNOUNCEMENTS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no announcement ${id} in the fixtures`);
  return found;
};

test.describe('announcements', () => {
  test('the list shows the pinned announcements first, and a normal one opens with its body', async ({
    page,
  }) => {
    await openApp(page, '/pages/announcement/announcement');
    const list = page.getByRole('list', { name: text('announcements.title') });
    const rows = list.getByRole('listitem');
    await expect(rows).not.toHaveCount(0);

    const pinnedFlags = await rows.evaluateAll(
      (items, label) => items.map((item) => item.textContent.startsWith(label)),
      text('announcements.pinned'),
    );
    const pinnedCount = ANNOUNCEMENTS.filter((item) => item.pinned).length;
    expect(pinnedCount).toBeGreaterThan(0);
    expect(pinnedFlags.slice(0, pinnedCount)).toEqual(Array<boolean>(pinnedCount).fill(true));
    expect(pinnedFlags.slice(pinnedCount)).not.toContain(true);
    for (const item of ANNOUNCEMENTS.filter((candidate) => candidate.pinned)) {
      await expect(
        rows.filter({ hasText: item.title.en }).getByText(text('announcements.pinned')),
      ).toBeVisible();
    }

    const normal = announcement('103');
    await rows.filter({ hasText: normal.title.en }).getByRole('link').click();
    await expect(page).toHaveURL(/\/pages\/announcement\/details\/details\?id=103$/);
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { name: normal.title.en })).toBeVisible();
    await expect(article.getByText(firstTextOf(normal.content.en, 'p'))).toBeVisible();
    await expect(article.getByText(firstTextOf(normal.content.en, 'li'))).toBeVisible();
  });

  test('the announcement with a script, an onerror image and a javascript: link is shown inert', async ({
    page,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    const hostile = announcement(HOSTILE_ANNOUNCEMENT_ID);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await openApp(page, `/pages/announcement/details/details?id=${HOSTILE_ANNOUNCEMENT_ID}`);
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { name: hostile.title.en })).toBeVisible();
    // The harmless part of the body is there.
    await expect(article.getByText(firstTextOf(hostile.content.en, 'li'))).toBeVisible();

    expect(await article.locator('script').count()).toBe(0);
    expect(await article.locator('[onerror], [onload], [onclick]').count()).toBe(0);
    for (const image of await article.locator('img').all()) {
      expect(await image.getAttribute('onerror')).toBeNull();
    }
    const hrefs = await article
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of hrefs) expect(href.trim().toLowerCase()).not.toMatch(/^javascript:/);

    // Even tapping the bait does nothing.
    const bait = article.getByText('Claim your bonus');
    if ((await bait.count()) > 0) await bait.click();
    // Any image has been tried by now.
    await page.waitForLoadState('networkidle');
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    await expect(page).toHaveURL(/details\?id=109$/);
  });
});

/** A page of another site, so that the browser's history has something before the app. */
const ELSEWHERE = 'data:text/html,<title>Elsewhere</title>';

const backArrow = (page: Page) => page.getByRole('button', { name: text('common.back') });

test.describe('going back', () => {
  test('Back from an announcement returns to the list it came from, without stacking it', async ({
    page,
  }) => {
    await page.goto(ELSEWHERE);
    await openApp(page, '/pages/announcement/announcement');
    const normal = announcement('103');
    await page
      .getByRole('list', { name: text('announcements.title') })
      .getByRole('listitem')
      .filter({ hasText: normal.title.en })
      .getByRole('link')
      .click();
    await expect(page.getByRole('heading', { name: normal.title.en })).toBeVisible();

    await backArrow(page).click();
    await expect(page).toHaveURL(/\/pages\/announcement\/announcement$/);
    // The list was gone back to, not opened again: one more Back leaves the app.
    await page.goBack();
    await expect(page).toHaveURL(ELSEWHERE);
  });

  test('a help answer opened directly shows, and Back leads to the help centre in its place', async ({
    page,
  }) => {
    const entry = HELP_ENTRIES[0];
    await page.goto(ELSEWHERE);
    await openApp(page, `/pages/consult/detatil/detatil?id=${entry.id}`);
    await expect(page.getByRole('heading', { name: entry.title.en })).toBeVisible();

    // The page before is another site's: Back stays in the app.
    await backArrow(page).click();
    await expect(page).toHaveURL(/\/pages\/help\/help$/);
    await expect(page.getByRole('heading', { name: text('helpCentre.title') })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(ELSEWHERE);
  });
});

test.describe('policies', () => {
  test('the privacy policy opens from its configuration key', async ({ page }) => {
    const policy = POLICIES.find((candidate) => candidate.key === 'privacy_policy');
    if (!policy) throw new Error('no privacy policy in the fixtures');
    await openApp(page, '/pages/configDetail/configDetail?key=privacy_policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy.title.en);
    const article = page.getByRole('article', { name: policy.title.en });
    await expect(article.getByText(firstTextOf(policy.content.en, 'p'))).toBeVisible();
    await expect(article.getByText(text('configDetail.updated'))).toBeVisible();
  });

  test('without a key, the list of the pages leads to each', async ({ page }) => {
    await openApp(page, '/pages/configDetail/configDetail');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('configDetail.listTitle'),
    );
    const entries = page.getByTestId('config-entry');
    await expect(entries).toHaveCount(POLICIES.length);
    const about = POLICIES.find((candidate) => candidate.key === 'about_us');
    if (!about) throw new Error('no about us page in the fixtures');
    await entries.filter({ hasText: about.title.en }).click();
    await expect(page).toHaveURL(/\?key=about_us$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.title.en);
  });
});

import { expect, openApp, test } from './support.ts';

test.describe('the shell', () => {
  test('opens on the login page at a phone width', async ({ page }) => {
    await openApp(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect(width).toBeLessThanOrEqual(430);
    expect(width).toBeGreaterThanOrEqual(360);
  });

  test('sends unknown routes and the old system pages to a real not-found page', async ({
    page,
  }) => {
    for (const path of ['/pages/nowhere/nowhere', '/choose-location', '/open-location']) {
      await openApp(page, path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
  });

  test('sends a guest who opens a signed-in page to the login page', async ({ page }) => {
    await page.goto('/pages/setup/setup');
    await expect(page).toHaveURL(/\/pages\/login\/login$/);
  });
});

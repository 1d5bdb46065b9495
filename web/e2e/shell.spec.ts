import { expect, openApp, test } from './support.ts';

test.describe('the shell', () => {
  test('opens on the login page at a phone width', async ({ page }) => {
    await openApp(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect(width).toBeLessThanOrEqual(430);
    expect(width).toBeGreaterThanOrEqual(360);
  });

  test('sends an unknown route to a real not-found page', async ({ page }) => {
    await openApp(page, '/pages/nowhere/nowhere');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('opens the location pages SPEC.md lists, which are screens now, not system stubs', async ({
    page,
  }) => {
    await openApp(page, '/open-location?name=Office&lat=51.5072&lon=-0.1276');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    await openApp(page, '/choose-location');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  });

  test('sends a guest who opens a signed-in page to the login page', async ({ page }) => {
    await page.goto('/pages/setup/setup');
    await expect(page).toHaveURL(/\/pages\/login\/login$/);
  });
});

import type { Page } from '@playwright/test';
import {
  control,
  expect,
  openApp,
  scenarioUser,
  signInByApi,
  stored,
  test,
  text,
} from './support.ts';

const TRADER = scenarioUser('verified-trader');

/** The relative luminance (0 black … 1 white) of the page's background colour. */
async function backgroundLuminance(page: Page): Promise<number> {
  const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const channels = /rgba?\(([^)]+)\)/.exec(colour)?.[1]?.split(',').map(Number) ?? [];
  const [r = NaN, g = NaN, b = NaN, alpha = 1] = channels;
  expect(alpha, `the body paints its own background (${colour})`).toBeGreaterThan(0);
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const expectDark = async (page: Page) => {
  await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.1);
};
const expectLight = async (page: Page) => {
  await expect.poll(() => backgroundLuminance(page)).toBeGreaterThan(0.8);
};

test('night mode in Settings darkens the app, stays after a reload, and day mode comes back', async ({
  page,
}) => {
  await control.reset('verified-trader');
  await signInByApi(page, TRADER);
  await openApp(page, '/pages/setup/setup');
  const html = page.locator('html');
  const night = page.getByRole('switch', { name: text('setup.nightMode') });

  await expect(html).toHaveAttribute('data-theme', 'day');
  await expect(night).not.toBeChecked();
  await expectLight(page);

  await night.click();
  await expect(html).toHaveAttribute('data-theme', 'night');
  await expect(night).toBeChecked();
  await expectDark(page);
  expect(await stored(page, 'theme')).toBe('night');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('setup.title'));
  await expect(html).toHaveAttribute('data-theme', 'night');
  await expect(night).toBeChecked();
  await expectDark(page);

  await night.click();
  await expect(html).toHaveAttribute('data-theme', 'day');
  await expect(night).not.toBeChecked();
  await expectLight(page);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'day');
  await expectLight(page);
});

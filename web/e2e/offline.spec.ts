import type { Page } from '@playwright/test';
import {
  control,
  expect,
  expectLanded,
  loginFields,
  openApp,
  scenarioUser,
  signInByApi,
  test,
  text,
  keepOnDevice,
} from './support.ts';

// Offline and slow networks: the error path works with the network gone, and no wait is blank.

const TRADER = scenarioUser('verified-trader');

test.describe('with the network gone', () => {
  test('Log in tells of a server error when the network went after the API client loaded', async ({
    page,
    context,
  }) => {
    const clientLoaded = page.waitForResponse((response) =>
      /\/assets\/client-[\w-]+\.js$/.test(new URL(response.url()).pathname),
    );
    await openApp(page, '/');
    await clientLoaded;
    await context.setOffline(true);

    const form = loginFields(page);
    await form.email.fill(TRADER.email);
    await form.password.fill(TRADER.password);
    await form.agreement.check();
    await form.submit.click();

    await expect(page.getByRole('status').filter({ hasText: text('errors.server') })).toBeVisible();
    // Still on the login page, the form as it was, ready for another try.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('login.title'));
    await expect(form.email).toHaveValue(TRADER.email);
    await context.setOffline(false);
  });
});

/** Every animation frame, whether #root showed nothing at all (no splash, no box with an area). */
function watchForBlankFrames(page: Page) {
  return page.addInitScript(() => {
    const seen = {
      frames: 0,
      blank: 0,
      firstBackground: '',
      firstSplash: false,
      firstHeading: '',
    };
    (window as unknown as { __frames: typeof seen }).__frames = seen;
    const check = () => {
      const root = document.getElementById('root');
      if (root) {
        if (seen.frames === 0) {
          seen.firstBackground = getComputedStyle(document.documentElement).backgroundColor;
          seen.firstSplash = root.querySelector('[data-splash]') !== null;
          seen.firstHeading = root.querySelector('h1')?.textContent ?? '';
        }
        seen.frames += 1;
        const drawn =
          root.querySelector('[data-splash]') !== null ||
          [...root.querySelectorAll('*')].some((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && box.height > 0;
          });
        if (!drawn) seen.blank += 1;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

const framesOf = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __frames: {
            frames: number;
            blank: number;
            firstBackground: string;
            firstSplash: boolean;
            firstHeading: string;
          };
        }
      ).__frames,
  );

test.describe('on a slow network', () => {
  test('the first paint is the login screen itself in the saved theme, and nothing is blank up to Home', async ({
    page,
  }) => {
    await control.reset('verified-trader');
    // A returning user who chose the night theme.
    await keepOnDevice(page, { theme: 'night' });
    await watchForBlankFrames(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // Chrome DevTools' "Slow 3G" (400 ms, 400 kbit/s down and up), with the cache off.
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1024) / 8,
      uploadThroughput: (400 * 1024) / 8,
    });

    await page.goto('/pages/login/login', { waitUntil: 'commit' });
    await expect(page.locator('main').first()).toBeVisible({ timeout: 45_000 });
    // the screen came prerendered with the document: no splash, no script waited for
    const first = await framesOf(page);
    expect(first.firstSplash).toBe(false);
    expect(first.firstHeading).toBe(text('login.title'));
    expect(first.firstBackground).toBe('rgb(11, 14, 17)');

    const form = loginFields(page);
    await form.email.fill(TRADER.email);
    await form.password.fill(TRADER.password);
    await form.agreement.check();
    await form.submit.click();
    await expect(page).toHaveURL(/\/pages\/home\/home$/, { timeout: 45_000 });
    await expectLanded(page);

    const frames = await framesOf(page);
    expect(frames.frames).toBeGreaterThan(0);
    expect(frames.blank).toBe(0);
  });
});

test.describe('the toast', () => {
  test('wraps a long message at word boundaries on a 360 px screen', async ({ page, context }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await keepOnDevice(page, { language: 'de' });
    const clientLoaded = page.waitForResponse((response) =>
      /\/assets\/client-[\w-]+\.js$/.test(new URL(response.url()).pathname),
    );
    await openApp(page, '/pages/login/login');
    await clientLoaded;
    await context.setOffline(true);
    await page.locator('#login-email').fill(TRADER.email);
    await page.locator('#login-password').fill(TRADER.password);
    // The agreement is the second box, after "remember".
    await page.getByRole('checkbox').nth(1).check();
    // Measured as soon as it shows: a toast goes after two seconds. A word drawn on two lines
    // has boxes at two heights.
    const measured = page.evaluate(
      (wanted) =>
        new Promise<{
          broken: string[];
          lines: number;
          left: number;
          right: number;
          width: number;
        }>((resolve) => {
          const observer = new MutationObserver(() => {
            const shown = [...document.querySelectorAll('[role="status"] span')].find(
              (span) => span.textContent === wanted,
            );
            const node = shown?.firstChild;
            if (!shown || !node?.textContent) return;
            observer.disconnect();
            const broken: string[] = [];
            const tops = new Set<number>();
            for (const match of node.textContent.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const wordTops = new Set(
                [...range.getClientRects()].map((box) => Math.round(box.top)),
              );
              wordTops.forEach((top) => tops.add(top));
              if (wordTops.size > 1) broken.push(match[0]);
            }
            const box = shown.getBoundingClientRect();
            resolve({
              broken,
              lines: tops.size,
              left: Math.round(box.left),
              right: Math.round(box.right),
              width: window.innerWidth,
            });
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        }),
      text('errors.server', 'de'),
    );
    await page.getByRole('button', { name: text('login.submit', 'de'), exact: true }).click();

    const layout = await measured;
    // Each word on one line, and the message did wrap (more than one line), at spaces.
    expect(layout.broken).toEqual([]);
    expect(layout.lines).toBeGreaterThan(1);
    // Whole on the screen, in its middle.
    expect(layout.left).toBeGreaterThanOrEqual(0);
    expect(layout.right).toBeLessThanOrEqual(layout.width);
    expect(Math.abs(layout.left - (layout.width - layout.right))).toBeLessThanOrEqual(1);
    await context.setOffline(false);
  });
});

test.describe('live numbers with the network gone', () => {
  /** "Offline · prices as of 14:03:22, not updating", with the time filled in. */
  const offlineNotice = (page: Page) =>
    page
      .locator('[data-live-status]')
      .filter({ hasText: text('market.live.offline').split('{{time}}')[0] ?? '' })
      .filter({ hasText: /\d{2}:\d{2}:\d{2}/ });

  for (const [screen, path] of [
    ['the Market list', '/pages/quotes/quotes'],
    ["Home's market rows", '/pages/home/home'],
    ['the chart', '/pages/kline/kline?symbol=btcusdt'],
  ] as const) {
    test(`${screen} says since when its prices are stale while offline, and recovers`, async ({
      page,
      context,
    }) => {
      await control.reset('verified-trader');
      await signInByApi(page, TRADER);
      await openApp(page, path);
      // Live first: the feed is up and nothing is said.
      await page.waitForLoadState('networkidle');
      await expect(offlineNotice(page)).toHaveCount(0);

      await context.setOffline(true);
      await expect(offlineNotice(page)).toBeVisible();
      if (path.startsWith('/pages/kline/')) {
        // Another period needs the server: off, with the reason.
        const periods = page.getByRole('group', { name: text('kline.period') });
        await expect(periods.getByRole('button').first()).toBeDisabled();
        await expect(periods).toHaveAccessibleDescription(text('market.live.offlineAction'));
      }

      await context.setOffline(false);
      await expect(page.locator('[data-live-status]').first()).toBeEmpty({ timeout: 5_000 });
    });
  }
});

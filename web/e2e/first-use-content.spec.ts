import AxeBuilder from '@axe-core/playwright';
import { HOSTILE_ANNOUNCEMENT_ID } from '@bourse/fixtures';
import type { Page } from '@playwright/test';
import { PATHS } from '../src/shared/routing/paths.ts';
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
} from './support.ts';

/**
 * Issue 9, what a new user hit in the content: the support page's dead controls, the sanitised
 * phishing sample's leftovers, and colour contrast.
 */

const TRADER = scenarioUser('verified-trader');

test.use({ viewport: { width: 360, height: 780 }, reducedMotion: 'reduce' });

async function useLanguage(
  page: Page,
  language: Language,
  theme: 'day' | 'night' = 'day',
): Promise<void> {
  await keepOnDevice(page, { language, theme });
}

test.describe('online support', () => {
  test('every control on the support page does something real, and no chat is offered', async ({
    page,
  }) => {
    await control.reset('verified-trader');
    await signInByApi(page, TRADER);
    await openApp(page, PATHS.consult);
    const main = page.locator('main');
    // Channels, agents and common questions have all arrived.
    await expect(main.getByRole('heading', { name: text('consult.agents') })).toBeVisible();
    await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(main.getByRole('link', { name: text('consult.allQuestions') })).toBeVisible();

    // There is no in-app conversation on the wire: nothing may offer one.
    await expect(main.getByText(text('consult.channel.online'))).toHaveCount(0);

    // Every row of a list is something to open: a row that looks tappable and is not is a dead
    // control.
    const rows = main.locator('ul > li');
    expect(await rows.count()).toBeGreaterThan(3);
    for (const row of await rows.all()) {
      await expect(row.locator('a[href], button'), (await row.textContent()) ?? '').toHaveCount(1);
    }

    // Each link leaves for somewhere: a web address, the device's mail or phone, or another
    // screen of the app; never a jump within this page.
    const links = await main.locator('a').all();
    for (const link of links) {
      const href = (await link.getAttribute('href')) ?? '';
      const name = (await link.textContent()) ?? '';
      expect(href, `"${name}" has a target`).toMatch(/^(https:\/\/|mailto:|tel:|\/pages\/)/);
      if (href.startsWith('/pages/')) {
        expect(href.split('?')[0], `"${name}" leads elsewhere`).not.toBe(PATHS.consult);
      }
    }
    // The in-app ones open their screen.
    const inApp = main.locator('a[href^="/pages/"]');
    const count = await inApp.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      const href = (await inApp.nth(index).getAttribute('href')) ?? '';
      await inApp.nth(index).click();
      await expect(page).toHaveURL(href);
      await expect(page.locator('main').first()).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(PATHS.consult);
      await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
    }
    // Buttons (a retry, say) expand or act: none here once everything has loaded.
    await expect(main.locator('button:not([aria-expanded])')).toHaveCount(0);
  });
});

test.describe('the sanitised phishing sample', () => {
  test('a removed link does not look like a link, and a removed image leaves no box', async ({
    page,
  }) => {
    await openApp(page, `${PATHS.announcementDetail}?id=${HOSTILE_ANNOUNCEMENT_ID}`);
    const body = page.locator('article [data-server-html]');
    await expect(body.locator('li').first()).toBeVisible();

    const bait = body.getByText('Claim your bonus');
    await expect(bait).toBeVisible();
    const look = await bait.evaluate((node) => {
      const paragraph = node.closest('p') ?? node;
      const own = getComputedStyle(node);
      const around = getComputedStyle(paragraph.parentElement ?? paragraph);
      return {
        colour: own.color,
        textColour: around.color,
        underline: own.textDecorationLine,
        cursor: own.cursor,
        isLink: node.closest('a') !== null,
      };
    });
    expect(look.isLink, 'a link without a target is no link').toBe(false);
    expect(look.colour, 'drawn as the text around it').toBe(look.textColour);
    expect(look.underline).toBe('none');
    expect(look.cursor).not.toBe('pointer');

    // Every picture left has something to show.
    await page.waitForLoadState('networkidle');
    const images = await body.locator('img').evaluateAll((nodes) =>
      nodes.map((node) => ({
        src: node.getAttribute('src') ?? '',
        width: node instanceof HTMLImageElement ? node.naturalWidth : 0,
      })),
    );
    expect(images.filter((image) => image.src === '' || image.width === 0)).toEqual([]);
  });
});

/** WCAG 2's relative luminance and contrast ratio of two CSS colours the browser resolved. */
const CONTRAST_IN_PAGE = `
  window.__contrast = (a, b) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const rgb = (colour, under) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = under; ctx.fillRect(0, 0, 1, 1);
      ctx.fillStyle = colour; ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
    };
    const lum = ([r, g, b]) => {
      const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const back = rgb(b, '#808080');
    const fore = rgb(a, 'rgb(' + back.join(',') + ')');
    const [x, y] = [lum(fore), lum(back)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
`;

/** Text colours on the surfaces they are drawn on, and text on solid colours. */
const TEXT_TOKENS = [
  '--color-text',
  '--color-muted',
  '--color-primary',
  '--color-profit',
  '--color-loss',
  '--color-warning',
];
const SURFACES = ['--color-bg', '--color-surface', '--color-surface-2'];
const SOLIDS = ['--color-primary', '--color-profit', '--color-loss', '--color-warning'];

test.describe('colour contrast', () => {
  for (const theme of ['day', 'night'] as const) {
    test(`${theme}: every text colour meets AA on its backgrounds, and axe agrees on the screens that show them`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await control.reset('verified-trader');
      await signInByApi(page, TRADER);
      await useLanguage(page, 'en', theme);
      await page.addInitScript({ content: CONTRAST_IN_PAGE });
      await openApp(page, PATHS.home);

      const failures = await page.evaluate(
        ({ texts, surfaces, solids }) => {
          const style = getComputedStyle(document.documentElement);
          const value = (name: string) => style.getPropertyValue(name).trim();
          const contrast = (window as unknown as { __contrast: (a: string, b: string) => number })
            .__contrast;
          const found: string[] = [];
          const pairs: [string, string][] = [
            ...texts.flatMap((fore) => surfaces.map((back): [string, string] => [fore, back])),
            ...solids.map((back): [string, string] => ['--color-on-solid', back]),
            ['--adm-color-text-light-solid', '--adm-color-primary'],
          ];
          for (const [fore, back] of pairs) {
            const ratio = contrast(value(fore), value(back));
            if (ratio < 4.5) found.push(`${fore} on ${back}: ${ratio.toFixed(2)}`);
          }
          return found;
        },
        { texts: TEXT_TOKENS, surfaces: SURFACES, solids: SOLIDS },
      );
      expect(failures).toEqual([]);

      for (const path of [PATHS.home, PATHS.quotes, PATHS.consult, PATHS.ipo, PATHS.user]) {
        await openApp(page, path);
        await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
        const axe = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
        expect(
          axe.violations.flatMap((violation) =>
            violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
          ),
          `${path} (${theme})`,
        ).toEqual([]);
      }
    });
  }
});

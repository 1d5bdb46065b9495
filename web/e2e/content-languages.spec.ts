import { BANNERS, IPO_OFFERINGS } from '@bourse/fixtures';
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
} from './support.ts';

/**
 * Issue 9: banner artwork and IPO texts were English whatever the app language. The artwork's
 * words and label, the banners' alt text and every IPO summary and description come in the
 * language asked for.
 */

const TRADER = scenarioUser('verified-trader');

test.use({ viewport: { width: 360, height: 780 }, reducedMotion: 'reduce' });

/** The words an SVG shows or names: its <text> elements and its label. */
function wordsOfSvg(svg: string): string[] {
  const words = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1] ?? '');
  const label = /aria-label="([^"]*)"/.exec(svg)?.[1];
  return [...words, ...(label === undefined ? [] : [label])]
    .map((word) => word.trim())
    .filter((word) => /\p{L}{2,}/u.test(word));
}

async function bannerPictures(page: Page): Promise<{ alt: string; words: string[] }[]> {
  await openApp(page, PATHS.home);
  const images = page.locator('main img[width="750"]');
  await expect(images.first()).toBeVisible();
  // The pictures out of view are asked for once the first is in (home.spec): wait for their src.
  await expect
    .poll(() => images.evaluateAll((nodes) => nodes.every((node) => node.getAttribute('src'))))
    .toBe(true);
  const found = await images.evaluateAll((nodes) =>
    nodes.map((node) => ({
      src: (node as HTMLImageElement).currentSrc || (node.getAttribute('src') ?? ''),
      alt: node.getAttribute('alt') ?? '',
    })),
  );
  const unique = [...new Map(found.map((image) => [image.src, image])).values()];
  expect(unique.length).toBe(BANNERS.length);
  return Promise.all(
    unique.map(async ({ src, alt }) => {
      const response = await page.request.get(src);
      expect(response.ok(), src).toBe(true);
      return { alt, words: wordsOfSvg(await response.text()) };
    }),
  );
}

test.describe('banners and IPO texts in the app language', () => {
  for (const language of ['de', 'jp'] as const) {
    test(`${language}: the banner artwork and the IPO screens show no English`, async ({
      page,
      context,
    }) => {
      test.setTimeout(120_000);
      await control.reset('verified-trader');
      await signInByApi(page, TRADER);
      const englishPage = await context.newPage();
      await signInByApi(englishPage, TRADER);
      const english = await bannerPictures(englishPage);
      await englishPage.close();
      const englishWords = new Set(english.flatMap((picture) => picture.words));
      expect(englishWords.size).toBeGreaterThan(BANNERS.length);

      await keepOnDevice(page, { language });
      const pictures = await bannerPictures(page);
      const englishTitles = new Set<string>(BANNERS.map((banner) => banner.title.en));
      for (const picture of pictures) {
        expect(englishTitles.has(picture.alt), `alt "${picture.alt}"`).toBe(false);
        expect(picture.words.length).toBeGreaterThan(0);
        expect(
          picture.words.filter((word) => englishWords.has(word)),
          `English in the picture "${picture.alt}"`,
        ).toEqual([]);
      }

      // Every offering's list card and detail: no English summary or description paragraph.
      const englishTexts = IPO_OFFERINGS.flatMap((offering) => [
        offering.summary.en,
        ...offering.description.en.split(/\n\s*\n/).map((paragraph) => paragraph.trim()),
      ]);
      for (const offering of IPO_OFFERINGS) {
        await page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, `${PATHS.ipo}?id=${offering.id}`);
        const main = page.locator('main');
        await expect(main.getByText(offering.summary[language]).first()).toBeVisible();
        const shown = (await main.innerText()).replace(/\s+/g, ' ');
        expect(
          englishTexts.filter((english) => shown.includes(english.replace(/\s+/g, ' '))),
          `${offering.symbol} (${language})`,
        ).toEqual([]);
      }
    });
  }
});

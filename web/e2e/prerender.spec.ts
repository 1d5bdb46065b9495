import { ROUTE_TABLE } from '../src/app/route-table.ts';
import { PATHS } from '../src/shared/routing/paths.ts';
import { expect, HTML_LANG, keepOnDevice, LANGUAGES, type Language, test } from './support.ts';

/** Every route a guest may open: the build prerenders each (src/app/prerender.tsx). */
const GUEST_PATHS = ROUTE_TABLE.filter((route) => !('auth' in route)).map(
  (route) => PATHS[route.path],
);

const CASES: readonly { language: Language; theme: 'day' | 'night' }[] = [
  ...LANGUAGES.map((language) => ({ language, theme: 'day' as const })),
  { language: 'en', theme: 'night' },
  { language: 'de', theme: 'night' },
];

for (const { language, theme } of CASES) {
  test(`${theme}, ${language}: each guest route arrives drawn in the reader's language, and the app hydrates it as it is`, async ({
    page,
  }) => {
    await keepOnDevice(page, { language, theme });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith('hydration:'))
        problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The screen the document brought, before any script has run: hydration keeps this very
    // element; drawing anew would replace it.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          Object.assign(window, { prerendered: document.querySelector('#root > *') });
      });
    });

    for (const path of GUEST_PATHS) {
      const response = await page.goto(path);
      const html = (await response?.text()) ?? '';
      expect(html, `${path} comes prerendered`).toContain(`data-prerendered="${language}" inert`);
      expect(html).toContain(`<html lang="${HTML_LANG[language]}"`);
      // hydrated: every element of the screen is the app's (React has attached itself to each)
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              [...document.querySelectorAll('#root *')].every((element) =>
                Object.keys(element).some((key) => key.startsWith('__reactFiber')),
              ),
            ),
          { message: `${path} is hydrated` },
        )
        .toBe(true);
      // and only then can it be used: nothing typed or pressed before is lost
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      const kept = await page.evaluate(
        () =>
          (window as unknown as { prerendered: Element | null }).prerendered ===
          document.querySelector('#root > *'),
      );
      expect(kept, `${path}: the prerendered screen is the one the app kept`).toBe(true);
      expect(problems, `${path} hydrates without a mismatch`).toEqual([]);
    }
  });
}

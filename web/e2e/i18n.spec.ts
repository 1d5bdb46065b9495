import type { Page, Request } from '@playwright/test';
import {
  control,
  expect,
  keysOf,
  LANGUAGE_NAMES,
  LANGUAGES,
  openApp,
  scenarioUser,
  signInByApi,
  test,
  text,
  type Language,
  HTML_LANG,
} from './support.ts';

const TRADER = scenarioUser('verified-trader');

const isApiCall = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');

/** Picks a language in the Settings sheet, the screen being in `current`. */
async function pickLanguage(page: Page, current: Language, wanted: Language) {
  await page.getByRole('button', { name: text('setup.language', current) }).click();
  const sheet = page.getByRole('dialog', { name: text('setup.chooseLanguage', current) });
  await sheet.getByText(LANGUAGE_NAMES[wanted], { exact: true }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('setup.title', wanted));
}

/** No translation key shows as it is anywhere on the page. */
async function expectNoRawKeys(page: Page) {
  const shown = await page.locator('body').innerText();
  const raw = keysOf('en').filter((key) => shown.includes(key));
  expect(raw, `raw translation keys on ${page.url()}`).toEqual([]);
}

test.describe('the app language', () => {
  for (const language of LANGUAGES) {
    test(`choosing ${LANGUAGE_NAMES[language]} (${language}) in Settings translates the screens, the calls and survives a reload`, async ({
      page,
    }) => {
      await control.reset('verified-trader');
      await signInByApi(page, TRADER);
      // Settings is opened from the personal centre, so that Back returns there.
      await openApp(page, '/pages/user/user');
      await page.getByRole('link', { name: text('user.menu.settings') }).click();
      await expect(page).toHaveURL(/\/pages\/setup\/setup$/);

      // English is the start: it is chosen by coming back to it from another language.
      const from: Language = language === 'en' ? 'it' : 'en';
      if (from !== 'en') await pickLanguage(page, 'en', from);
      const calls: Request[] = [];
      page.on('request', (request) => {
        if (isApiCall(request)) calls.push(request);
      });
      await pickLanguage(page, from, language);

      // Settings, in that language's own words.
      await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[language]);
      for (const key of ['setup.nightMode', 'setup.language', 'setup.preferences']) {
        await expect(page.getByText(text(key, language), { exact: true })).toBeVisible();
      }
      await expectNoRawKeys(page);

      // The personal centre fetches the user again: in that language.
      const userInfo = page.waitForRequest(
        (request) => isApiCall(request) && request.url().endsWith('/api/users/info'),
      );
      await page.getByRole('button', { name: text('common.back', language) }).click();
      await expect(page).toHaveURL(/\/pages\/user\/user$/);
      expect((await userInfo).headers()['accept-language']).toBe(language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text('user.title', language),
      );
      for (const key of ['user.menu.settings', 'user.menu.announcements', 'user.logout.action']) {
        await expect(page.getByText(text(key, language), { exact: true })).toBeVisible();
      }
      await expectNoRawKeys(page);
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.map((call) => call.headers()['accept-language'])).toEqual(
        calls.map(() => language),
      );

      // A reload starts in the chosen language, and calls in it.
      const afterReload = page.waitForRequest(isApiCall);
      await page.reload();
      expect((await afterReload).headers()['accept-language']).toBe(language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text('user.title', language),
      );
      await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[language]);
      await expect(
        page.getByText(text('user.menu.settings', language), { exact: true }),
      ).toBeVisible();
      await expectNoRawKeys(page);
    });
  }
});

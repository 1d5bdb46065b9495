import type { Page } from '@playwright/test';
import {
  control,
  expect,
  expectLanded,
  LANGUAGE_NAMES,
  LANGUAGES,
  loginFields,
  type Language,
  openApp,
  openPersonalCentre,
  scenarioUser,
  stored,
  test,
  text,
  keepOnDevice,
} from './support.ts';

const USER = scenarioUser('fresh-user');

/** Every value the app keeps in local storage, as one text. */
async function everythingStored(page: Page): Promise<string> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .map((key) => `${key}=${localStorage.getItem(key) ?? ''}`)
      .join('\n'),
  );
}

/** Logs in through the form with "Remember me" ticked, and lands on Home. */
async function logInRemembered(page: Page) {
  await openApp(page, '/pages/login/login');
  const form = loginFields(page);
  await form.email.fill(USER.email);
  await form.password.fill(USER.password);
  await form.agreement.check();
  await form.remember.check();
  await form.submit.click();
  await expectLanded(page);
}

/** Logs out from the personal centre; `forget` ticks "Forget me on this device" first. */
async function logOut(page: Page, forget: boolean) {
  await openPersonalCentre(page, USER.email);
  await page.getByRole('button', { name: text('user.logout.action') }).click();
  const forgetMe = page.getByRole('checkbox', { name: text('user.logout.forget') });
  if (forget) await forgetMe.check();
  else await expect(forgetMe).not.toBeChecked();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('user.logout.confirm'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/pages\/login\/login$/);
}

test.describe('remembering the account, never the password', () => {
  test.beforeEach(async () => {
    await control.reset('fresh-user');
  });

  test('"Remember me" keeps the e-mail for the next visit and no password anywhere on the device', async ({
    page,
  }) => {
    await logInRemembered(page);
    expect(await everythingStored(page)).not.toContain(USER.password);
    await logOut(page, false);

    await page.reload();
    const form = loginFields(page);
    await expect(form.email).toHaveValue(USER.email);
    await expect(form.password).toHaveValue('');
    await expect(form.remember).toBeChecked();
    // The browser's password manager can fill the password: the fields say what they hold.
    await expect(form.email).toHaveAttribute('autocomplete', 'username');
    await expect(form.password).toHaveAttribute('autocomplete', 'current-password');
    expect(await everythingStored(page)).not.toContain(USER.password);
  });

  test('a password an older version kept is deleted when the app starts, on any page', async ({
    page,
  }) => {
    await openApp(page, '/pages/home/home');
    await page.evaluate(
      ({ email, password }) => {
        localStorage.setItem('bourse.remember_password', 'true');
        localStorage.setItem(
          'bourse.remember_info',
          JSON.stringify({ mode: 'email', account: email, area_code: '', country: '', password }),
        );
      },
      { email: USER.email, password: USER.password },
    );
    await page.reload();
    await expect(page.locator('main').first()).toBeVisible();
    await expect.poll(() => everythingStored(page)).not.toContain(USER.password);
    // The account itself is still remembered.
    await openApp(page, '/pages/login/login');
    await expect(loginFields(page).email).toHaveValue(USER.email);
    await expect(loginFields(page).password).toHaveValue('');
  });

  test('logging out with "Forget me on this device" leaves an empty login form', async ({
    page,
  }) => {
    await logInRemembered(page);
    await logOut(page, true);
    const form = loginFields(page);
    await expect(form.email).toHaveValue('');
    await expect(form.remember).not.toBeChecked();
    await page.reload();
    await expect(form.email).toHaveValue('');
    expect(await everythingStored(page)).not.toContain(USER.email);
  });

  test('a password reset forgets the remembered account', async ({ page }) => {
    await logInRemembered(page);
    await logOut(page, false);
    await openApp(page, '/pages/forget/forget');
    await page.locator('#forget-email').fill(USER.email);
    await page.getByRole('button', { name: text('emailCode.send') }).click();
    await expect(page.getByRole('status').filter({ hasText: USER.email })).toBeVisible();
    await page.locator('#forget-code').fill(await control.latestCode(USER.email));
    await page.locator('#forget-password').fill('Renewed2026x');
    await page.locator('#forget-confirm').fill('Renewed2026x');
    await page.getByRole('button', { name: text('forget.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/pages\/login\/login\?/);
    expect(await stored(page, 'remember_info')).toBeNull();
    expect(await everythingStored(page)).not.toContain(USER.password);
  });
});

test.describe('a guest chooses the language', () => {
  test('the login, register and reset screens each offer all eight languages, named in themselves', async ({
    page,
  }) => {
    await openApp(page, '/pages/login/login');
    const picker = page.getByRole('combobox', { name: text('guestLanguage.label') });
    await expect(picker).toBeVisible();
    const names = await picker.locator('option').allTextContents();
    expect(names).toEqual(LANGUAGES.map((language) => LANGUAGE_NAMES[language]));

    await picker.selectOption({ label: LANGUAGE_NAMES.de });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('login.title', 'de'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // The choice holds on the other guest screens, which offer it too, and after a reload.
    await page.getByRole('link', { name: text('login.register', 'de') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('register.title', 'de'));
    const registerPicker = page.getByRole('combobox', { name: text('guestLanguage.label', 'de') });
    await expect(registerPicker).toHaveValue('de');
    await registerPicker.selectOption({ label: LANGUAGE_NAMES.jp });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('register.title', 'jp'));

    await openApp(page, '/pages/forget/forget');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('forget.title', 'jp'));
    const forgetPicker = page.getByRole('combobox', { name: text('guestLanguage.label', 'jp') });
    await forgetPicker.selectOption('it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('forget.title', 'it'));
  });
});

/** What the browser says it prefers, and the language the app should start in. */
const FIRST_START: readonly { locale: string; expected: Language }[] = [
  { locale: 'de-DE', expected: 'de' },
  { locale: 'pt-BR', expected: 'pt' },
  { locale: 'zh-HK', expected: 'zh' },
  { locale: 'zh-TW', expected: 'zh' },
  { locale: 'ja-JP', expected: 'jp' },
  { locale: 'fr-CA', expected: 'fr' },
  { locale: 'ko-KR', expected: 'en' },
];

for (const { locale, expected } of FIRST_START) {
  test.describe(`first start with a browser in ${locale}`, () => {
    test.use({ locale });

    test(`opens in ${expected}, until the user chooses`, async ({ page }) => {
      await openApp(page, '/pages/login/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text('login.title', expected),
      );
      await expect(
        page.getByRole('combobox', { name: text('guestLanguage.label', expected) }),
      ).toHaveValue(expected);
    });
  });
}

test.describe('first start, a language already chosen', () => {
  test.use({ locale: 'de-DE' });

  test('the saved language wins over the browser', async ({ page }) => {
    await keepOnDevice(page, { language: 'fr' });
    await openApp(page, '/pages/login/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('login.title', 'fr'));
  });
});

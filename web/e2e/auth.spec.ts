import type { Page } from '@playwright/test';
import {
  control,
  expect,
  expectLanded,
  loginFields,
  maskedEmail,
  openApp,
  scenarioUser,
  openPersonalCentre,
  register,
  signInByApi,
  stored,
  test,
  text,
} from './support.ts';

const NEW_USER = { email: 'new.trader@example.com', password: 'Trade2026x' };
const FRESH_USER = scenarioUser('fresh-user');

/** Logs out from the personal centre, through its confirmation sheet. */
async function logOut(page: Page) {
  await page.getByRole('button', { name: text('user.logout.action') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('user.logout.confirm'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/pages\/login\/login$/);
}

test.describe('signing up and in', () => {
  test('a new account made with the e-mailed code lands signed in on the home screen, and can log out and back in', async ({
    page,
  }) => {
    await register(page, NEW_USER);
    await expectLanded(page);
    await openPersonalCentre(page, NEW_USER.email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('user.title'));
    const profile = page.getByRole('region', { name: text('user.profile') });
    await expect(profile.getByText(maskedEmail(NEW_USER.email))).toBeVisible();
    await expect(profile.getByRole('heading', { name: 'new.trader' })).toBeVisible();
    expect(await stored(page, 'is_login')).toBe(true);

    await logOut(page);
    expect(await stored(page, 'is_login')).toBe(false);
    expect(await stored(page, 'token')).toBeNull();

    // A log out forgets the page it was made from: the next login starts from Home.
    const form = loginFields(page);
    await form.email.fill(NEW_USER.email);
    await form.password.fill(NEW_USER.password);
    await form.agreement.check();
    await form.submit.click();
    await expectLanded(page);
  });

  test('a wrong password is refused with a message, and the typed account stays', async ({
    page,
  }) => {
    await control.reset('fresh-user');
    await openApp(page, '/pages/login/login');
    const form = loginFields(page);
    await form.email.fill(FRESH_USER.email);
    await form.password.fill(`${FRESH_USER.password}x`);
    await form.agreement.check();
    const reply = page.waitForResponse('**/api/login/index');
    await form.submit.click();
    await reply;
    // The mock's words for a refused login (the same for an unknown account).
    await expect(page.getByText('Incorrect account or password')).toBeVisible();
    await expect(page).toHaveURL(/\/pages\/login\/login$/);
    await expect(form.email).toHaveValue(FRESH_USER.email);
    expect(await stored(page, 'is_login')).not.toBe(true);
  });

  test('the last tries before a lock are counted down, and the lock says how long it lasts', async ({
    page,
  }) => {
    await control.reset('fresh-user');
    await openApp(page, '/pages/login/login');
    const form = loginFields(page);
    await form.email.fill(FRESH_USER.email);
    await form.password.fill(`${FRESH_USER.password}x`);
    await form.agreement.check();
    const attempt = async () => {
      const reply = page.waitForResponse('**/api/login/index');
      await form.submit.click();
      await reply;
    };
    await attempt();
    await attempt();
    await attempt();
    await expect(page.getByText('Incorrect account or password: 2 tries left')).toBeVisible();
    await attempt();
    await expect(page.getByText('Incorrect account or password: 1 try left')).toBeVisible();
    await attempt();
    const locked = page.getByText('Too many failed sign-ins. Try again in 15 minutes');
    await expect(locked).toBeVisible();

    // A minute on, even the right password is refused, with the time that is left.
    await control.clock({ action: 'advance', ms: 60_000 });
    await form.password.fill(FRESH_USER.password);
    await attempt();
    await expect(page.getByText('Too many failed sign-ins. Try again in 14 minutes')).toBeVisible();
    await expect(page).toHaveURL(/\/pages\/login\/login$/);
  });

  test('"Remember me" fills the account again after a reload; the password is typed again', async ({
    page,
  }) => {
    await control.reset('fresh-user');
    await openApp(page, '/pages/login/login');
    const form = loginFields(page);
    await form.email.fill(FRESH_USER.email);
    await form.password.fill(FRESH_USER.password);
    await form.agreement.check();
    await form.remember.check();
    await form.submit.click();
    await expectLanded(page);
    await openPersonalCentre(page, FRESH_USER.email);
    await logOut(page);

    await page.reload();
    await expect(form.email).toHaveValue(FRESH_USER.email);
    await expect(form.password).toHaveValue('');
    await expect(form.remember).toBeChecked();
    await expect(form.agreement).toBeChecked();
    await form.password.fill(FRESH_USER.password);
    await form.submit.click();
    // The log out forgot the page it was made from.
    await expectLanded(page);
  });
});

test.describe('the e-mailed code', () => {
  test('after "Send code" the code field shows where it went, not "required", and each address has its own countdown', async ({
    page,
  }) => {
    await openApp(page, '/pages/register/register');
    const codeItem = page.locator('.adm-form-item').filter({ has: page.locator('#register-code') });
    const email = page.locator('#register-email');
    const send = page.getByRole('button', { name: text('emailCode.send') });
    const resend = page.getByRole('button', { name: /\d+/ }).filter({
      hasText: text('emailCode.resendIn').split('{{')[0]?.trim() ?? '',
    });

    // An empty submit first: "required" under the code.
    await page.getByRole('button', { name: text('register.submit'), exact: true }).click();
    await expect(codeItem.getByRole('alert')).toHaveText(text('validation.required'));

    await email.fill('first@example.com');
    await send.click();
    await expect(codeItem.getByRole('status')).toContainText('first@example.com');
    await expect(codeItem.getByRole('alert')).toHaveCount(0);
    await expect(resend).toBeDisabled();

    // Another address may have a code at once.
    await email.fill('second@example.com');
    await expect(send).toBeEnabled();
    await expect(codeItem.getByRole('status')).toHaveCount(0);
    await send.click();
    await expect(codeItem.getByRole('status')).toContainText('second@example.com');
    expect(await control.mailbox('second@example.com')).toHaveLength(1);

    // Back to the first: its countdown still runs, and its hint is back.
    await email.fill('first@example.com');
    await expect(resend).toBeDisabled();
    await expect(codeItem.getByRole('status')).toContainText('first@example.com');
    expect(await control.mailbox('first@example.com')).toHaveLength(1);
  });
});

test.describe('focus after a failed submit', () => {
  test('on the login form, focus moves to the first invalid field, the agreement included', async ({
    page,
  }) => {
    await openApp(page, '/pages/login/login');
    const form = loginFields(page);
    await form.submit.click();
    await expect(form.email).toBeFocused();

    await form.email.fill(FRESH_USER.email);
    await form.submit.click();
    await expect(form.password).toBeFocused();

    await form.password.fill(FRESH_USER.password);
    await form.submit.click();
    await expect(form.agreement).toBeFocused();
  });

  test("on the change-password form, focus moves to the first invalid field, the server's included", async ({
    page,
  }) => {
    await control.reset('fresh-user');
    await signInByApi(page, FRESH_USER);
    await openApp(page, '/pages/setup/password/password');
    const current = page.locator(`input[aria-label="${text('setupPassword.current')}"]`);
    const next = page.locator(`input[aria-label="${text('setupPassword.next')}"]`);
    const confirm = page.locator(`input[aria-label="${text('setupPassword.confirm')}"]`);
    const submit = page.getByRole('button', { name: text('setupPassword.submit') });

    await current.fill('Wrong12345');
    await submit.click();
    await expect(next).toBeFocused();

    await next.fill('Better2026');
    await confirm.fill('Better2026');
    // Move focus away, as a tap on the button does on a phone.
    await submit.focus();
    await submit.click();
    // The server refuses the current password: focus goes back to it.
    await expect(current).toBeFocused();
  });
});

test.describe('checking the forms before sending', () => {
  test('an empty login form shows the required and agreement messages by the fields and sends nothing', async ({
    page,
  }) => {
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/login/index')) logins.push(request.url());
    });
    await openApp(page, '/pages/login/login');
    await loginFields(page).submit.click();

    const emailItem = page.locator('.adm-form-item').filter({ has: page.locator('#login-email') });
    const passwordItem = page
      .locator('.adm-form-item')
      .filter({ has: page.locator('#login-password') });
    await expect(emailItem.getByRole('alert')).toHaveText(text('validation.required'));
    await expect(passwordItem.getByRole('alert')).toHaveText(text('validation.required'));
    // a screen reader hears the error with the field
    const email = page.locator('#login-email');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(text('validation.required'));
    await email.fill('someone@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByRole('alert').filter({ hasText: text('validation.agreement') }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/pages\/login\/login$/);
    expect(logins).toEqual([]);
  });

  test('registration with passwords that differ is refused by the confirmation field', async ({
    page,
  }) => {
    const registrations: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/login/register')) registrations.push(request.url());
    });
    await openApp(page, '/pages/register/register');
    await page.locator('#register-email').fill(NEW_USER.email);
    await page.locator('#register-code').fill('123456');
    await page.locator('#register-password').fill(NEW_USER.password);
    await page.locator('#register-confirm').fill('Different2026');
    await page.getByRole('button', { name: text('register.submit'), exact: true }).click();

    const confirmItem = page
      .locator('.adm-form-item')
      .filter({ has: page.locator('#register-confirm') });
    await expect(confirmItem.getByRole('alert')).toHaveText(text('validation.passwordsMismatch'));
    await expect(page).toHaveURL(/\/pages\/register\/register$/);
    expect(registrations).toEqual([]);
  });
});

test.describe('the phone form', () => {
  test('picks a country calling code from the searchable sheet', async ({ page }) => {
    await openApp(page, '/pages/login/login');
    await page.getByRole('radio', { name: text('login.byPhone') }).check();
    const codeButton = page.getByRole('button', { name: text('login.countryCode') });
    await codeButton.click();
    const sheet = page.getByRole('dialog', { name: text('login.chooseCountry') });
    await expect(sheet).toBeVisible();
    await sheet.getByPlaceholder(text('login.searchCountry')).fill('44');
    await sheet.getByText('United Kingdom').click();
    await expect(sheet).toBeHidden();
    await expect(codeButton).toContainText('+44');
    // opening it again shows the choice ticked
    await codeButton.click();
    await expect(page.getByRole('dialog', { name: text('login.chooseCountry') })).toBeVisible();
  });
});

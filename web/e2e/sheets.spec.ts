import {
  control,
  expect,
  keepOnDevice,
  openPersonalCentre,
  scenarioUser,
  seriousViolations,
  signInByApi,
  test,
  text,
} from './support.ts';

// The every-route pass sees each screen as it opens; these are the personal centre's sheets,
// which only a tap opens: axe on the open sheet, by day and by night, and the keyboard.

const TRADER = scenarioUser('verified-trader');
for (const theme of ['day', 'night'] as const) {
  test(`${theme}: the log-out and account-switch sheets pass axe, and the keyboard reaches their controls`, async ({
    page,
  }) => {
    await control.reset('verified-trader');
    await signInByApi(page, TRADER);
    await keepOnDevice(page, { theme });
    await openPersonalCentre(page, TRADER.email);

    const logOut = page.getByRole('button', { name: text('user.logout.action') });
    await logOut.click();
    const sheet = page.getByRole('dialog', { name: text('user.logout.question') });
    const forget = sheet.getByRole('checkbox', { name: text('user.logout.forget') });
    await expect(forget).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    // Opened on the answer that changes nothing; the keyboard reaches the box and the answers.
    const cancel = sheet.getByRole('button', { name: text('common.cancel'), exact: true });
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(sheet.getByRole('button', { name: text('user.logout.confirm') })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(forget).toBeFocused();
    await page.keyboard.press('Space');
    await expect(forget).toBeChecked();
    // Escape cancels, and the focus goes back to what opened the sheet.
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(logOut).toBeFocused();

    await page.getByRole('switch', { name: text('user.account.demoSwitch') }).click();
    await expect(page.getByRole('dialog', { name: text('accountSwitch.toDemo') })).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  });
}

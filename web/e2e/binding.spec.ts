import { control, expect, openApp, scenarioUser, signInByApi, test, text } from './support.ts';

const trader = scenarioUser('verified-trader');
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

test.describe('binding a bank account and a USDT wallet', () => {
  test.beforeEach(async ({ page }) => {
    await control.reset('verified-trader');
    await signInByApi(page, trader);
  });

  test('a mistyped wallet address is refused on the spot, a real one binds', async ({ page }) => {
    await openApp(page, '/pages/user/user');
    await page.getByRole('link', { name: text('user.menu.bind') }).click();
    await expect(page).toHaveURL(/\/pages\/bind\/bind$/);
    await expect(page.getByText(text('bind.unbound'))).toHaveCount(2);

    await page.getByRole('link', { name: text('bind.usdt') }).click();
    const address = page.getByRole('textbox', { name: text('bindUsdt.address') });
    // the last character changed: the base58check checksum fails
    await address.fill(`${TRON.slice(0, -1)}u`);
    await page.getByRole('button', { name: text('bindUsdt.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText(text('bindUsdt.problem.checksum'));
    await expect(address).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('radio', { name: 'ERC20' }).check();
    await address.fill(TRON);
    await page.getByRole('button', { name: text('bindUsdt.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText(text('bindUsdt.problem.wrong_network'));

    await page.getByRole('radio', { name: 'TRC20' }).check();
    await address.fill(TRON);
    await page.getByRole('button', { name: text('bindUsdt.submit') }).click();
    await expect(page).toHaveURL(/\/pages\/bind\/bind$/);
    await expect(page.getByText('TRC20 TR7NHqje…gjLj6t')).toBeVisible();
  });

  test('a bank in another name is refused by the server, the verified name binds', async ({
    page,
  }) => {
    await openApp(page, '/pages/bind/bank/bank');
    const field = (name: string) =>
      page.getByRole('textbox', { name: text(`bindBank.fields.${name}`) });
    await field('bank_name').fill('Chase');
    await field('account_no').fill('000123456789');
    await field('holder_name').fill('Someone Else');
    await page.getByRole('button', { name: text('bindBank.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText('must be the name on your verified identity');
    await expect(field('holder_name')).toHaveAttribute('aria-invalid', 'true');

    await field('holder_name').fill(trader.nickname.toUpperCase());
    await page.getByRole('button', { name: text('bindBank.submit') }).click();
    await expect(page).toHaveURL(/\/pages\/bind\/bind$/);
    await expect(page.getByText('Chase ****6789')).toBeVisible();
  });
});

import { BTC, holdBtcAt, orders, TRADER } from './contract-support.ts';
import { PATHS } from '../src/shared/routing/paths.ts';
import { control, expect, keepOnDevice, signInByApi, test, text } from './support.ts';

// Issue 21 on the contract screen: a German trader types a decimal comma, is told in words when
// a point slips in, and the confirmation prints the order back as a German reader writes it.

test.beforeEach(async ({ page }) => {
  await control.reset('verified-trader');
  await holdBtcAt('20000.00');
  await keepOnDevice(page, { language: 'de' });
  await signInByApi(page, TRADER);
});

test('a German trader places an order with a decimal-comma quantity, confirmed in German style', async ({
  page,
}) => {
  await page.goto(`${PATHS.contract}?symbol=${BTC.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: text('contract.title', 'de') }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /\d+×/ })).toBeEnabled();
  const form = page.getByRole('form', { name: text('contract.form.title', 'de') });
  const quantity = form.getByRole('textbox', { name: text('contract.form.quantity', 'de') });

  // a point is the other mark in German: said in words next to the field, nothing sent
  await quantity.fill('0.05');
  await page.getByTestId('order-submit').click();
  await expect(form.getByRole('alert')).toHaveText(text('validation.number.otherMark', 'de'));
  await expect(quantity).toHaveValue('0.05');

  await quantity.fill('0,05');
  await form.getByRole('switch', { name: text('contract.form.takeProfit', 'de') }).check();
  await form
    .getByRole('textbox', { name: text('contract.form.takeProfitPrice', 'de') })
    .fill('20.900');
  // the largest quantity the balance opens is printed with the German decimal comma
  await expect(form.getByText(text('contract.form.maxQuantity', 'de'))).toContainText(/\d,\d/);
  await page.getByTestId('order-submit').click();

  const sheet = page.getByRole('dialog', {
    name: text('contract.confirm.title', 'de').replace(
      '{{action}}',
      text('contract.action.open_long', 'de'),
    ),
  });
  const confirm = sheet.getByTestId('order-confirm');
  await expect(confirm).toContainText(`${text('contract.form.quantity', 'de')}0,05`);
  await expect(confirm).toContainText(`${text('contract.form.takeProfit', 'de')}20.900,00`);
  await sheet.getByRole('button', { name: text('contract.confirm.place', 'de') }).click();
  await expect(page.getByText(text('contract.order.placed', 'de')).first()).toBeVisible();

  // the engine got the plain decimal
  const placed = (await orders()).filter((order) => order.source === 'user');
  expect(placed.map((order) => order.quantity)).toStrictEqual(['0.05']);
});

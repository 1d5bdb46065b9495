import { maxReducibleMargin } from '@bourse/formulas';
import Decimal from 'decimal.js';
import {
  BTC,
  BTC_TERMS,
  held,
  holdBtcAt,
  openContract,
  orders,
  placeOrder,
  seesBtcAt,
  TRADER,
} from './contract-support.ts';
import { PATHS } from '../src/shared/routing/paths.ts';
import { control, expect, keepOnDevice, signInByApi, test, text } from './support.ts';

// Issue 21 on the contract screen: a German trader types a decimal comma, is told in words when
// a point slips in, and the confirmation prints the order back as a German reader writes it.

test.beforeEach(async () => {
  await control.reset('verified-trader');
  await holdBtcAt('20000.00');
});

test('a German trader places an order with a decimal-comma quantity, confirmed in German style', async ({
  page,
}) => {
  await keepOnDevice(page, { language: 'de' });
  await signInByApi(page, TRADER);
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
  await expect(form.getByRole('alert')).toHaveText(text('numberInput.otherMark', 'de'));
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

// Issue 21, major 3: on a losing position the most margin to take out falls with the mark, so a
// Max from the list the sheet opened with is stale by the time it is sent.
test('Max margin to take out on a losing position goes through at the price of the moment', async ({
  page,
}) => {
  test.slow();
  await signInByApi(page, TRADER);
  await openContract(page);
  await seesBtcAt(page, '20000.00');
  await placeOrder(page, { quantity: '0.1' });
  const card = page.getByTestId('position');
  const sheetOf = async () => {
    await card.getByRole('button', { name: text('positionActions.margin.open') }).click();
    return page.getByRole('dialog', {
      name: text('positionActions.margin.title').replace('{{symbol}}', BTC.symbol),
    });
  };
  const add = await sheetOf();
  await add.getByRole('textbox', { name: text('positionActions.margin.amount') }).fill('80');
  await add.getByRole('button', { name: text('positionActions.margin.submit.add') }).click();
  await expect(page.getByText(text('positionActions.margin.added'))).toBeVisible();
  await expect(add).toBeHidden();

  const before = await held();
  const leverage = BTC_TERMS.leverages.find((one) => one.id === BTC_TERMS.default_leverage_id);
  if (!leverage) throw new Error('BTC has no default leverage');
  const mostAt = (mark: string) =>
    maxReducibleMargin({
      direction: 'long',
      qty: before.quantity,
      entry: before.entry_price,
      margin: before.margin,
      leverage: leverage.value,
      mark,
    });

  await holdBtcAt('19990.00');
  await seesBtcAt(page, '19990.00');
  const reduce = await sheetOf();
  await reduce.getByRole('button', { name: text('positionActions.margin.actions.reduce') }).click();
  await reduce.getByRole('button', { name: text('positionActions.margin.useMax') }).click();
  const amount = reduce.getByRole('textbox', { name: text('positionActions.margin.amount') });
  await expect(amount).not.toHaveValue('');
  // the price falls further before the tap
  await holdBtcAt('19980.00');
  await seesBtcAt(page, '19980.00');
  // the figure Max filled in, from the list the sheet opened with, is no longer allowed
  expect(new Decimal(await amount.inputValue()).gt(mostAt('19980.00'))).toBe(true);
  await reduce.getByRole('button', { name: text('positionActions.margin.submit.reduce') }).click();
  await expect(page.getByText(text('positionActions.margin.reduced'))).toBeVisible();

  // what went out is the most at the price of the tap, not the figure filled in before it
  const most = mostAt('19980.00');
  const after = await held();
  expect(new Decimal(before.margin).minus(after.margin).toFixed(8)).toBe(most.toFixed(8));
});

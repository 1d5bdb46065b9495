import {
  initialMargin,
  liquidationPrice,
  maxReducibleMargin,
  realizedPnl,
  tradeFee,
} from '@bourse/formulas';
import type { Page } from '@playwright/test';
import Decimal from 'decimal.js';
import {
  BTC,
  BTC_TERMS,
  grouped,
  held,
  holdBtcAt,
  openContract,
  orders,
  placeOrder,
  seesBtcAt,
  TRADER,
} from './contract-support.ts';
import { control, expect, signInByApi, test, text } from './support.ts';

// The contract QA scenarios, played in the browser: a trader acts on the contract page, the
// control API moves BTC's price, and what the page and the engine show is what FORMULAS.md
// computes.

const leverage = (): number => {
  const chosen = BTC_TERMS.leverages.find((one) => one.id === BTC_TERMS.default_leverage_id);
  if (!chosen) throw new Error('BTC has no default leverage');
  return chosen.value;
};

const positionCard = (page: Page) => page.getByTestId('position');

async function sheetOf(page: Page, open: string, title: string) {
  await positionCard(page)
    .getByRole('button', { name: text(open) })
    .click();
  return page.getByRole('dialog', { name: text(title).replace('{{symbol}}', BTC.symbol) });
}

test.beforeEach(async ({ page }) => {
  await control.reset('verified-trader');
  await holdBtcAt('20000.00');
  await signInByApi(page, TRADER);
  await openContract(page);
  // the form reckons at the price held, not at the one before the control API moved it
  await seesBtcAt(page, '20000.00');
});

test('a stop loss refused as too close to the liquidation price is accepted once the price it was checked at moves away, without another tap', async ({
  page,
}) => {
  // BTC far above: at 20× a long's liquidation price is above a stop loss at 19 800
  await holdBtcAt('95000.00');
  await seesBtcAt(page, '95000.00');
  const form = page.getByRole('form', { name: text('contract.form.title') });
  await form.getByRole('textbox', { name: text('contract.form.quantity') }).fill('0.01');
  await form.getByRole('switch', { name: text('contract.form.stopLoss') }).check();
  const stopLoss = form.getByRole('textbox', { name: text('contract.form.stopLossPrice') });
  await stopLoss.fill('19800');
  await page.getByTestId('order-submit').click();
  const refusal = form.getByRole('alert').filter({
    hasText: text('contract.errors.stopLossNearLiquidation'),
  });
  await expect(refusal).toBeVisible();
  await expect(stopLoss).toHaveAttribute('aria-invalid', 'true');

  // the price comes down to 20 000: liquidation at 19 100.19, and the refusal goes with it
  await holdBtcAt('20000.00');
  await seesBtcAt(page, '20000.00');
  await expect(refusal).toBeHidden();
  await expect(stopLoss).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('order-submit').click();
  await expect(
    page.getByRole('dialog', {
      name: text('contract.confirm.title').replace('{{action}}', text('contract.action.open_long')),
    }),
  ).toBeVisible();
});

test('the leverage a resting short holds is shown and fixed on the form for another short, before anything is sent, and left free for a long', async ({
  page,
}) => {
  await placeOrder(page, { side: 'short', type: 'limit', price: '20500', quantity: '0.1' });
  const form = page.getByRole('form', { name: text('contract.form.title') });
  const lock = form.getByTestId('leverage-locked');
  const leverageButton = form.getByRole('button', { name: /\d+×/ });
  await expect(lock).toHaveText(text('contract.leverage.locked').replace('{{value}}', '20'));

  // a long is free: 50× is chosen for it
  await form.getByRole('button', { name: text('contract.form.long') }).click();
  await expect(lock).toHaveCount(0);
  await leverageButton.click();
  const sheet = page.getByRole('dialog', { name: text('contract.leverage.title') });
  await sheet.getByRole('button', { name: '50×' }).click();
  await expect(leverageButton).toHaveText(
    text('contract.form.leverage').replace('{{value}}', '50'),
  );

  // back on short, the resting order's 20× is what the form uses, and the only one offered
  await form.getByRole('button', { name: text('contract.form.short') }).click();
  await expect(leverageButton).toHaveText(
    text('contract.form.leverage').replace('{{value}}', '20'),
  );
  await expect(lock).toBeVisible();
  await leverageButton.click();
  await expect(sheet.getByRole('button', { name: '50×' })).toBeDisabled();
  await expect(sheet.getByRole('button', { name: '20×' })).toBeEnabled();
});

test('a short by limit order rests among the open orders, fills at the maker rate when the price reaches it, then part of it closes', async ({
  page,
}) => {
  test.slow();
  await placeOrder(page, { side: 'short', type: 'limit', price: '20500', quantity: '0.1' });
  await page.getByRole('tab', { name: /^Open orders/ }).click();
  await expect(page.getByTestId('open-orders').getByRole('listitem')).toHaveCount(1);
  await expect(positionCard(page)).toHaveCount(0);

  // a sell fills once the bid (the price less half the spread) reaches the limit
  await holdBtcAt('20501.00');
  await page.getByRole('tab', { name: /^Positions/ }).click();
  await expect(positionCard(page)).toHaveCount(1, { timeout: 15_000 });
  const [open] = await orders();
  expect(open).toMatchObject({ side: 'sell', status: 'filled' });
  // a resting limit order fills at its own price
  expect(new Decimal(open?.avg_price ?? '0').toFixed(2)).toBe('20500.00');
  expect(open?.fee_rate).toBe(BTC_TERMS.maker_fee_rate);
  expect(new Decimal(open?.fee ?? '0').toFixed(8)).toBe(
    tradeFee('0.1', '20500', BTC_TERMS.maker_fee_rate).toFixed(8),
  );

  const close = await sheetOf(page, 'positionActions.close.open', 'positionActions.close.title');
  await close.getByRole('textbox', { name: text('positionActions.close.quantity') }).fill('0.04');
  await close.getByRole('button', { name: text('positionActions.close.submit') }).click();
  await expect(page.getByText(text('positionActions.close.done'))).toBeVisible();
  await expect.poll(async () => (await held()).quantity).toBe('0.06');
  await expect(positionCard(page).getByText('0.06', { exact: true })).toBeVisible();
});

test('a stop loss set with the order fires when the price falls to it, and the loss is the formula’s', async ({
  page,
}) => {
  test.slow();
  await placeOrder(page, { quantity: '0.1', stopLoss: '19800' });
  await expect(positionCard(page)).toHaveCount(1);
  const entry = (await held()).entry_price;

  await holdBtcAt('19800.00');
  await expect(positionCard(page)).toHaveCount(0, { timeout: 15_000 });
  const stop = (await orders()).find((order) => order.source === 'stop_loss');
  if (!stop?.avg_price) throw new Error('the stop loss did not close the position');
  expect(new Decimal(stop.realized_pnl).toFixed(8)).toBe(
    realizedPnl('long', '0.1', entry, stop.avg_price).toFixed(8),
  );
  expect(new Decimal(stop.realized_pnl).isNegative()).toBe(true);
});

test('auto-margin, switched on in its setting, adds auto_add % of the initial margin when the loss reaches deposit_rate % of the margin', async ({
  page,
}) => {
  test.slow();
  await page
    .getByRole('button', { name: new RegExp(text('positionActions.autoMargin.entry')) })
    .click();
  const setting = page.getByRole('dialog', { name: text('positionActions.autoMargin.title') });
  await setting.getByRole('switch').click();
  await setting
    .getByRole('textbox', { name: text('positionActions.autoMargin.depositRate') })
    .fill('50');
  await setting
    .getByRole('textbox', { name: text('positionActions.autoMargin.autoAdd') })
    .fill('25');
  await setting.getByRole('button', { name: text('positionActions.autoMargin.submit') }).click();
  await expect(page.getByText(text('positionActions.autoMargin.saved'))).toBeVisible();

  await placeOrder(page, { quantity: '0.1' });
  const opened = await held();
  const initial = initialMargin('0.1', opened.entry_price, leverage());
  expect(new Decimal(opened.margin).toFixed(8)).toBe(initial.toFixed(8));

  // a loss of just over half the margin: 0.1 × (entry − price) > margin ÷ 2
  const drop = new Decimal(opened.entry_price)
    .minus(initial.dividedBy(2).dividedBy('0.1'))
    .minus(1);
  await holdBtcAt(drop.toDecimalPlaces(2, Decimal.ROUND_DOWN));
  const topped = initial.plus(initial.times('0.25'));
  await expect
    .poll(async () => new Decimal((await held()).margin).toFixed(8), { timeout: 15_000 })
    .toBe(topped.toFixed(8));
  await expect(positionCard(page).getByText(grouped(topped), { exact: true })).toBeVisible();
});

test('a position is liquidated when the price reaches its liquidation price, and leaves the list', async ({
  page,
}) => {
  test.slow();
  await placeOrder(page, { quantity: '0.1' });
  const opened = await held();
  const liquidation = liquidationPrice({
    direction: 'long',
    qty: opened.quantity,
    entry: opened.entry_price,
    margin: opened.margin,
    maintenanceRate: BTC_TERMS.maintenance_margin_rate,
  });
  await expect(positionCard(page).getByTestId('position-liquidation')).toHaveText(
    grouped(liquidation),
  );

  await holdBtcAt(liquidation.toDecimalPlaces(2, Decimal.ROUND_DOWN));
  await expect(positionCard(page)).toHaveCount(0, { timeout: 15_000 });
  expect((await orders()).filter((order) => order.source === 'liquidation')).toHaveLength(1);
});

test('margin added, then reduced by the most the dialog offers, which is what the formula allows', async ({
  page,
}) => {
  test.slow();
  await placeOrder(page, { quantity: '0.1' });
  const opened = await held();

  const add = await sheetOf(page, 'positionActions.margin.open', 'positionActions.margin.title');
  await add.getByRole('textbox', { name: text('positionActions.margin.amount') }).fill('80');
  await add.getByRole('button', { name: text('positionActions.margin.submit.add') }).click();
  await expect(page.getByText(text('positionActions.margin.added'))).toBeVisible();
  await expect(add).toBeHidden();
  const added = await held();
  expect(new Decimal(added.margin).minus(opened.margin).toFixed(2)).toBe('80.00');

  const most = maxReducibleMargin({
    direction: 'long',
    qty: added.quantity,
    entry: added.entry_price,
    margin: added.margin,
    leverage: leverage(),
    mark: '20000.00',
  });
  const reduce = await sheetOf(page, 'positionActions.margin.open', 'positionActions.margin.title');
  await reduce.getByRole('button', { name: text('positionActions.margin.actions.reduce') }).click();
  await expect(
    reduce.getByText(
      text('positionActions.margin.max.reduce').replace('{{amount}}', grouped(most)),
    ),
  ).toBeVisible();
  await reduce.getByRole('button', { name: text('positionActions.margin.useMax') }).click();
  await reduce.getByRole('button', { name: text('positionActions.margin.submit.reduce') }).click();
  await expect(page.getByText(text('positionActions.margin.reduced'))).toBeVisible();
  const reduced = await held();
  expect(new Decimal(added.margin).minus(reduced.margin).toFixed(8)).toBe(most.toFixed(8));
});

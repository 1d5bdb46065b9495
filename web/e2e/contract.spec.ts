import { liquidationPrice, realizedPnl, tradeFee, unrealizedPnl } from '@bourse/formulas';
import Decimal from 'decimal.js';
import { PATHS } from '../src/shared/routing/paths.ts';
import {
  BTC,
  BTC_TERMS,
  grouped,
  held,
  holdBtcAt,
  openContract,
  orderRequests,
  orders,
  seesBtcAt,
  TRADER,
} from './contract-support.ts';
import { control, expect, scenarioUser, signInByApi, test, text } from './support.ts';

// The contract page against the mock's engine, driven by the control API's prices: what the page
// shows before and after an order is what the engine books, to the cent FORMULAS.md computes.

const NEWCOMER = scenarioUser('fresh-user');

test.describe('a verified trader', () => {
  test.beforeEach(async ({ page }) => {
    await control.reset('verified-trader');
    await holdBtcAt('20000.00');
    await signInByApi(page, TRADER);
  });

  test('opens a long at market with a take profit, sees its PnL move with the price, the TP fires, and the fund flow shows the realised PnL and fees to the cent', async ({
    page,
  }) => {
    test.slow();
    const requests = orderRequests(page);
    await openContract(page);
    await seesBtcAt(page, '20000.00');

    await page.getByRole('textbox', { name: text('contract.form.quantity') }).fill('0.05');
    await page.getByRole('switch', { name: text('contract.form.takeProfit') }).check();
    await page.getByRole('textbox', { name: text('contract.form.takeProfitPrice') }).fill('20900');
    await page.getByTestId('order-submit').click();
    const sheet = page.getByRole('dialog', {
      name: text('contract.confirm.title').replace('{{action}}', text('contract.action.open_long')),
    });
    // the take profit is printed as every other price is
    await expect(sheet.getByTestId('order-confirm')).toContainText(
      `${text('contract.form.takeProfit')}${grouped('20900')}`,
    );
    // a double tap on the confirmation places one order
    await sheet.getByRole('button', { name: text('contract.confirm.place') }).dblclick();
    await expect(page.getByText(text('contract.order.placed'))).toBeVisible();
    // the form is emptied for the next order: quantity, and the take profit with it
    await expect(page.getByRole('textbox', { name: text('contract.form.quantity') })).toHaveValue(
      '',
    );
    await expect(
      page.getByRole('switch', { name: text('contract.form.takeProfit') }),
    ).not.toBeChecked();
    await expect(
      page.getByRole('textbox', { name: text('contract.form.takeProfitPrice') }),
    ).toHaveCount(0);

    const card = page.getByTestId('position');
    await expect(card).toHaveCount(1);
    const [open] = (await orders()).filter((order) => order.side === 'buy');
    if (!open?.avg_price) throw new Error('the long did not fill');
    expect(open.status).toBe('filled');
    expect(new Set(requests).size).toBe(1);
    expect((await orders()).filter((order) => order.source === 'user')).toHaveLength(1);

    // The price moves: the card's PnL is the formula's at the new mark.
    await holdBtcAt('20500.00');
    const pnlAt = unrealizedPnl('long', '0.05', open.avg_price, '20500.00');
    await expect(card.getByTestId('position-pnl')).toHaveText(grouped(pnlAt));

    // The take profit fires once the price reaches it: the position closes.
    await holdBtcAt('21000.00');
    await expect(card).toHaveCount(0, { timeout: 15_000 });
    const close = (await orders()).find((order) => order.source === 'take_profit');
    if (!close?.avg_price) throw new Error('the take profit did not close the position');

    // What FORMULAS.md computes for these fills, and the engine booked the same.
    const openFee = tradeFee('0.05', open.avg_price, open.fee_rate);
    const closeFee = tradeFee('0.05', close.avg_price, close.fee_rate);
    const realised = realizedPnl('long', '0.05', open.avg_price, close.avg_price);
    expect(new Decimal(open.fee).toFixed(2)).toBe(openFee.toFixed(2));
    expect(new Decimal(close.fee).toFixed(2)).toBe(closeFee.toFixed(2));
    expect(new Decimal(close.realized_pnl).toFixed(2)).toBe(realised.toFixed(2));

    // The fund flow shows them to the cent.
    await page.goto(PATHS.assetsLog);
    const flows = page.locator('main');
    await expect(
      flows.getByText(text('funds.flow.realized_pnl')).filter({ visible: true }).first(),
    ).toBeVisible();
    await expect(flows.getByText(`+${grouped(realised)}`).first()).toBeVisible();
    await expect(flows.getByText(`-${grouped(openFee)}`).first()).toBeVisible();
    await expect(flows.getByText(`-${grouped(closeFee)}`).first()).toBeVisible();
  });

  test('manages an open long from its card: the TP/SL dialog sets a take profit that fires, added margin moves the liquidation price to the formula’s, and part of it closes at market', async ({
    page,
  }) => {
    test.slow();
    await openContract(page);
    await seesBtcAt(page, '20000.00');
    await page.getByRole('textbox', { name: text('contract.form.quantity') }).fill('0.1');
    await page.getByTestId('order-submit').click();
    await page
      .getByRole('dialog', {
        name: text('contract.confirm.title').replace(
          '{{action}}',
          text('contract.action.open_long'),
        ),
      })
      .getByRole('button', { name: text('contract.confirm.place') })
      .click();
    const card = page.getByTestId('position');
    await expect(card).toHaveCount(1);
    const symbol = BTC.symbol;

    // Take profit and stop loss, from the card's dialog.
    await card.getByRole('button', { name: text('positionActions.takeStop.open') }).click();
    const takeStop = page.getByRole('dialog', {
      name: text('positionActions.takeStop.title').replace('{{symbol}}', symbol),
    });
    await takeStop
      .getByRole('textbox', { name: text('positionActions.takeStop.takeProfit') })
      .fill('20600');
    await takeStop.getByRole('button', { name: text('positionActions.takeStop.submit') }).click();
    await expect(page.getByText(text('positionActions.takeStop.done'))).toBeVisible();
    await expect(takeStop).toBeHidden();
    expect((await held()).take_profit).toBe('20600');

    // Margin added: the engine holds 50 more, and the card's liquidation price is the formula's.
    const before = await held();
    await card.getByRole('button', { name: text('positionActions.margin.open') }).click();
    const margin = page.getByRole('dialog', {
      name: text('positionActions.margin.title').replace('{{symbol}}', symbol),
    });
    await margin.getByRole('textbox', { name: text('positionActions.margin.amount') }).fill('50');
    await margin.getByRole('button', { name: text('positionActions.margin.submit.add') }).click();
    await expect(page.getByText(text('positionActions.margin.added'))).toBeVisible();
    const after = await held();
    expect(new Decimal(after.margin).minus(before.margin).toFixed(2)).toBe('50.00');
    const liquidation = liquidationPrice({
      direction: 'long',
      qty: after.quantity,
      entry: after.entry_price,
      margin: after.margin,
      maintenanceRate: BTC_TERMS.maintenance_margin_rate,
    });
    await expect(card.getByTestId('position-liquidation')).toHaveText(grouped(liquidation));

    // Part of it closed at market.
    await card.getByRole('button', { name: text('positionActions.close.open') }).click();
    const close = page.getByRole('dialog', {
      name: text('positionActions.close.title').replace('{{symbol}}', symbol),
    });
    await close.getByRole('textbox', { name: text('positionActions.close.quantity') }).fill('0.04');
    await close.getByRole('button', { name: text('positionActions.close.submit') }).click();
    await expect(page.getByText(text('positionActions.close.done'))).toBeVisible();
    await expect.poll(async () => (await held()).quantity).toBe('0.06');

    // The take profit set in the dialog fires on the rest.
    await holdBtcAt('20600.00');
    await expect(card).toHaveCount(0, { timeout: 15_000 });
    expect((await orders()).filter((order) => order.source === 'take_profit')).toHaveLength(1);
  });

  test('a quantity beyond the balance is refused next to the field, kept, and nothing is sent', async ({
    page,
  }) => {
    const requests = orderRequests(page);
    await openContract(page);
    const quantity = page.getByRole('textbox', { name: text('contract.form.quantity') });
    await quantity.fill('99');
    await page.getByTestId('order-submit').click();
    await expect(page.getByText(text('contract.errors.insufficient'))).toBeVisible();
    await expect(quantity).toHaveValue('99');
    expect(requests).toEqual([]);
  });
});

test('an unverified user on the real account is asked to verify before trading', async ({
  page,
}) => {
  await control.reset('fresh-user');
  await signInByApi(page, NEWCOMER);
  const requests = orderRequests(page);
  await openContract(page);

  await page.getByRole('textbox', { name: text('contract.form.quantity') }).fill('0.01');
  await page.getByTestId('order-submit').click();
  const prompt = page.getByRole('dialog', { name: text('contract.verify.title') });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: text('contract.verify.action') }).click();
  await expect(page).toHaveURL(new RegExp(`${PATHS.verified}$`));
  expect(requests).toEqual([]);
});

import { optionPayout, optionResultProfit } from '@bourse/formulas/options';
import { OPTION_DURATIONS } from '@bourse/fixtures';
import type { Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { PATHS } from '../src/shared/routing/paths.ts';
import { endpoints } from '@bourse/protocol';
import { randomUUID } from 'node:crypto';
import { BTC, grouped, holdBtcAt, traderClient, TRADER } from './contract-support.ts';
import {
  control,
  expect,
  keepOnDevice,
  seriousViolations,
  signInByApi,
  test,
  text,
} from './support.ts';

// The options page against the mock's options engine, driven by the control API's prices and
// clock: what a win, a loss and a tie pay is what the shared formulas compute, to the cent, and
// the page, the records and the detail show that.

const STAKE = '100';
/** The verified trader's real option account (fixtures/src/scenarios.ts). */
const START = '500.00';
const THIRTY_SECONDS = OPTION_DURATIONS[0];
if (THIRTY_SECONDS?.seconds !== 30) throw new Error('the duration table does not start at 30 s');
const RATE = THIRTY_SECONDS.payout_rate;

async function openOptions(page: Page, balance = START) {
  await page.goto(`${PATHS.options}?symbol=${BTC.id}`);
  await expect(page.getByRole('heading', { level: 1, name: text('options.title') })).toBeVisible();
  await expect(page.getByTestId('options-quote')).toContainText(grouped('20000.00'));
  await expect(page.getByTestId('options-balance')).toContainText(`${grouped(balance)} USDT`);
}

/** Buys one order of STAKE on the 30 s duration, double-tapping the confirmation. */
async function buy(page: Page, direction: 'up' | 'down') {
  await page.getByRole('textbox', { name: text('options.amount') }).fill(STAKE);
  const button = page.getByTestId(`buy-${direction}`);
  // the button says what a win pays back before the buy
  await expect(button).toContainText(grouped(optionPayout(STAKE, RATE)));
  await button.click();
  const sheet = page.getByRole('dialog', {
    name: text('options.confirm.title').replace(
      '{{direction}}',
      text(`options.direction.${direction}`),
    ),
  });
  await expect(sheet.getByText(text('options.rules.tie'))).toBeVisible();
  await expect(sheet.getByText(text('options.rules.void'))).toBeVisible();
  await sheet.getByRole('button', { name: text('options.confirm.buy'), exact: true }).dblclick();
  await expect(page.getByText(text('options.buy.placed')).first()).toBeVisible();
  await expect(page.getByTestId('running-order')).toHaveCount(1);
}

/** Moves the engine past the order's delivery; answers the order as the engine settled it. */
async function settle() {
  await control.advance(31_000);
  const { orders } = await control.options({ email: TRADER.email });
  expect(orders, 'a double tap bought once').toHaveLength(1);
  const [order] = orders;
  if (order?.status !== 'settled') throw new Error('the order did not settle');
  return order;
}

async function seesRecordAndDetail(page: Page, result: string, profit: string, payout: string) {
  await page.goto(`${PATHS.optionsLog}?tab=settled`);
  const record = page.getByTestId('option-record');
  await expect(record).toHaveCount(1);
  await expect(record).toContainText(text(`options.result.${result}`));
  await expect(record).toContainText(`${profit} USDT`);
  await record.click();
  await expect(page.getByTestId('detail-result')).toHaveText(text(`options.result.${result}`));
  await expect(page.getByTestId('detail-payout')).toHaveText(`${payout} USDT`);
  // the audit: the ticks around the entry and the exit, each with its decisive one
  await expect(page.getByTestId('audit-entry').locator('[aria-current="true"]')).toHaveCount(1);
  await expect(page.getByTestId('audit-exit').locator('[aria-current="true"]')).toHaveCount(1);
}
test.describe('options for a verified trader', () => {
  test.beforeEach(async ({ page }) => {
    await control.reset('verified-trader');
    await holdBtcAt('20000.00');
    await signInByApi(page, TRADER);
  });

  test('buys Up, the price rises, wins: paid to the cent, shown in the balance, records and detail', async ({
    page,
  }) => {
    test.slow();
    await openOptions(page);
    await buy(page, 'up');
    await expect(page.getByTestId('options-balance')).toContainText(
      grouped(new Decimal(START).minus(STAKE)),
    );

    await holdBtcAt('20100.00');
    // the running order's estimate follows the price: a win at 20 100, by the formula
    await expect(page.getByTestId('running-estimate')).toHaveText(
      `+${grouped(optionResultProfit('win', STAKE, RATE))} USDT`,
    );
    await expect(page.getByTestId('option-countdown')).toHaveText(/^0:[0-3]\d$/);
    const order = await settle();
    const payout = optionPayout(STAKE, RATE);
    expect(order.result).toBe('win');
    expect(new Decimal(order.payout).toFixed(2)).toBe(payout.toFixed(2));

    await expect(page.getByTestId('running-order')).toHaveCount(0);
    await expect(page.getByTestId('options-balance')).toContainText(
      `${grouped(new Decimal(START).minus(STAKE).plus(payout))} USDT`,
    );
    const profit = optionResultProfit('win', STAKE, RATE);
    await seesRecordAndDetail(page, 'win', `+${grouped(profit)}`, grouped(payout));
  });

  test('buys Down, the price rises, loses the stake', async ({ page }) => {
    test.slow();
    await openOptions(page);
    await buy(page, 'down');
    await holdBtcAt('20100.00');
    const order = await settle();
    expect(order.result).toBe('lose');
    expect(new Decimal(order.payout).toFixed(2)).toBe('0.00');
    await expect(page.getByTestId('running-order')).toHaveCount(0);
    await expect(page.getByTestId('options-balance')).toContainText(
      `${grouped(new Decimal(START).minus(STAKE))} USDT`,
    );
    await seesRecordAndDetail(page, 'lose', grouped(`-${STAKE}`), grouped(0));
  });

  test('a tie refunds the stake', async ({ page }) => {
    test.slow();
    await openOptions(page);
    await buy(page, 'up');
    const order = await settle();
    expect(order.result).toBe('draw');
    await expect(page.getByTestId('running-order')).toHaveCount(0);
    await expect(page.getByTestId('options-balance')).toContainText(`${grouped(START)} USDT`);
    await seesRecordAndDetail(page, 'draw', grouped(0), grouped(STAKE));
  });

  test('an option waiting for its start is cancelled from its detail, once, and the whole stake comes back', async ({
    page,
  }) => {
    const call = await traderClient(TRADER);
    const { server_time: now } = await call(endpoints.options.getSecondList, { symbol_id: BTC.id });
    const waiting = await call(endpoints.options.addOrder, {
      symbol_id: BTC.id,
      duration_id: '2',
      direction: 'up',
      amount: STAKE,
      request_id: randomUUID(),
      start_at: now + 3_600_000,
    });
    expect(waiting.status).toBe('ordering');
    await openOptions(page, new Decimal(START).minus(STAKE).toFixed(2));
    await page.getByTestId('running-order').click();
    await expect(
      page.getByRole('heading', { level: 1, name: text('options.detail.title') }),
    ).toBeVisible();
    await page.getByRole('button', { name: text('options.detail.cancel') }).click();
    const sheet = page.getByRole('dialog', { name: text('options.detail.cancelQuestion') });
    await sheet.getByRole('button', { name: text('options.detail.cancelConfirm') }).dblclick();
    await expect(page.getByText(text('options.detail.cancelled')).first()).toBeVisible();
    await expect(page.getByTestId('detail-result')).toHaveText(text('options.status.cancelled'));
    await expect(page.getByTestId('detail-payout')).toHaveText(`${grouped(STAKE)} USDT`);
    const { orders } = await control.options({ email: TRADER.email });
    expect(orders.map((order) => [order.status, order.payout])).toEqual([['cancelled', '100']]);
    await openOptions(page);
  });

  test('offline: Up and Down are off, and the page says since when its prices are stale', async ({
    page,
    context,
  }) => {
    await openOptions(page);
    await page.getByRole('textbox', { name: text('options.amount') }).fill(STAKE);
    await expect(page.getByTestId('buy-up')).toBeEnabled();
    await context.setOffline(true);
    await expect(page.getByTestId('buy-up')).toBeDisabled();
    await expect(page.getByTestId('buy-down')).toBeDisabled();
    await expect(page.getByText(text('market.live.offlineAction'))).toBeVisible();
    await expect(
      page.getByText(text('market.live.offline').split('{{time}}')[0] ?? '').first(),
    ).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('buy-up')).toBeEnabled();
  });

  for (const theme of ['day', 'night'] as const) {
    test(`${theme}: a running order's card and a settled order's detail pass axe`, async ({
      page,
    }) => {
      test.slow();
      await keepOnDevice(page, { theme });
      await openOptions(page);
      await buy(page, 'up');
      await expect(page.getByTestId('option-countdown')).toBeVisible();
      expect
        .soft(await seriousViolations(page), `options page with a running order (${theme})`)
        .toEqual([]);
      await holdBtcAt('20100.00');
      await settle();
      await seesRecordAndDetail(
        page,
        'win',
        `+${grouped(optionResultProfit('win', STAKE, RATE))}`,
        grouped(optionPayout(STAKE, RATE)),
      );
      expect.soft(await seriousViolations(page), `a settled order's detail (${theme})`).toEqual([]);
    });
  }
});

import AxeBuilder from '@axe-core/playwright';
import { SYMBOLS } from '@bourse/fixtures';
import { endpoints } from '@bourse/protocol';
import Decimal from 'decimal.js';
import { randomUUID } from 'node:crypto';
import { formatAmount } from '../src/shared/format/format.ts';
import { PATHS } from '../src/shared/routing/paths.ts';
import { BTC, holdBtcAt, traderClient } from './contract-support.ts';
import { control, expect, openApp, scenarioUser, signInByApi, test, text } from './support.ts';

const TRADER = scenarioUser('verified-trader');
const CRYPTO = SYMBOLS.find((symbol) => symbol.category === 'crypto');
if (!CRYPTO) throw new Error('the fixtures have no crypto symbol, which trades at any hour');

test.describe('the contract history', () => {
  test('lists an opened, partly closed and then closed long, and each detail form sums it to the cent', async ({
    page,
  }) => {
    await control.reset('verified-trader');
    const call = await traderClient();
    const info = await call(endpoints.contract.getContractInfo, { symbol_id: CRYPTO.id });
    const opened = await call(endpoints.contract.addOrder, {
      symbol_id: CRYPTO.id,
      side: 'buy',
      type: 'market',
      price: '',
      quantity: new Decimal(info.min_qty).times(2).toFixed(),
      leverage_id: info.leverage_id,
      take_profit: '',
      stop_loss: '',
      reduce_only: false,
      request_id: randomUUID(),
    });
    const positionId = opened.position_id ?? '';
    const part = await call(endpoints.contract.partStop, {
      position_id: positionId,
      quantity: info.min_qty,
      request_id: randomUUID(),
    });
    const closed = await call(endpoints.contract.allStop, {
      symbol_id: CRYPTO.id,
      request_id: randomUUID(),
    });
    const [close] = closed.list;
    expect(close?.position_id).toBe(positionId);

    await signInByApi(page, TRADER);
    await openApp(page, PATHS.contractLog);
    await expect(
      page.getByRole('heading', { level: 1, name: text('contractLog.title') }),
    ).toBeVisible();
    const orders = page.getByRole('list', { name: text('contractLog.tabs.orders') });
    await expect(orders.getByRole('listitem')).toHaveCount(3);
    await expect(orders.getByText(text('contractLog.status.completed'))).toHaveCount(2);
    await expect(orders.getByText(text('contractLog.status.closed'))).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
      [],
    );

    // the order's own form
    await orders
      .getByRole('link')
      .filter({ hasText: text('contractLog.actions.open_long') })
      .click();
    await expect(page).toHaveURL(new RegExp(`\\?id=${opened.id}$`));
    await expect(page.getByText(opened.order_no)).toBeVisible();

    // the positions tab: the close, then the position's form
    await page.goto(`${PATHS.contractLog}?tab=positions`);
    const positions = page.getByRole('list', { name: text('contractLog.tabs.positions') });
    await expect(positions.getByRole('listitem')).toHaveCount(2);
    await positions.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`\\?id=${positionId}$`));
    // what the closes realised and every fee the position paid, summed, as the app writes money
    const pnl = formatAmount(new Decimal(close?.realized_pnl ?? '0').plus(part.order.realized_pnl));
    const fees = new Decimal(opened.fee).plus(close?.fee ?? '0').plus(part.order.fee);
    const card = page.locator('article');
    await expect(card.locator('.adm-tag')).toHaveText(text('contractDetail.closed'));
    await expect(card).toContainText(`${pnl} USDT`);
    await expect(card).toContainText(`${formatAmount(fees)} USDT`);
    await expect(card).toContainText(text('contractDetail.source.user'));
  });

  test('a position’s form says it opened when its limit order filled, hours after it was placed', async ({
    page,
  }) => {
    await control.reset('verified-trader');
    // the engine's time stands still but for the moves below: the fill and the close share a minute
    await control.clock({ action: 'freeze' });
    try {
      await holdBtcAt('20000.00');
      await control.advance(1000);
      const call = await traderClient();
      const info = await call(endpoints.contract.getContractInfo, { symbol_id: BTC.id });
      const placed = await call(endpoints.contract.addOrder, {
        symbol_id: BTC.id,
        side: 'buy',
        type: 'limit',
        price: '19000',
        quantity: info.min_qty,
        leverage_id: info.leverage_id,
        take_profit: '',
        stop_loss: '',
        reduce_only: false,
        request_id: randomUUID(),
      });
      expect(placed.status).toBe('pending');
      // three hours on, the price reaches it: the position opens, and is closed at once
      await control.advance(3 * 3_600_000);
      await holdBtcAt('18900.00');
      await control.advance(1000);
      const closed = await call(endpoints.contract.allStop, {
        symbol_id: BTC.id,
        request_id: randomUUID(),
      });
      const positionId = closed.list[0]?.position_id ?? '';

      await signInByApi(page, TRADER);
      await openApp(page, `${PATHS.contractDetail1}?id=${positionId}`);
      const card = page.locator('article');
      await expect(card.locator('.adm-tag')).toHaveText(text('contractDetail.closed'));
      const valueOf = (label: string) =>
        card
          .locator('div')
          .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
          .getByRole('definition');
      const closedAt = await valueOf(text('contractDetail.closedAt')).textContent();
      await expect(valueOf(text('contractDetail.openedAt'))).toHaveText(closedAt ?? '');
    } finally {
      await control.clock({ action: 'resume' });
    }
  });
});

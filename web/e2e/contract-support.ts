import { contractTermsOf, SYMBOLS } from '@bourse/fixtures';
import { endpoints, type Endpoint, type RequestOf, type ResponseOf } from '@bourse/protocol';
import { createNodeCodec } from '@bourse/protocol/codec/node';
import type { Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { randomUUID } from 'node:crypto';
import { createApiClient } from '../src/shared/api/client.ts';
import { PATHS } from '../src/shared/routing/paths.ts';
import { baseURL, control, expect, scenarioUser, text } from './support.ts';

// What the contract specs share: BTC held at a price through the control API, the engine's
// orders and the trader's position as the mock keeps them, and the order form driven as a user.

export const TRADER = scenarioUser('verified-trader');

const found = SYMBOLS.find((symbol) => symbol.display === 'BTC/USDT');
if (!found) throw new Error('the fixtures have no BTC/USDT');
export const BTC = found;

const terms = contractTermsOf(BTC.id);
if (!terms) throw new Error('no contract terms for BTC');
export const BTC_TERMS = terms;

export interface OrderRow {
  user_id: string;
  side: 'buy' | 'sell';
  source: string;
  status: string;
  quantity: string;
  avg_price: string | null;
  fee: string;
  fee_rate: string;
  realized_pnl: string;
}

/** The engine's orders, oldest first. */
export async function orders(): Promise<OrderRow[]> {
  const state = (await control.exportState()) as unknown as { contracts: { orders: OrderRow[] } };
  return state.contracts.orders;
}

/** The trader's open position as the engine keeps it. */
export async function held(email = TRADER.email) {
  const { positions } = await control.contracts({ email });
  const open = positions.find((position) => position.closed_at === null);
  if (!open) throw new Error('no open position');
  return open;
}

/** The addOrder requests the page sent, with their request ids. */
export function orderRequests(page: Page): string[] {
  const ids: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== endpoints.contract.addOrder.path) return;
    const body = (request.postDataJSON() ?? {}) as Record<string, unknown>;
    ids.push(String(body['request_id']));
  });
  return ids;
}

/** BTC held at a price: paused, so that the engine and the page see exactly this price. */
export async function holdBtcAt(price: Decimal.Value) {
  await control.pauseMarket({ symbol_id: BTC.id });
  await control.setPrice({ symbol_id: BTC.id, price: new Decimal(price).toFixed(2) });
}

/** An amount as the page shows it: 2 decimals, thousands grouped. */
export const grouped = (value: Decimal.Value) =>
  new Decimal(value).toFixed(2, Decimal.ROUND_HALF_UP).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export async function openContract(page: Page) {
  await page.goto(`${PATHS.contract}?symbol=${BTC.id}`);
  await expect(page.getByRole('heading', { level: 1, name: text('contract.title') })).toBeVisible();
  // the symbol's contract info is in: the leverage shows its multiple
  await expect(page.getByRole('button', { name: /\d+×/ })).toBeEnabled();
}

/**
 * Waits for the contract page to show BTC at the price the control API set: what the form
 * reckons with (its quote, its checks) is that price from then on, not the one before.
 */
export async function seesBtcAt(page: Page, price: Decimal.Value) {
  await expect(
    page.getByTestId('contract-quote'),
    `the page shows BTC at ${grouped(price)}, the price the control API set`,
  ).toContainText(grouped(price));
}

export interface OrderInput {
  side?: 'long' | 'short';
  type?: 'market' | 'limit';
  price?: string;
  quantity: string;
  takeProfit?: string;
  stopLoss?: string;
}

/** Fills the order form as a user would and confirms it; answers once the page says it is placed. */
export async function placeOrder(page: Page, order: OrderInput) {
  const form = page.getByRole('form', { name: text('contract.form.title') });
  const side = order.side ?? 'long';
  await form.getByRole('button', { name: text(`contract.form.${side}`) }).click();
  await form.getByRole('button', { name: text(`contract.type.${order.type ?? 'market'}`) }).click();
  if (order.price !== undefined) {
    await form.getByRole('textbox', { name: text('contract.form.price') }).fill(order.price);
  }
  await form.getByRole('textbox', { name: text('contract.form.quantity') }).fill(order.quantity);
  if (order.takeProfit !== undefined) {
    await form.getByRole('switch', { name: text('contract.form.takeProfit') }).check();
    await form
      .getByRole('textbox', { name: text('contract.form.takeProfitPrice') })
      .fill(order.takeProfit);
  }
  if (order.stopLoss !== undefined) {
    await form.getByRole('switch', { name: text('contract.form.stopLoss') }).check();
    await form
      .getByRole('textbox', { name: text('contract.form.stopLossPrice') })
      .fill(order.stopLoss);
  }
  await page.getByTestId('order-submit').click();
  const action = `contract.action.open_${side}`;
  const sheet = page.getByRole('dialog', {
    name: text('contract.confirm.title').replace('{{action}}', text(action)),
  });
  await expect(sheet, 'the confirmation sheet opens: the form refused nothing').toBeVisible();
  await sheet.getByRole('button', { name: text('contract.confirm.place') }).click();
  await expect(page.getByText(text('contract.order.placed')).first()).toBeVisible();
}

/** The trader's own calls, signed and encrypted as the app sends them. */
export async function traderClient(user: { email: string; password: string } = TRADER) {
  const client = createApiClient({
    baseUrl: baseURL,
    codec: createNodeCodec(),
    logger: { error: () => undefined },
  });
  const credentials = { uuid: randomUUID(), token: null as string | null, language: 'en' as const };
  const { token } = await client.call(
    endpoints.auth.login,
    { account: user.email, area_code: '', password: user.password },
    credentials,
  );
  credentials.token = token;
  return <E extends Endpoint>(endpoint: E, body: RequestOf<E>): Promise<ResponseOf<E>> =>
    client.call(endpoint, body, credentials);
}

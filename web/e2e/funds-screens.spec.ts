import AxeBuilder from '@axe-core/playwright';
import { endpoints } from '@bourse/protocol';
import type { Page } from '@playwright/test';
import { PATHS } from '../src/shared/routing/paths.ts';
import { control, expect, scenarioUser, signInByApi, test, text } from './support.ts';

// The money screens against the contracts themselves: every /api/account/* call answered with
// its catalogue example (the mock's ledger serves them in a later step), so the screens' ready
// states, their checks and the one-request-per-intent rule are seen in a real browser.

const TRADER = scenarioUser('verified-trader');

interface Sent {
  path: string;
  body: Record<string, unknown>;
}

/** Answers every account call with its example, the money calls after `delayMs`. */
async function stubAccountCalls(page: Page, delayMs = 400): Promise<Sent[]> {
  const sent: Sent[] = [];
  await page.route('**/api/account/*', async (route) => {
    const path = new URL(route.request().url()).pathname;
    const endpoint = Object.values(endpoints.account).find((one) => one.path === path);
    sent.push({ path, body: (route.request().postDataJSON() ?? {}) as Record<string, unknown> });
    if (endpoint?.loading) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({ json: { code: 200, msg: '', data: endpoint?.example.response ?? null } });
  });
  return sent;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

test.beforeEach(async ({ page }) => {
  await control.reset('verified-trader');
  await signInByApi(page, TRADER);
});

test('a double tap on Transfer moves money once; the next transfer is a new intent', async ({
  page,
}) => {
  const sent = await stubAccountCalls(page);
  await page.goto(PATHS.transfer);
  await expect(page.getByText(text('funds.availableAmount').split(':')[0] ?? '')).toBeVisible();

  const amount = page.getByRole('textbox', { name: text('funds.transfer.amount') });
  const submit = page.getByRole('button', { name: text('funds.transfer.submit') });
  await amount.fill('10');
  await submit.dblclick();
  await expect(page.getByText(text('funds.transfer.done'))).toBeVisible();
  await amount.fill('10');
  await submit.click();
  await expect
    .poll(() => sent.filter((one) => one.path === endpoints.account.transfer.path).length)
    .toBe(2);

  const ids = sent
    .filter((one) => one.path === endpoints.account.transfer.path)
    .map((one) => one.body['request_id']);
  expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(ids[1]).not.toBe(ids[0]);
});

test('the deposit shows its address as a QR code, refuses an amount under the minimum next to the field, and passes axe', async ({
  page,
}) => {
  const sent = await stubAccountCalls(page);
  await page.goto(PATHS.recharge);
  await expect(
    page.getByRole('img', { name: text('funds.deposit.qrLabel').replace('{{network}}', 'TRC20') }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const amount = page.getByRole('textbox', { name: text('funds.deposit.amount') });
  await amount.fill('1');
  await page.getByRole('button', { name: text('funds.deposit.submit') }).click();

  await expect(page.getByText(text('funds.errors.belowMin'))).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveValue('1');
  expect(sent.filter((one) => one.path === endpoints.account.addRech.path)).toEqual([]);
});

test('the withdrawal shows the fee and the amount received, and passes axe', async ({ page }) => {
  await stubAccountCalls(page);
  await page.goto(PATHS.withdraw);
  await page.getByRole('textbox', { name: text('funds.withdraw.amount') }).fill('100');

  await expect(page.getByText('1.00 USDT')).toBeVisible();
  await expect(page.getByText('99.00 USDT')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

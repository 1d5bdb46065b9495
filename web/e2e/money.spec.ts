import AxeBuilder from '@axe-core/playwright';
import { endpoints } from '@bourse/protocol';
import Decimal from 'decimal.js';
import type { Page } from '@playwright/test';
import { PATHS } from '../src/shared/routing/paths.ts';
import {
  control,
  expect,
  expectLanded,
  openApp,
  register,
  scenarioUser,
  signInByApi,
  test,
  text,
} from './support.ts';

// The money screens against the mock's ledger: what the user taps is what the ledger books, once
// per intent, and every cent reconciles.

const TRADER = scenarioUser('verified-trader');
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** The money calls the page sent (a double tap must not send two intents). */
function moneyCalls(page: Page): { path: string; requestId: unknown }[] {
  const sent: { path: string; requestId: unknown }[] = [];
  const paths = new Set<string>([
    endpoints.account.addRech.path,
    endpoints.account.transfer.path,
    endpoints.account.addCash.path,
  ]);
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!paths.has(pathname)) return;
    const body = (request.postDataJSON() ?? {}) as Record<string, unknown>;
    sent.push({ path: pathname, requestId: body['request_id'] });
  });
  return sent;
}

/** The trader's ledger as the mock holds it: every transaction balanced, and the user's sums. */
async function ledger(userId: string, mode: 'real' | 'demo' = 'real') {
  const state = (await control.exportState()) as unknown as {
    ledger: { transactions: { kind: string; postings: { account: string; amount: string }[] }[] };
    deposits: unknown[];
    withdrawals: unknown[];
  };
  const unbalanced = state.ledger.transactions.filter(
    (tx) => !tx.postings.reduce((sum, p) => sum.plus(p.amount), new Decimal(0)).isZero(),
  );
  const balance = (account: string) =>
    state.ledger.transactions
      .flatMap((tx) => tx.postings)
      .filter((p) => p.account === `user:${userId}:${mode}:${account}`)
      .reduce((sum, p) => sum.plus(p.amount), new Decimal(0))
      .toFixed(2);
  const kinds = state.ledger.transactions
    .filter((tx) => tx.postings.some((p) => p.account.startsWith(`user:${userId}:`)))
    .map((tx) => tx.kind);
  return { unbalanced, balance, kinds, state };
}

async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

/** A user's id in the mock (the signed-in trader's unless told). */
async function traderId(email: string = TRADER.email): Promise<string> {
  const id = (await control.state()).users.find((user) => user.email === email)?.user_id;
  if (id === undefined) throw new Error(`no user ${email}`);
  return id;
}

/** A 1×1 PNG: the app compresses it to a JPEG before it goes up. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Flips the account switch on the personal centre, through its confirmation. */
async function switchAccount(page: Page, to: 'demo' | 'real') {
  await openApp(page, PATHS.user);
  await page.getByRole('switch', { name: text('user.account.demoSwitch') }).click();
  const sheet = page.getByRole('dialog', {
    name: text(to === 'demo' ? 'accountSwitch.toDemo' : 'accountSwitch.toReal'),
  });
  await sheet
    .getByRole('button', {
      name: text(to === 'demo' ? 'accountSwitch.confirmDemo' : 'accountSwitch.confirmReal'),
      exact: true,
    })
    .click();
  await expect(
    page.getByText(text(to === 'demo' ? 'accountSwitch.nowDemo' : 'accountSwitch.nowReal')),
  ).toBeVisible();
}

/** Opens the deposit screen and waits out the exclusive account being obtained. */
async function depositAddressReady(page: Page) {
  await openApp(page, PATHS.recharge);
  await expect(page.getByText(text('funds.deposit.obtainingTitle'))).toBeVisible();
  // the back office's delay passes; the Notice push brings the address without a tap
  await control.advance(60_000);
  await expect(
    page.getByRole('img', { name: text('funds.deposit.qrLabel').replace('{{network}}', 'TRC20') }),
  ).toBeVisible();
}

test('a new user signs up, verifies, binds, deposits, transfers and withdraws in the browser, and every cent reconciles', async ({
  page,
}) => {
  test.slow();
  const newcomer = { email: 'new.saver@example.com', password: 'Trade2026x' };
  await control.reset('empty');
  await register(page, newcomer);
  await expectLanded(page);
  const userId = await traderId(newcomer.email);

  // Identity: the form with a photo, then the back office approves it.
  await openApp(page, PATHS.verified);
  await page.getByRole('textbox', { name: text('verified.fields.name') }).fill('New Saver');
  await page.getByRole('textbox', { name: text('verified.fields.id_number') }).fill('X7654321');
  await page.getByRole('textbox', { name: text('verified.fields.phone') }).fill('4155550123');
  await page.getByRole('textbox', { name: text('verified.fields.birth_date') }).fill('1991-02-03');
  await page
    .getByLabel(text('verified.photoPick'))
    .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: text('verified.photoAlt') })).toBeVisible();
  await page.getByRole('button', { name: text('verified.submit') }).click();
  await expect(page.getByText(text('verified.status.pending'))).toBeVisible();
  await control.decideIdentity({ email: newcomer.email, decision: 'approve' });

  // A USDT wallet to withdraw to.
  await openApp(page, PATHS.bindUsdt);
  await page.getByRole('textbox', { name: text('bindUsdt.address') }).fill(TRON);
  await page.getByRole('button', { name: text('bindUsdt.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`${PATHS.bind}$`));

  // 500 USDT deposited and approved.
  await depositAddressReady(page);
  await page.getByRole('textbox', { name: text('funds.deposit.amount') }).fill('500');
  await page.getByRole('textbox', { name: text('funds.deposit.txHash') }).fill('cd'.repeat(32));
  await page.getByRole('button', { name: text('funds.deposit.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`${PATHS.rechargeLog}$`));
  const [deposit] = await control.deposits();
  if (!deposit) throw new Error('no deposit');
  await control.reviewDeposit({ id: deposit.id, decision: 'approve' });
  await expect(page.getByText(text('funds.deposit.status.approved')).first()).toBeVisible();

  // 200 to the contract account.
  await openApp(page, PATHS.transfer);
  await page.getByRole('textbox', { name: text('funds.transfer.amount') }).fill('200');
  await page.getByRole('button', { name: text('funds.transfer.submit') }).click();
  await expect(page.getByText(text('funds.transfer.done'))).toBeVisible();

  // 100 withdrawn: approved, then paid out.
  await openApp(page, PATHS.withdraw);
  await page.getByRole('textbox', { name: text('funds.withdraw.amount') }).fill('100');
  await page
    .getByRole('textbox', { name: text('funds.withdraw.password') })
    .fill(newcomer.password);
  await page.getByRole('button', { name: text('funds.withdraw.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`${PATHS.withdrawLog}$`));
  const withdrawal = (await ledger(userId)).state.withdrawals.at(-1) as { id: string } | undefined;
  if (!withdrawal) throw new Error('no withdrawal');
  await control.reviewWithdrawal({ id: withdrawal.id, decision: 'approve' });
  await control.payWithdrawal({ id: withdrawal.id });
  await expect(page.getByText(text('funds.withdraw.status.paid')).first()).toBeVisible();

  // 500 in, 100 out (its 1 % fee within): 200 on each of the fund and contract accounts.
  const books = await ledger(userId);
  expect(books.unbalanced).toEqual([]);
  expect(books.balance('fund:available')).toBe('200.00');
  expect(books.balance('fund:frozen')).toBe('0.00');
  expect(books.balance('contract:available')).toBe('200.00');
  await openApp(page, PATHS.assets);
  await expect(page.getByText('200.00').first()).toBeVisible();
});

test.describe('the verified trader', () => {
  test.beforeEach(async ({ page }) => {
    await control.reset('verified-trader');
    await signInByApi(page, TRADER);
  });

  test('deposit, approval, transfer and a rejected withdrawal, each tapped twice, move money once and reconcile', async ({
    page,
  }) => {
    test.slow();
    const sent = moneyCalls(page);
    const userId = (await control.state()).users.find(
      (user) => user.email === TRADER.email,
    )?.user_id;
    if (userId === undefined) throw new Error('no trader');
    const before = await ledger(userId);

    // Deposit 500 USDT: a double tap declares it once, and the records show it under review.
    await depositAddressReady(page);
    await page.getByRole('textbox', { name: text('funds.deposit.amount') }).fill('500');
    await page.getByRole('textbox', { name: text('funds.deposit.txHash') }).fill('ab'.repeat(32));
    await page.getByRole('button', { name: text('funds.deposit.submit') }).dblclick();
    await expect(page).toHaveURL(new RegExp(`${PATHS.rechargeLog}$`));
    const deposits = await control.deposits();
    expect(deposits).toHaveLength(1);
    const [deposit] = deposits;
    if (!deposit) throw new Error('no deposit');

    // The back office approves: the record says so (the Funds push), and 500 is on the fund account.
    await control.reviewDeposit({ id: deposit.id, decision: 'approve' });
    await expect(page.getByText(text('funds.deposit.status.approved')).first()).toBeVisible();

    // Transfer 200 from the fund to the contract account, tapped twice.
    await openApp(page, PATHS.transfer);
    await page.getByRole('textbox', { name: text('funds.transfer.amount') }).fill('200');
    await page.getByRole('button', { name: text('funds.transfer.submit') }).dblclick();
    await expect(page.getByText(text('funds.transfer.done'))).toBeVisible();

    // Bind a wallet, then withdraw 100 USDT to it, tapped twice: frozen under review.
    await openApp(page, PATHS.bindUsdt);
    await page.getByRole('textbox', { name: text('bindUsdt.address') }).fill(TRON);
    await page.getByRole('button', { name: text('bindUsdt.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`${PATHS.bind}$`));
    await openApp(page, PATHS.withdraw);
    await page.getByRole('textbox', { name: text('funds.withdraw.amount') }).fill('100');
    await page
      .getByRole('textbox', { name: text('funds.withdraw.password') })
      .fill(TRADER.password);
    await page.getByRole('button', { name: text('funds.withdraw.submit') }).dblclick();
    await expect(page).toHaveURL(new RegExp(`${PATHS.withdrawLog}$`));
    const frozen = await ledger(userId);
    expect(frozen.balance('fund:frozen')).toBe('100.00');

    // The back office rejects it with a reason: the record shows the reason, the money is back.
    const withdrawal = frozen.state.withdrawals.at(-1) as { id: string } | undefined;
    if (!withdrawal) throw new Error('no withdrawal');
    await control.reviewWithdrawal({
      id: withdrawal.id,
      decision: 'reject',
      reason: 'Payout address under review',
    });
    await expect(page.getByText('Payout address under review')).toBeVisible();

    // Each intent went out once (a double tap sends one request id), and the ledger holds it all.
    expect(sent.map((call) => call.path)).toEqual([
      endpoints.account.addRech.path,
      endpoints.account.transfer.path,
      endpoints.account.addCash.path,
    ]);
    expect(new Set(sent.map((call) => call.requestId)).size).toBe(3);
    const after = await ledger(userId);
    expect(after.unbalanced).toEqual([]);
    expect(after.kinds.slice(before.kinds.length)).toEqual([
      'deposit',
      'transfer_out',
      'withdraw',
      'withdraw_refund',
    ]);
    const plus = (value: string, delta: number) => new Decimal(value).plus(delta).toFixed(2);
    expect(after.balance('fund:available')).toBe(plus(before.balance('fund:available'), 300));
    expect(after.balance('fund:frozen')).toBe('0.00');
    expect(after.balance('contract:available')).toBe(
      plus(before.balance('contract:available'), 200),
    );

    // The assets screen shows the ledger's numbers.
    await openApp(page, PATHS.assets);
    const grouped = (value: string) => value.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    await expect(page.getByText(grouped(after.balance('fund:available'))).first()).toBeVisible();
  });

  test('the deposit refuses an amount under the minimum next to the field, sends nothing, and passes axe', async ({
    page,
  }) => {
    const sent = moneyCalls(page);
    await depositAddressReady(page);
    expect(await seriousViolations(page)).toEqual([]);

    const amount = page.getByRole('textbox', { name: text('funds.deposit.amount') });
    await amount.fill('1');
    await page.getByRole('button', { name: text('funds.deposit.submit') }).click();

    await expect(page.getByText(text('funds.errors.belowMin'))).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveValue('1');
    expect(sent).toEqual([]);
  });

  test('the withdrawal shows the fee and the amount received, and passes axe', async ({ page }) => {
    await openApp(page, PATHS.bindUsdt);
    await page.getByRole('textbox', { name: text('bindUsdt.address') }).fill(TRON);
    await page.getByRole('button', { name: text('bindUsdt.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`${PATHS.bind}$`));
    await openApp(page, PATHS.withdraw);
    await page.getByRole('textbox', { name: text('funds.withdraw.amount') }).fill('100');

    await expect(page.getByText('1.00 USDT')).toBeVisible();
    await expect(page.getByText('99.00 USDT')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the account switch asks first; on demo every money screen says so, and play money is topped up once a double tap', async ({
    page,
  }) => {
    const userId = await traderId();
    const before = await ledger(userId, 'demo');
    const realBefore = (await ledger(userId)).balance('fund:available');
    await switchAccount(page, 'demo');
    await openApp(page, PATHS.assets);
    const mark = page
      .getByRole('banner')
      .getByText(text('common.accountMode.demo'), { exact: true });
    await expect(mark).toBeVisible();
    await page.getByRole('button', { name: /^Top up .* USDT of demo funds$/ }).dblclick();
    await expect(page.getByText(text('funds.assets.toppedUp'))).toBeVisible();
    const after = await ledger(userId, 'demo');
    expect(after.balance('fund:available')).toBe(
      new Decimal(before.balance('fund:available')).plus(10_000).toFixed(2),
    );
    expect(after.unbalanced).toEqual([]);
    // the real fund did not move
    expect((await ledger(userId)).balance('fund:available')).toBe(realBefore);

    // in the header, or above the form where the header holds the way to the records
    for (const path of [PATHS.transfer, PATHS.recharge, PATHS.withdraw, PATHS.assetsLog]) {
      await openApp(page, path);
      await expect(
        page.getByText(text('common.accountMode.demo'), { exact: true }).first(),
      ).toBeVisible();
    }

    await switchAccount(page, 'real');
    await openApp(page, PATHS.assets);
    await expect(
      page.getByRole('banner').getByText(text('common.accountMode.real'), { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /of demo funds$/ })).toHaveCount(0);
  });
});

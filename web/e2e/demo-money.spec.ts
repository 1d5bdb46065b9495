import { endpoints } from '@bourse/protocol';
import Decimal from 'decimal.js';
import type { Page } from '@playwright/test';
import { PATHS } from '../src/shared/routing/paths.ts';
import {
  control,
  expect,
  keepOnDevice,
  openApp,
  scenarioUser,
  signInByApi,
  test,
  text,
  type Language,
} from './support.ts';

// Issue 21, Major 1: the demo account tells the truth. On demo, Deposit tops up play money, Withdraw
// says withdrawals leave the real account, and the records show the demo account's rows only; the
// real account does not move. On real, Withdraw says where the identity stands.

const TRADER = scenarioUser('verified-trader');

interface StoredUser {
  user_id: string;
  email: string;
  account_mode: string;
  identity_status: string;
}

/**
 * The trader with the account mode and identity status given (on a fresh scenario unless told),
 * and, when given, withdrawal rows of theirs; the session, if any, is kept.
 */
async function trader(
  change: Partial<Pick<StoredUser, 'account_mode' | 'identity_status'>>,
  { fresh = true, withdrawals = [] }: { fresh?: boolean; withdrawals?: object[] } = {},
) {
  if (fresh) await control.reset('verified-trader');
  const state = await control.exportState({ secrets: true });
  const users = state.users as Record<string, StoredUser>;
  const user = Object.values(users).find((one) => one.email === TRADER.email);
  if (!user) throw new Error('no trader');
  Object.assign(user, change);
  const rows = withdrawals.map((row) => ({ ...row, user_id: user.user_id }));
  await control.importState({
    ...state,
    withdrawals: [...(state['withdrawals'] as object[]), ...rows],
  });
  return user.user_id;
}

/** A bank withdrawal paid out in USD, in the state given (its money left the ledger already). */
const bankWithdrawal = (id: string, status: 'reviewing' | 'paid') => ({
  id,
  order_no: `WD20261127100000${id}`,
  method: 'bank',
  network: null,
  amount: '100.00',
  fee: '1.00',
  received_amount: '99.00',
  currency: 'USD',
  rate: '1',
  equivalent: '99.00',
  destination: 'Chase ****6789',
  status,
  reject_reason: '',
  created_at: 1_795_000_000_000,
  reviewed_at: status === 'paid' ? 1_795_000_060_000 : null,
  paid_at: status === 'paid' ? 1_795_000_120_000 : null,
  auto_review_at: null,
});

/** Everything real the mock holds for the trader: its real balances, deposits and withdrawals. */
async function realOf(userId: string) {
  const state = (await control.exportState()) as unknown as {
    ledger: { transactions: { postings: { account: string; amount: string }[] }[] };
    deposits: unknown[];
    withdrawals: unknown[];
  };
  const balances = new Map<string, Decimal>();
  for (const posting of state.ledger.transactions.flatMap((tx) => tx.postings)) {
    if (!posting.account.startsWith(`user:${userId}:real:`)) continue;
    balances.set(
      posting.account,
      (balances.get(posting.account) ?? new Decimal(0)).plus(posting.amount),
    );
  }
  return {
    balances: Object.fromEntries([...balances].map(([account, sum]) => [account, sum.toFixed()])),
    deposits: state.deposits,
    withdrawals: state.withdrawals,
  };
}

async function demoFund(userId: string): Promise<string> {
  const state = (await control.exportState()) as unknown as {
    ledger: { transactions: { postings: { account: string; amount: string }[] }[] };
  };
  return state.ledger.transactions
    .flatMap((tx) => tx.postings)
    .filter((posting) => posting.account === `user:${userId}:demo:fund:available`)
    .reduce((sum, posting) => sum.plus(posting.amount), new Decimal(0))
    .toFixed(2);
}

/** The money calls that would book real money. */
function realMoneyCalls(page: Page): string[] {
  const sent: string[] = [];
  const paths = new Set<string>([
    endpoints.account.addRech.path,
    endpoints.account.addCash.path,
    endpoints.account.cashInfo.path,
    endpoints.account.getRechInfo.path,
  ]);
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (paths.has(pathname)) sent.push(pathname);
  });
  return sent;
}

for (const language of ['en', 'de'] as const satisfies readonly Language[]) {
  test(`on the demo account (${language}), Deposit tops up play money, Withdraw sends to the real account, and the records show demo rows only`, async ({
    page,
  }) => {
    const t = (key: string) => text(key, language);
    const userId = await trader({ account_mode: 'demo' });
    await keepOnDevice(page, { language });
    await signInByApi(page, TRADER);
    const real = await realOf(userId);
    const demoBefore = await demoFund(userId);
    const sent = realMoneyCalls(page);

    // Withdraw: no real balance, no form; why, and the way to the switch
    await openApp(page, PATHS.withdraw);
    await expect(page.getByRole('heading', { name: t('funds.withdraw.demoTitle') })).toBeVisible();
    await expect(page.getByText(t('common.accountMode.demo'), { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: t('funds.withdraw.amount') })).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('funds.withdraw.demoAction') })).toBeVisible();

    // Withdrawal records: none on demo, and it says why
    await openApp(page, PATHS.withdrawLog);
    await expect(page.getByText(t('funds.withdraw.demoRecordsTitle'))).toBeVisible();
    await expect(page.getByText(t('funds.withdraw.demoRecordsHint'))).toBeVisible();

    // Deposit records: the demo fund's play money (the opening one), none of the real deposits
    await openApp(page, PATHS.rechargeLog);
    const rows = page.getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByText(t('funds.deposit.demoRecord'))).toBeVisible();

    // Deposit: play money, at once, once for a double tap
    await openApp(page, PATHS.recharge);
    await expect(page.getByRole('heading', { name: t('funds.deposit.demoTitle') })).toBeVisible();
    await page.getByRole('textbox', { name: t('funds.deposit.amount') }).fill('50');
    await page.getByRole('button', { name: t('funds.deposit.demoSubmit') }).click();
    await expect(page.getByText(t('funds.errors.belowMin'))).toBeVisible();
    // typed as the reader writes it: 250,5 in German (a point there is explained, not guessed)
    const amount = page.getByRole('textbox', { name: t('funds.deposit.amount') });
    if (language === 'de') {
      await amount.fill('250.5');
      await page.getByRole('button', { name: t('funds.deposit.demoSubmit') }).click();
      await expect(page.getByText(t('numberInput.otherMark'))).toBeVisible();
      await expect(amount).toHaveAttribute('placeholder', '0,00');
    }
    await amount.fill(language === 'de' ? '250,5' : '250.5');
    await page.getByRole('button', { name: t('funds.deposit.demoSubmit') }).dblclick();
    await expect(page.getByText(t('funds.assets.toppedUp'))).toBeVisible();
    await expect.poll(() => demoFund(userId)).toBe(new Decimal(demoBefore).plus(250.5).toFixed(2));

    // the top-up is listed first on the deposit records, as the demo account's
    await openApp(page, PATHS.rechargeLog);
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(language === 'de' ? '250,50 USDT' : '250.50 USDT');
    await expect(
      rows.first().getByText(t('common.accountMode.demo'), { exact: true }),
    ).toBeVisible();

    // the contract history says whose orders it lists
    await openApp(page, PATHS.contractLog);
    await expect(
      page.getByRole('banner').getByText(t('common.accountMode.demo'), { exact: true }),
    ).toBeVisible();

    // nothing real was asked for, declared or moved
    expect(sent).toEqual([]);
    expect(await realOf(userId)).toEqual(real);
  });
}

test('on the demo account, Withdraw offers the switch in place, and then says what the real account needs', async ({
  page,
}) => {
  await trader({ account_mode: 'demo' });
  await signInByApi(page, TRADER);
  await openApp(page, PATHS.withdraw);

  await page.getByRole('button', { name: text('funds.withdraw.demoAction') }).click();
  const sheet = page.getByRole('dialog', { name: text('accountSwitch.toReal') });
  await sheet.getByRole('button', { name: text('accountSwitch.confirmReal'), exact: true }).click();

  await expect(page.getByText(text('accountSwitch.nowReal'))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${PATHS.withdraw}$`));
  // the trader has nothing bound yet: on real, that is what stands in the way
  await expect(page.getByRole('heading', { name: text('funds.withdraw.bindTitle') })).toBeVisible();
  await expect(page.getByText(text('common.accountMode.real'), { exact: true })).toBeVisible();
  await expect(page.getByText(text('common.accountMode.demo'), { exact: true })).toHaveCount(0);
});

for (const language of ['en', 'de'] as const satisfies readonly Language[]) {
  test(`on the real account (${language}), Withdraw says where the identity stands, and a bank withdrawal's payout says whether it was paid`, async ({
    page,
  }) => {
    const t = (key: string) => text(key, language);
    await trader(
      { identity_status: 'pending' },
      { withdrawals: [bankWithdrawal('9001', 'paid'), bankWithdrawal('9002', 'reviewing')] },
    );
    await keepOnDevice(page, { language });
    await signInByApi(page, TRADER);
    await openApp(page, PATHS.withdraw);
    await expect(
      page.getByRole('heading', { name: t('funds.withdraw.pendingTitle') }),
    ).toBeVisible();
    await expect(page.getByText(t('funds.withdraw.verifyTitle'))).toHaveCount(0);
    await expect(page.getByText(t('common.accountMode.real'), { exact: true })).toBeVisible();

    await trader({ identity_status: 'rejected' }, { fresh: false });
    await openApp(page, PATHS.withdraw);
    await expect(
      page.getByRole('heading', { name: t('funds.withdraw.rejectedTitle') }),
    ).toBeVisible();

    // the records, newest first: the one under review is to be paid, the other was paid
    await openApp(page, PATHS.withdrawLog);
    const rows = page.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByText(t('funds.withdraw.status.reviewing'))).toBeVisible();
    await expect(
      rows.nth(0).getByText(t('funds.withdraw.payoutDue'), { exact: true }),
    ).toBeVisible();
    await expect(
      rows.nth(0).getByText(t('funds.withdraw.payoutPaid'), { exact: true }),
    ).toHaveCount(0);
    await expect(
      rows.nth(1).getByText(t('funds.withdraw.payoutPaid'), { exact: true }),
    ).toHaveCount(2);
    // the account tag keeps off the header's right edge
    const tag = page.getByRole('banner').getByText(t('common.accountMode.real'), { exact: true });
    const box = await tag.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box && width - (box.x + box.width)).toBeGreaterThanOrEqual(8);
  });
}

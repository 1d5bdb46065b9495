import { PATHS } from '../src/shared/routing/paths.ts';
import { control, expect, openApp, scenarioUser, signInByApi, test, text } from './support.ts';

const trader = scenarioUser('verified-trader');

/** A 1×1 PNG: the app compresses it to a JPEG before it goes up. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('the bank proof is picked with the app’s own labelled control, reached by the keyboard', async ({
  page,
}) => {
  await control.reset('verified-trader');
  await signInByApi(page, trader);
  await openApp(page, PATHS.recharge);
  // the method is a segmented control: its label is what a finger taps
  await page.locator('label', { hasText: text('funds.deposit.methods.bank') }).click();
  await expect(page.getByRole('radio', { name: text('funds.deposit.methods.bank') })).toBeChecked();
  // the bank account is asked for once the method is picked; then the back office's delay
  // passes, and the Notice push brings the account without a tap
  await expect(page.getByText(text('funds.deposit.obtainingTitle'))).toBeVisible();
  await control.advance(60_000);

  const picker = page.getByLabel(text('funds.deposit.proof'));
  await expect(picker).toBeAttached();
  // the visible control is the app's: a bordered button-like box with its text, not the browser's
  const box = page.locator('label', { hasText: text('funds.deposit.proofPick') });
  await expect(box).toBeVisible();
  expect(await box.evaluate((node) => getComputedStyle(node).borderStyle)).toBe('dashed');
  expect(await picker.evaluate((node) => getComputedStyle(node).opacity)).toBe('0');

  // the keyboard reaches it, and the focus shows on the control
  await page.getByRole('textbox', { name: text('funds.deposit.amount') }).focus();
  for (
    let step = 0;
    step < 10 && !(await picker.evaluate((node) => node === document.activeElement));
    step += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(picker).toBeFocused();
  expect(await box.evaluate((node) => getComputedStyle(node).outlineStyle)).toBe('solid');

  await picker.setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: text('funds.deposit.proofPreview') })).toBeVisible();
  await expect(page.locator('label', { hasText: text('funds.deposit.proofChange') })).toBeVisible();
});

test('a transaction hash not of the chosen network is refused next to the field, keeping it', async ({
  page,
}) => {
  await control.reset('verified-trader');
  await signInByApi(page, trader);
  await openApp(page, PATHS.recharge);
  // the exclusive account is asked for by the page's first call: move the clock only after it
  await expect(page.getByText(text('funds.deposit.obtainingTitle'))).toBeVisible();
  await control.advance(60_000);
  const amount = page.getByRole('textbox', { name: text('funds.deposit.amount') });
  await amount.fill('100');
  const hash = page.getByRole('textbox', { name: text('funds.deposit.txHash') });
  await hash.fill('paid on Monday');
  await page.getByRole('button', { name: text('funds.deposit.submit') }).click();
  await expect(page.getByText(text('funds.deposit.txHashProblem.malformed'))).toBeVisible();
  // an Ethereum hash on TRC20 is named as the other network's
  await hash.fill(`0x${'ab'.repeat(32)}`);
  await page.getByRole('button', { name: text('funds.deposit.submit') }).click();
  await expect(page.getByText(text('funds.deposit.txHashProblem.wrong_network'))).toBeVisible();
  await expect(hash).toHaveValue(`0x${'ab'.repeat(32)}`);
  await expect(amount).toHaveValue('100');
  expect(await control.deposits()).toEqual([]);
});

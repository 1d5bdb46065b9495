import { DIGITS_RULES } from '@bourse/fixtures';
import { betOdds, betPayout } from '@bourse/formulas/digits';
import type { Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { PATHS } from '../src/shared/routing/paths.ts';
import { grouped, TRADER } from './contract-support.ts';
import {
  control,
  expect,
  keepOnDevice,
  seriousViolations,
  signInByApi,
  test,
  text,
} from './support.ts';

// Coin Guess against the mock's game engine, driven by the control API: the next draw is fixed
// (its seed chosen before its commitment is published), the clock moved past the draw, and the
// page, the records and the browser's own check of the proof show it.

const STAKE = '50';
const ROUND_MS = DIGITS_RULES.round_seconds * 1000;
/** The verified trader's real fund account (fixtures/src/scenarios.ts). */
const FUND = '10000.00';
/** 20 is big and even: a bet on big wins. */
const FIXED = 20;
const ODDS = betOdds('big', DIGITS_RULES.house_edge);
const PAYOUT = betPayout(STAKE, ODDS);

/** Fixes the next period's sum, then moves the clock one second into that period. */
async function nextPeriodDraws(number: number) {
  await control.fixNextDraw({ number });
  const { now } = await control.getClock();
  await control.advance(ROUND_MS - (now % ROUND_MS) + 1_000);
}

async function openGame(page: Page) {
  await page.goto(PATHS.game);
  await expect(page.getByRole('heading', { level: 1, name: text('game.title') })).toBeVisible();
  await expect(page.getByTestId('game-phase')).toHaveAttribute('data-phase', 'betting');
}

/** Bets STAKE on big, double-tapping "Place bet". */
async function betBig(page: Page) {
  await page.getByTestId('bet-big').click();
  await page.getByRole('textbox', { name: text('game.stake') }).fill(STAKE);
  await expect(page.getByTestId('slip-payout')).toHaveText(`${grouped(PAYOUT)} USDT`);
  await page.getByTestId('place-bet').dblclick();
  await expect(page.getByText(text('game.placed')).first()).toBeVisible();
  await expect(page.getByTestId('open-bets').getByTestId('bet-row')).toHaveCount(1);
}

test.describe('Coin Guess for a verified trader', () => {
  test.beforeEach(async ({ page }) => {
    await control.reset('verified-trader');
    await nextPeriodDraws(FIXED);
    await signInByApi(page, TRADER);
  });

  test('bets big once for a double tap, the fixed draw pays, the records show it and the proof verifies', async ({
    page,
  }) => {
    test.slow();
    await openGame(page);
    const issue = (await page.getByTestId('game-issue').textContent()) ?? '';
    await betBig(page);
    const game = await control.digits({ email: TRADER.email });
    expect(game.bets, 'a double tap bet once').toHaveLength(1);

    // past the close: the board locks; past the draw: the result and the payout
    await control.advance(46_000);
    await expect(page.getByTestId('game-locked')).toBeVisible();
    await expect(page.getByTestId('place-bet')).toBeDisabled();
    await control.advance(10_000);
    await expect(page.getByTestId('last-results').locator('li').first()).toContainText(issue);
    const result = page.getByTestId('bet-results').getByTestId('bet-row').first();
    await expect(result).toHaveAttribute('data-status', 'won');
    await expect(result.getByTestId('bet-payout')).toContainText(`${grouped(PAYOUT)} USDT`);
    await expect(
      page.getByText(
        text('game.settledToast.won')
          .replace('{{issue}}', issue)
          .replace('{{amount}}', grouped(PAYOUT)),
      ),
    ).toBeVisible();
    const settled = await control.digits({ email: TRADER.email });
    expect(new Decimal(settled.bets[0]?.payout ?? '0').toFixed(2)).toBe(PAYOUT.toFixed(2));

    await page.goto(`${PATHS.gameLog}?tab=bets`);
    const record = page.getByTestId('bet-record');
    await expect(record).toHaveCount(1);
    await expect(record).toHaveAttribute('data-status', 'won');
    await expect(record).toContainText(`${grouped(PAYOUT)} USDT`);

    await page.goto(PATHS.gameLog);
    const draw = page.getByTestId('draw-record').first();
    await expect(draw).toContainText(issue);
    await draw.getByRole('button', { name: `Verify period ${issue}` }).click();
    await expect(draw.getByTestId('verify-result')).toHaveAttribute('data-ok', 'true');
    await expect(draw.getByTestId('verify-result')).toContainText(text('game.log.commitmentOk'));
  });

  test('cancels an open bet: the stake comes back to the fund account', async ({ page }) => {
    await openGame(page);
    await expect(page.getByTestId('slip-available')).toHaveText(`${grouped(FUND)} USDT`);
    await betBig(page);
    await expect(page.getByTestId('slip-available')).toHaveText(
      `${grouped(new Decimal(FUND).minus(STAKE))} USDT`,
    );
    await page.getByRole('button', { name: `Cancel the bet on ${text('game.bet.big')}` }).click();
    await expect(page.getByText(text('game.cancelled')).first()).toBeVisible();
    await expect(page.getByTestId('open-bets')).toHaveCount(0);
    await expect(page.getByTestId('slip-available')).toHaveText(`${grouped(FUND)} USDT`);
    const game = await control.digits({ email: TRADER.email });
    expect(game.bets.map((bet) => bet.status)).toEqual(['cancelled']);
  });

  for (const theme of ['day', 'night'] as const) {
    test(`${theme}: the game page with an open bet and the records pass axe`, async ({ page }) => {
      test.slow();
      await keepOnDevice(page, { theme });
      await openGame(page);
      await betBig(page);
      expect.soft(await seriousViolations(page), `game page (${theme})`).toEqual([]);
      await control.advance(56_000);
      await expect(page.getByTestId('bet-results')).toBeVisible();
      await page.goto(PATHS.gameLog);
      await page.getByTestId('draw-record').first().getByRole('button').click();
      await expect(page.getByTestId('verify-result').first()).toBeVisible();
      expect.soft(await seriousViolations(page), `draw records (${theme})`).toEqual([]);
      await page.goto(`${PATHS.gameLog}?tab=bets`);
      await expect(page.getByTestId('bet-record')).toHaveCount(1);
      expect.soft(await seriousViolations(page), `bet records (${theme})`).toEqual([]);
    });
  }
});

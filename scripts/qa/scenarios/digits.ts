// Coin Guess: the steps the digits scenarios share. A result is reached through the control API's
// one lever, a fixed special number for the next period to open (its seed searched for before its
// commitment is published), and the clock; every figure is checked against the Coin Guess
// formulas (@bourse/formulas/digits), as the app shows it.
import { D, type Num } from '@bourse/formulas';
import { betOdds, betPayout, isDigitBetId } from '@bourse/formulas/digits';
import {
  endpoints,
  FUNC,
  TOPIC,
  type Bet,
  type DigitRound,
  type DrawResult,
  type RequestOf,
} from '@bourse/protocol';
import type { ControlClient } from '@bourse/mock-server/control-client';
import { check, CheckFailed, checkEqual, signIn, type ScenarioContext } from '../scenario.ts';
import type { Feed, WireClient } from '../wire.ts';
import { accountOf } from './accounts.ts';
import { intent } from './funds.ts';
import { checkAmount } from './options.ts';

/** The verified trader: 10 000 USDT in the real fund account, where stakes come from. */
export const trader = accountOf('verified-trader');
/** the trader's real fund account as the scenarios start */
export const FUND_START = '10000';

/** Resets to the verified trader and freezes the clock: a period moves only when told to. */
export async function digitsSetUp({ control, step }: ScenarioContext): Promise<void> {
  await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
  await step('freeze the clock', () => control.clock({ action: 'freeze' }));
}

/** Signs the verified trader in. */
export async function signInTrader({ client, step }: ScenarioContext): Promise<WireClient> {
  const user = client();
  await step('sign in as the verified trader', () => signIn(user, trader));
  return user;
}

/** The period of the moment, as the game screen reads it. */
export const round = (user: WireClient, recent?: number): Promise<DigitRound> =>
  user.ok(endpoints.digits.getIssue, recent === undefined ? {} : { recent });

/** Moves the held clock on by the time from the server's now to `at` (it only moves forward). */
export async function advanceTo(control: ControlClient, user: WireClient, at: number) {
  const { server_time: now } = await round(user);
  check(at > now, `the clock is at ${String(now)}, past ${String(at)}`);
  await control.advance(at - now);
}

/** The clock moved to the next period's opening: that period, taking bets. */
export async function nextPeriod(control: ControlClient, user: WireClient): Promise<DigitRound> {
  await advanceTo(control, user, (await round(user)).next_open_at);
  const opened = await round(user);
  checkEqual([opened.phase, opened.draw], ['betting', null], `period ${opened.issue}`);
  check(opened.server_time === opened.opened_at, `period ${opened.issue} has just opened`);
  return opened;
}

/** Fixes the special number of the next period to open, then opens it: answers it. */
export async function fixedPeriod(
  { control, step }: ScenarioContext,
  user: WireClient,
  number: number,
): Promise<DigitRound> {
  return step(`fix the next result at ${String(number)} and open that period`, async () => {
    const { queued } = await control.fixNextDraw({ number });
    checkEqual(queued, [number], 'the results queued');
    const period = await nextPeriod(control, user);
    const { log } = await control.digits({ email: trader.email });
    check(
      log.some(
        (entry) => entry.action === 'fixed result used' && entry.detail.startsWith(period.issue),
      ),
      `the control log says period ${period.issue} used the fixed result`,
    );
    return period;
  });
}

/** A bet on `issue` (100 USDT on big unless told otherwise). */
export const bet = (
  user: WireClient,
  issue: string,
  fields: Partial<RequestOf<typeof endpoints.digits.addBet>> = {},
) =>
  user.ok(endpoints.digits.addBet, {
    issue,
    bet_type: 'big',
    amount: '100',
    request_id: intent(),
    ...fields,
  });

/** One bet as the records read it. */
export async function betOf(user: WireClient, bet: Bet): Promise<Bet> {
  const page = await user.ok(endpoints.digits.betLog, { issue: bet.issue, page: 1, limit: 100 });
  const found = page.list.find((item) => item.id === bet.id);
  if (!found) throw new CheckFailed(`bet ${bet.id} is not in the records`);
  return found;
}

/** The odds of a bet type as the formulas price it at the published edge. */
export async function oddsOf(user: WireClient, betType: string): Promise<string> {
  check(isDigitBetId(betType), `${betType} is a bet type`);
  const info = await user.ok(endpoints.digits.digitInfo, {});
  const listed = info.bet_types.find((type) => type.id === betType);
  const odds = betOdds(betType, info.house_edge).toFixed(2);
  checkEqual(listed?.odds, odds, `the odds of ${betType}`);
  return odds;
}

/** The fund account of the current mode: available and frozen. */
export async function fundAccount(
  user: WireClient,
): Promise<{ available: string; frozen: string }> {
  const index = await user.ok(endpoints.account.index, {});
  const fund = index.list.find((item) => item.account === 'fund');
  if (!fund) throw new CheckFailed('no fund account in the balances');
  return { available: fund.available, frozen: fund.frozen };
}

/** Fails unless the fund account holds `available` and `frozen` (as numbers). */
export async function checkFund(user: WireClient, available: Num, frozen: Num): Promise<void> {
  const account = await fundAccount(user);
  checkAmount(account.available, available, 'the fund account, available');
  checkAmount(account.frozen, frozen, 'the fund account, frozen');
}

/**
 * Checks a drawn bet against the formulas: won on the number its type covers, paid stake × its
 * odds, or lost and paid nothing. Answers what it paid.
 */
export function checkSettled(placed: Bet, settled: Bet, draw: DrawResult, won: boolean): D {
  checkEqual(
    [settled.status, settled.draw?.issue, settled.draw?.number],
    [won ? 'won' : 'lost', placed.issue, draw.number],
    `bet ${placed.id}`,
  );
  checkEqual(settled.odds, placed.odds, `bet ${placed.id}'s odds, frozen when placed`);
  const payout = won ? betPayout(placed.amount, placed.odds) : new D(0);
  checkAmount(settled.payout, payout, `bet ${placed.id}'s payout`);
  checkEqual(settled.settled_at, draw.drawn_at, `bet ${placed.id} settled at the draw`);
  return payout;
}

/** The kinds of the ledger transactions booked for a bet (`GB<id>`), oldest first. */
export async function bookedFor(control: ControlClient, betId: string): Promise<string[]> {
  const { ledger } = await control.exportState();
  return ledger.transactions.flatMap((transaction) => {
    if (typeof transaction !== 'object' || transaction === null) return [];
    const { kind, ref_id: refId } = transaction as { kind?: unknown; ref_id?: unknown };
    return refId === `GB${betId}` && typeof kind === 'string' ? [kind] : [];
  });
}

/**
 * Opens the user's feed (bound: their Notices) on the Digits topic, once the subscription is
 * known to hold: a sub has no answer, but the socket takes frames in order, so once a Data24h
 * push (subscribed after) arrives the Digits sub holds too. Freezing the frozen clock moves
 * nothing and publishes the market.
 */
export async function digitsFeed(context: ScenarioContext, user: WireClient): Promise<Feed> {
  const feed = await context.feed(user);
  feed.subscribe(TOPIC.digits);
  feed.subscribe(TOPIC.data24h);
  for (let tries = 1; ; tries += 1) {
    await context.control.clock({ action: 'freeze' });
    try {
      await feed.next((push) => (push.func === FUNC.data24h ? true : undefined), 250, 'Data24h');
      return feed;
    } catch (error) {
      if (tries >= 20) throw error;
    }
  }
}

/** Waits for the Digits push of period `issue` in `phase`. */
export const roundPush = (feed: Feed, issue: string, phase: DigitRound['phase']) =>
  feed.next(
    (push) =>
      push.func === FUNC.digits && push.data.issue === issue && push.data.phase === phase
        ? push.data
        : undefined,
    5_000,
    `the Digits push of period ${issue} ${phase}`,
  );

/** Waits for the Notice telling the bettor the result of period `issue`. */
export const resultNotice = (feed: Feed, issue: string) =>
  feed.next(
    (push) =>
      push.func === FUNC.notice && push.data.title.includes(issue) ? push.data : undefined,
    5_000,
    `the Notice of period ${issue}'s result`,
  );

/** Moves the clock to the period's draw: answers the draw as getIssue shows it. */
export async function drawPeriod(
  control: ControlClient,
  user: WireClient,
  period: DigitRound,
): Promise<DrawResult> {
  await advanceTo(control, user, period.draw_at);
  const drawn = await round(user);
  checkEqual([drawn.issue, drawn.phase], [period.issue, 'drawn'], 'the period');
  if (!drawn.draw) throw new CheckFailed(`period ${period.issue} shows no draw`);
  checkEqual(drawn.draw.commitment, period.commitment, 'the draw is bound to the commitment');
  return drawn.draw;
}

// Timed up/down options: the steps the options scenarios share. Nothing in the control API
// decides a result: each outcome is reached through the market's prices and the clock, and every
// figure is checked against the options formulas (@bourse/formulas/options), as the app shows it.
import { D, type Num } from '@bourse/formulas';
import { optionPayout, optionResultProfit, type OptionOutcome } from '@bourse/formulas/options';
import { endpoints, FUNC, type OptionOrder, type RequestOf } from '@bourse/protocol';
import type { ControlClient } from '@bourse/mock-server/control-client';
import { check, CheckFailed, checkEqual, signIn, type ScenarioContext } from '../scenario.ts';
import type { Feed, WireClient } from '../wire.ts';
import { accountOf } from './accounts.ts';
import { intent } from './funds.ts';

/** The verified trader: 500 USDT in the real option account. */
export const trader = accountOf('verified-trader');
export const BTC = 'btcusdt';
export const AAPL = 'aapl';
/** fixtures' OPTION_DURATIONS: 30 s at 80 %, 1 minute at 85 % */
export const SECONDS_30 = '1';
export const MINUTE_1 = '2';
/** the trader's real option account as the scenarios start */
export const OPTION_START = '500';

/** Resets to the verified trader and freezes the clock (the market's prices still move). */
export async function optionsSetUp({ control, step }: ScenarioContext): Promise<void> {
  await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
  await step('freeze the clock', () => control.clock({ action: 'freeze' }));
}

/** As optionsSetUp, with BTC set at 20 000 and held there until a scenario moves it. */
export async function btcSetUp(context: ScenarioContext): Promise<void> {
  await optionsSetUp(context);
  await context.step('set BTC at 20000 and hold it', async () => {
    await holdBtc(context.control, '20000');
  });
}

/** BTC at `price` from the next whole second, held there, and the clock moved to that second. */
export async function holdBtc(control: ControlClient, price: string): Promise<void> {
  await control.setPrice({ symbol_id: BTC, price });
  await control.pauseMarket({ symbol_id: BTC });
  await control.advance(1000);
}

/** Signs the verified trader in. */
export async function signInTrader({ client, step }: ScenarioContext): Promise<WireClient> {
  const user = client();
  await step('sign in as the verified trader', () => signIn(user, trader));
  return user;
}

/** A buy (100 USDT up on BTC for 30 s unless told otherwise). */
export const buy = (
  user: WireClient,
  fields: Partial<RequestOf<typeof endpoints.options.addOrder>> = {},
) =>
  user.ok(endpoints.options.addOrder, {
    symbol_id: BTC,
    duration_id: SECONDS_30,
    direction: 'up',
    amount: '100',
    request_id: intent(),
    ...fields,
  });

/** One order as the detail page reads it. */
export async function orderOf(user: WireClient, id: string): Promise<OptionOrder> {
  const page = await user.ok(endpoints.options.orderList, { order_id: id, page: 1, limit: 1 });
  const [order] = page.list;
  if (!order) throw new CheckFailed(`option ${id} is not in the records`);
  return order;
}

/** The server's clock now (what the countdowns are measured against). */
export const serverTime = async (user: WireClient): Promise<number> =>
  (await user.ok(endpoints.options.getSecondList, { symbol_id: BTC })).server_time;

/** The option account of the current mode: available and frozen. */
export async function optionAccount(
  user: WireClient,
): Promise<{ available: string; frozen: string }> {
  const index = await user.ok(endpoints.account.index, {});
  const option = index.list.find((item) => item.account === 'option');
  if (!option) throw new CheckFailed('no option account in the balances');
  return { available: option.available, frozen: option.frozen };
}

/** Fails unless the decimal strings are equal as numbers, saying what differed. */
export function checkAmount(actual: string | null, expected: Num, what: string): void {
  check(actual !== null, `${what}: expected ${String(expected)}, got null`);
  if (!new D(actual).eq(expected)) {
    throw new CheckFailed(`${what}: expected ${new D(expected).toFixed()}, got ${actual}`);
  }
}

/** Fails unless the option account holds `available` and `frozen` (as numbers). */
export async function checkOptionAccount(
  user: WireClient,
  available: Num,
  frozen: Num,
): Promise<void> {
  const account = await optionAccount(user);
  checkAmount(account.available, available, 'the option account, available');
  checkAmount(account.frozen, frozen, 'the option account, frozen');
}

/**
 * Checks a settled order against the formulas: its result, its profit (stake × rate on a win,
 * −stake on a loss, 0 on a draw or void) and what it paid back (stake + profit on a win, the
 * stake on a draw or void, nothing on a loss). Answers what the account got back.
 */
export function checkSettled(order: OptionOrder, result: OptionOutcome | 'void'): D {
  checkEqual([order.status, order.result], ['settled', result], `option ${order.id}`);
  const outcome: OptionOutcome = result === 'void' ? 'draw' : result;
  const profit = optionResultProfit(outcome, order.amount, order.payout_rate);
  const payout =
    outcome === 'win'
      ? optionPayout(order.amount, order.payout_rate)
      : outcome === 'lose'
        ? new D(0)
        : new D(order.amount);
  checkAmount(order.profit, profit, `option ${order.id}'s profit`);
  checkAmount(order.payout, payout, `option ${order.id}'s payout`);
  return payout;
}

/**
 * The option account's records of one order, as [kind, amount]: what changed its total (a stake
 * only moves money into the frozen part and a refund back, so neither shows; a win or a loss
 * does, once).
 */
export async function recordsOf(user: WireClient, orderNo: string): Promise<string[][]> {
  const flows = await user.ok(endpoints.account.list, {
    account: 'option',
    kinds: ['option_stake', 'option_settle', 'option_refund'],
  });
  return flows.list.filter((flow) => flow.ref_id === orderNo).map((f) => [f.kind, f.amount]);
}

/**
 * The kinds of the ledger transactions booked for one order, oldest first, from the control
 * API's export: a stake, then exactly one settle or refund.
 */
export async function bookedFor(control: ControlClient, orderNo: string): Promise<string[]> {
  const { ledger } = await control.exportState();
  return ledger.transactions.flatMap((transaction) => {
    if (typeof transaction !== 'object' || transaction === null) return [];
    const { kind, ref_id: refId } = transaction as { kind?: unknown; ref_id?: unknown };
    return refId === orderNo && typeof kind === 'string' ? [kind] : [];
  });
}

const NEW_YORK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  weekday: 'short',
  hour: 'numeric',
  minute: 'numeric',
});

/**
 * The first moment after `after` that is `hour:minute` (on the hour or the half hour) on a
 * weekday in New York: AAPL's session is 09:30–16:00 there, Monday to Friday.
 */
export function nextNewYork(after: number, hour: number, minute: 0 | 30): number {
  const HALF_HOUR = 1_800_000;
  // New York's offset from UTC is whole hours: its half hours are UTC's
  for (let t = (Math.floor(after / HALF_HOUR) + 1) * HALF_HOUR; t < after + 8 * 86_400_000;) {
    const parts = Object.fromEntries(NEW_YORK.formatToParts(t).map((p) => [p.type, p.value]));
    const weekday = parts['weekday'] ?? '';
    const matches = Number(parts['hour']) === hour && Number(parts['minute']) === minute;
    if (matches && weekday !== 'Sat' && weekday !== 'Sun') return t;
    t += HALF_HOUR;
  }
  throw new Error(`no weekday ${String(hour)}:${String(minute)} in New York within 8 days`);
}

/** Moves the simulated clock forward to `at` (it only moves forward). */
export async function advanceTo(control: ControlClient, user: WireClient, at: number) {
  const now = await serverTime(user);
  check(at > now, `the clock is at ${String(now)}, past ${String(at)}`);
  await control.advance(at - now);
}

/** AAPL's market status as the ticker shows it. */
export const aaplStatus = async (user: WireClient) =>
  (await user.ok(endpoints.market.getSymbol, { symbol_id: AAPL })).status;

/** Waits for the Option push telling the owner that order `id` is now `status`. */
export const optionPush = (feed: Feed, id: string, status: OptionOrder['status']) =>
  feed.next(
    (push) =>
      push.func === FUNC.option && push.data.id === id && push.data.status === status
        ? push.data
        : undefined,
    5_000,
    `the Option push of option ${id} ${status}`,
  );

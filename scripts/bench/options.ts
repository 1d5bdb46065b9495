// The options engine's settlement under load, in this process (no HTTP, no socket): BENCH_OPTIONS
// orders (10 000 by default) bought over one simulated second by enough users for the desk's
// limit of open orders per user (max_open_orders), spread over every symbol the market lists,
// all of the 30-second duration, so that every delivery falls in the same simulated second. The
// clock then moves past that second and the engine settles them: the wall time that takes (aim:
// 1 s), and, from the ledger, that each order was settled or refunded exactly once (and again
// after the clock moves on), with each owner told once.
//
//   npx tsx scripts/bench/options.ts        (alone; BENCH_OPTIONS)
import { OPTION_DURATIONS, OPTION_SETTINGS, SYMBOLS } from '@bourse/fixtures';
import { Exchange } from '@bourse/mock-server/engine';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ms } from './stats.ts';

const ORDERS = Number(process.env['BENCH_OPTIONS'] ?? 10_000);
/** a Tuesday, 15:00 UTC: crypto, stocks, forex and metals all trade */
const START = Date.UTC(2026, 10, 24, 15, 0, 0);
/** the 30-second duration */
const DURATION = OPTION_DURATIONS.find((duration) => duration.seconds === 30);
export const OPTIONS_AIM = { settleWallMs: 1000 } as const;

export interface OptionsResult {
  readonly orders: number;
  readonly users: number;
  readonly symbols: number;
  /** wall time to buy them all (not the aim: for comparison) */
  readonly buyWallMs: number;
  /** wall time to settle every order due in the one simulated second */
  readonly settleWallMs: number;
  readonly results: Readonly<Record<string, number>>;
  /** orders with exactly one settle or refund in the ledger, after the clock moved on again */
  readonly settledOnce: number;
  readonly settledTwice: number;
  readonly unsettled: number;
  /** settlement pushes to the owners (one per order) */
  readonly told: number;
}

const plainHasher = {
  hash: (password: string) => Promise.resolve(password),
  verify: (password: string, stored: string) => Promise.resolve(password === stored),
};

export async function optionsPart(): Promise<OptionsResult> {
  if (!DURATION) throw new Error('no 30-second option duration in the fixtures');
  let now = START;
  const exchange = new Exchange({ seed: 13, hasher: plainHasher, wall: () => now });
  const perUser = OPTION_SETTINGS.max_open_orders;
  const users = Math.ceil(ORDERS / perUser);
  await exchange.loadScenario({
    name: 'bench-options',
    users: Array.from({ length: users }, (_, i) => ({
      email: `options${String(i)}@example.com`,
      password: 'Secret123',
      identity_status: 'verified' as const,
      balances: { real: { option: '100000' } },
    })),
  });
  const options = exchange.domains.options;
  const symbols = SYMBOLS.filter((symbol) => exchange.market.quote(symbol.id, now).open);
  const ids = Object.keys(exchange.live().users);

  // every order bought within one simulated second, in time order
  const bought: string[] = [];
  const buyStarted = performance.now();
  for (let i = 0; i < ORDERS; i++) {
    now = START + Math.floor((i * 1000) / ORDERS);
    const userId = ids[Math.floor(i / perUser)] ?? '';
    const symbol = symbols[i % symbols.length];
    if (!symbol) throw new Error('no symbol trades at the start');
    const order = options.addOrder(userId, {
      symbol_id: symbol.id,
      duration_id: DURATION.id,
      direction: i % 2 === 0 ? 'up' : 'down',
      amount: '10',
      request_id: `bench-option-${String(i).padStart(6, '0')}`,
    });
    if (order.status !== 'trading') throw new Error(`order ${order.id} is ${order.status}`);
    bought.push(order.order_no);
  }
  const buyWallMs = performance.now() - buyStarted;

  let told = 0;
  options.onEvent((event) => {
    if (event.order.status === 'settled') told += 1;
  });
  // past every delivery (START + 30 s … START + 31 s): they settle
  now = START + DURATION.seconds * 1000 + 1000;
  const started = performance.now();
  exchange.time.catchUp();
  const settleWallMs = performance.now() - started;
  // and later again: nothing settles twice
  now += 60_000;
  exchange.time.catchUp();

  const settles = new Map<string, number>();
  for (const transaction of exchange.ledger.transactions()) {
    if (transaction.kind !== 'option_settle' && transaction.kind !== 'option_refund') continue;
    settles.set(transaction.ref_id, (settles.get(transaction.ref_id) ?? 0) + 1);
  }
  const counts = bought.map((orderNo) => settles.get(orderNo) ?? 0);
  const results: Record<string, number> = {};
  for (const userId of ids) {
    for (const row of options.orderRows(userId)) {
      const result = row.result ?? row.status;
      results[result] = (results[result] ?? 0) + 1;
    }
  }
  exchange.ledger.check();
  return {
    orders: ORDERS,
    users,
    symbols: symbols.length,
    buyWallMs,
    settleWallMs,
    results,
    settledOnce: counts.filter((count) => count === 1).length,
    settledTwice: counts.filter((count) => count > 1).length,
    unsettled: counts.filter((count) => count === 0).length,
    told,
  };
}

/** Whether the run met the aim: within the time, every order settled once, each owner told. */
export const optionsOk = (result: OptionsResult): boolean =>
  result.settleWallMs <= OPTIONS_AIM.settleWallMs &&
  result.settledOnce === result.orders &&
  result.told === result.orders;

export function optionsLines(result: OptionsResult): string[] {
  const results = Object.entries(result.results)
    .map(([name, count]) => `${name} ${String(count)}`)
    .join(', ');
  return [
    '## Options: settlement of orders due in one simulated second (options.ts)',
    '',
    `${String(result.orders)} options of 30 s bought over one simulated second by ${String(result.users)} users on ${String(result.symbols)} symbols (bought in ${ms(result.buyWallMs)} ms), all due in the same second.`,
    '',
    `- settled in **${ms(result.settleWallMs)} ms** of wall time (aim ≤ ${String(OPTIONS_AIM.settleWallMs)}: ${result.settleWallMs <= OPTIONS_AIM.settleWallMs ? 'yes' : '**no**'})`,
    `- ledger: ${String(result.settledOnce)} settled or refunded exactly once, ${String(result.settledTwice)} more than once, ${String(result.unsettled)} not at all; owners told ${String(result.told)} times`,
    `- results: ${results}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await optionsPart();
  console.log(optionsLines(result).join('\n'));
  if (!optionsOk(result)) process.exitCode = 1;
}

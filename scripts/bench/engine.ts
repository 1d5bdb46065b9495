// The engine's time under load, in this process (no HTTP, no socket): the contract engine holding
// BENCH_POSITIONS open positions (10 000 by default), each with a take profit and a stop loss,
// spread over every symbol the market lists, while the market moves. Each step moves the
// simulated clock one second, which is one new price for every symbol (the market prices on
// whole seconds): the engine settles every price that reaches a level. Reported: engine time per
// price update (a step's time over the symbols it priced), p50/p99 over BENCH_ENGINE_STEPS steps
// (default 600), what fired, and the process's RSS. Then BENCH_DUE items (10 000) all due in the
// same simulated second: the time to run them, and that each ran exactly once.
//
//   npx tsx scripts/bench/engine.ts        (alone; BENCH_POSITIONS, BENCH_ENGINE_STEPS, BENCH_DUE)
import { contractTermsOf, SYMBOLS } from '@bourse/fixtures';
import { Exchange } from '@bourse/mock-server/engine';
import Decimal from 'decimal.js';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ms, summarize, type Summary } from './stats.ts';

const POSITIONS = Number(process.env['BENCH_POSITIONS'] ?? 10_000);
const STEPS = Number(process.env['BENCH_ENGINE_STEPS'] ?? 600);
const DUE = Number(process.env['BENCH_DUE'] ?? 10_000);
/** a Tuesday, 15:00 UTC: crypto, stocks, forex and metals all trade */
const START = Date.UTC(2026, 10, 24, 15, 0, 0);
/** the aims of issue 20 */
export const ENGINE_AIM = { updateP99Ms: 2, dueWallMs: 1000 } as const;

export interface EngineResult {
  readonly positions: number;
  readonly symbols: number;
  readonly openSeconds: number;
  /** engine time per price update (one symbol's new price), ms */
  readonly perUpdate: Summary;
  /** one whole step (every symbol's price of one second), ms */
  readonly perStep: Summary;
  readonly fired: number;
  readonly rssMb: number;
  readonly due: { items: number; wallMs: number; ranOnce: number; missed: number; twice: number };
}

const plainHasher = {
  hash: (password: string) => Promise.resolve(password),
  verify: (password: string, stored: string) => Promise.resolve(password === stored),
};

export async function enginePart(): Promise<EngineResult> {
  let now = START;
  const exchange = new Exchange({ seed: 11, hasher: plainHasher, wall: () => now });
  const symbols = SYMBOLS.filter((symbol) => contractTermsOf(symbol.id));
  // one position per user, symbol and direction: enough users for the count asked
  const perUser = symbols.length * 2;
  const users = Math.ceil(POSITIONS / perUser);
  await exchange.loadScenario({
    name: 'bench',
    users: Array.from({ length: users }, (_, i) => ({
      email: `bench${String(i)}@example.com`,
      password: 'Secret123',
      identity_status: 'verified' as const,
      balances: { real: { contract: '100000000' } },
    })),
  });
  const ids = Object.keys(exchange.live().users);
  let opened = 0;
  let request = 0;
  for (const userId of ids) {
    for (const symbol of symbols) {
      for (const side of ['buy', 'sell'] as const) {
        if (opened >= POSITIONS) break;
        const terms = contractTermsOf(symbol.id);
        if (!terms) continue;
        const mark = new Decimal(exchange.market.quote(symbol.id, now).last);
        const sign = side === 'buy' ? 1 : -1;
        // levels 0.2 % to 3 % away: a few fire as the market moves, most stay
        const away = 0.002 + ((opened * 7919) % 280) / 10_000;
        const level = (towards: number) =>
          mark.times(1 + towards * away).toFixed(terms.price_precision);
        exchange.domains.contracts.addOrder(userId, {
          symbol_id: symbol.id,
          side,
          type: 'market',
          price: '',
          quantity: terms.min_qty,
          leverage_id: terms.leverages[0]?.id ?? '1',
          take_profit: level(sign),
          stop_loss: level(-sign),
          reduce_only: false,
          request_id: `bench-${String(++request)}`,
        });
        opened += 1;
      }
    }
  }
  const openCount = () =>
    ids.reduce(
      (sum, userId) =>
        sum +
        exchange.domains.contracts.positionRows(userId).filter((row) => row.closed_at === null)
          .length,
      0,
    );
  const before = openCount();
  const perStep: number[] = [];
  const perUpdate: number[] = [];
  for (let step = 0; step < STEPS; step++) {
    now += 1000;
    const started = performance.now();
    exchange.time.catchUp();
    const took = performance.now() - started;
    perStep.push(took);
    perUpdate.push(took / symbols.length);
  }
  const fired = before - openCount();
  const rssMb = process.memoryUsage().rss / 2 ** 20;

  // ---- 10 000 items due in the same simulated second -----------------------------------------
  const runs = new Map<string, number>();
  const dueAt = now + 500;
  for (let i = 0; i < DUE; i++) {
    const key = `bench:due:${String(i)}`;
    exchange.time.schedule(key, dueAt + (i % 1000) / 2, () => {
      runs.set(key, (runs.get(key) ?? 0) + 1);
    });
  }
  now += 1000;
  const started = performance.now();
  exchange.time.catchUp();
  const wallMs = performance.now() - started;
  const counts = [...runs.values()];
  return {
    positions: before,
    symbols: symbols.length,
    openSeconds: STEPS,
    perUpdate: summarize(perUpdate),
    perStep: summarize(perStep),
    fired,
    rssMb,
    due: {
      items: DUE,
      wallMs,
      ranOnce: counts.filter((count) => count === 1).length,
      missed: DUE - runs.size,
      twice: counts.filter((count) => count > 1).length,
    },
  };
}

export function engineLines(result: EngineResult): string[] {
  const update = result.perUpdate;
  const step = result.perStep;
  const due = result.due;
  return [
    '## Engine: trigger books and the scheduler (engine.ts)',
    '',
    `${String(result.positions)} open positions with TP/SL over ${String(result.symbols)} symbols; ${String(result.openSeconds)} one-second steps (a new price for every symbol each); ${String(result.fired)} positions closed by their triggers on the way.`,
    '',
    '| figure | p50 | p99 | max | aim |',
    '| --- | --- | --- | --- | --- |',
    `| engine time per price update, ms | ${ms(update.median)} | ${ms(update.p99)} | ${ms(update.max)} | p99 ≤ ${String(ENGINE_AIM.updateP99Ms)} |`,
    `| one step (every symbol's price), ms | ${ms(step.median)} | ${ms(step.p99)} | ${ms(step.max)} | |`,
    '',
    `RSS after the steps: ${result.rssMb.toFixed(0)} MB.`,
    '',
    `${String(due.items)} items due in one simulated second: run in ${ms(due.wallMs)} ms of wall time (aim ≤ ${String(ENGINE_AIM.dueWallMs)}); ${String(due.ranOnce)} ran once, ${String(due.twice)} more than once, ${String(due.missed)} missed.`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await enginePart();
  console.log(engineLines(result).join('\n'));
}

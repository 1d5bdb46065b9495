// The Coin Guess engine's draw under load, in this process (no HTTP, no socket): BENCH_DIGITS
// bets (10 000 by default) on one period, placed while it takes bets by enough users that none
// comes near the period's total per user (max_per_period), each on its own side of big/small and
// odd/even, spread over every bet type. The clock then moves to the period's draw and the engine
// pays every bet: the wall time that takes (aim: 1 s), and, from the ledger, that each bet was
// paid or lost exactly once (its ref GB<id>: the stake, then one win or one loss, and nothing
// more after the clock moves on), each win paying stake × odds, each bettor told once.
//
//   npx tsx scripts/bench/digits.ts        (alone; BENCH_DIGITS)
import { DIGITS_RULES } from '@bourse/fixtures';
import { D } from '@bourse/formulas';
import { betPayout, DIGIT_BET_IDS } from '@bourse/formulas/digits';
import { Exchange } from '@bourse/mock-server/engine';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ms } from './stats.ts';

const BETS = Number(process.env['BENCH_DIGITS'] ?? 10_000);
/** bets per user: 20 × 10 USDT, far under the period's total per user */
const PER_USER = 20;
const STAKE = '10';
/** a period's opening: 15:00:00 UTC (the game opens on whole minutes) */
const START = Date.UTC(2026, 10, 24, 15, 0, 0);
export const DIGITS_AIM = { settleWallMs: 1000 } as const;

export interface DigitsResult {
  readonly bets: number;
  readonly users: number;
  readonly issue: string;
  readonly number: number;
  /** wall time to place them all (not the aim: for comparison) */
  readonly betWallMs: number;
  /** wall time of the draw: every bet paid or lost */
  readonly settleWallMs: number;
  readonly won: number;
  readonly lost: number;
  /** bets whose ledger shows the stake then exactly one win or one loss, after the clock moved on */
  readonly settledOnce: number;
  readonly settledTwice: number;
  readonly unsettled: number;
  /** won bets paid other than stake × odds */
  readonly mispaid: number;
  /** result notices to the bettors (one per user) */
  readonly told: number;
}

const plainHasher = {
  hash: (password: string) => Promise.resolve(password),
  verify: (password: string, stored: string) => Promise.resolve(password === stored),
};

/** The bet types one user may hold together: one side of big/small and of odd/even. */
function typesFor(user: number): string[] {
  const [big, odd] = [user % 2 === 0, user % 4 < 2];
  const barred = new Set([big ? 'small' : 'big', odd ? 'even' : 'odd']);
  return DIGIT_BET_IDS.filter((id) => !barred.has(id));
}

export async function digitsPart(): Promise<DigitsResult> {
  const perPeriod = new D(STAKE).times(PER_USER);
  if (perPeriod.gt(DIGITS_RULES.max_per_period)) throw new Error('over the period total per user');
  let now = START;
  const exchange = new Exchange({ seed: 23, hasher: plainHasher, wall: () => now });
  const users = Math.ceil(BETS / PER_USER);
  await exchange.loadScenario({
    name: 'bench-digits',
    users: Array.from({ length: users }, (_, i) => ({
      email: `digits${String(i)}@example.com`,
      password: 'Secret123',
      balances: { real: { fund: perPeriod.toFixed() } },
    })),
  });
  const digits = exchange.domains.digits;
  const ids = Object.keys(exchange.live().users);
  const period = digits.round();
  if (period.phase !== 'betting' || period.opened_at !== START) {
    throw new Error(`the period ${period.issue} is ${period.phase} at the start`);
  }

  // every bet placed while the period takes bets, in time order
  const placed: { id: string; amount: string; odds: string }[] = [];
  const window = period.close_at - period.opened_at;
  const betStarted = performance.now();
  for (let i = 0; i < BETS; i++) {
    now = START + Math.floor((i * (window - 1000)) / BETS);
    const user = Math.floor(i / PER_USER);
    const types = typesFor(user);
    const bet = digits.addBet(ids[user] ?? '', {
      issue: period.issue,
      bet_type: types[(i * 7 + user) % types.length] ?? 'big',
      amount: STAKE,
      request_id: `bench-digits-${String(i).padStart(6, '0')}`,
    });
    placed.push({ id: bet.id, amount: bet.amount, odds: bet.odds });
  }
  const betWallMs = performance.now() - betStarted;

  let told = 0;
  digits.onEvent((event) => {
    if (event.type === 'notice') told += 1;
  });
  // the draw: every bet paid or lost
  now = period.draw_at;
  const started = performance.now();
  exchange.time.catchUp();
  const settleWallMs = performance.now() - started;
  const drawn = digits.round();
  // and a period later: nothing is paid twice
  now += 60_000;
  exchange.time.catchUp();

  const booked = new Map<string, string[]>();
  for (const transaction of exchange.ledger.transactions()) {
    if (!transaction.ref_id.startsWith('GB')) continue;
    const kinds = booked.get(transaction.ref_id) ?? [];
    kinds.push(transaction.kind);
    booked.set(transaction.ref_id, kinds);
  }
  const settlements = placed.map((bet) => {
    const [stake, ...rest] = booked.get(`GB${bet.id}`) ?? [];
    return stake === 'game_bet' ? rest.filter((k) => k === 'game_win' || k === 'game_bet') : [];
  });
  const rows = new Map(ids.flatMap((id) => digits.betRows(id)).map((row) => [row.id, row]));
  let [won, lost, mispaid] = [0, 0, 0];
  for (const bet of placed) {
    const row = rows.get(bet.id);
    if (row?.status === 'won') {
      won += 1;
      if (!new D(row.payout).eq(betPayout(bet.amount, bet.odds))) mispaid += 1;
    } else if (row?.status === 'lost') {
      lost += 1;
      if (!new D(row.payout).isZero()) mispaid += 1;
    }
  }
  exchange.ledger.check();
  return {
    bets: BETS,
    users,
    issue: period.issue,
    number: drawn.draw?.number ?? -1,
    betWallMs,
    settleWallMs,
    won,
    lost,
    settledOnce: settlements.filter((kinds) => kinds.length === 1).length,
    settledTwice: settlements.filter((kinds) => kinds.length > 1).length,
    unsettled: settlements.filter((kinds) => kinds.length === 0).length,
    mispaid,
    told,
  };
}

/** Whether the run met the aim: within the time, every bet settled once and rightly, each told. */
export const digitsOk = (result: DigitsResult): boolean =>
  result.settleWallMs <= DIGITS_AIM.settleWallMs &&
  result.settledOnce === result.bets &&
  result.won + result.lost === result.bets &&
  result.mispaid === 0 &&
  result.told === result.users;

export function digitsLines(result: DigitsResult): string[] {
  return [
    '## Coin Guess: the draw of one period with its bets (digits.ts)',
    '',
    `${String(result.bets)} bets of ${STAKE} USDT on period ${result.issue} by ${String(result.users)} users, ${String(PER_USER)} each over every bet type (placed in ${ms(result.betWallMs)} ms); ${String(result.number)} drawn.`,
    '',
    `- paid or lost in **${ms(result.settleWallMs)} ms** of wall time (aim ≤ ${String(DIGITS_AIM.settleWallMs)}: ${result.settleWallMs <= DIGITS_AIM.settleWallMs ? 'yes' : '**no**'})`,
    `- ledger: ${String(result.settledOnce)} bets paid or lost exactly once, ${String(result.settledTwice)} more than once, ${String(result.unsettled)} not at all; ${String(result.mispaid)} paid other than stake × odds; bettors told ${String(result.told)} times`,
    `- results: won ${String(result.won)}, lost ${String(result.lost)}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await digitsPart();
  console.log(digitsLines(result).join('\n'));
  if (!digitsOk(result)) process.exitCode = 1;
}

/**
 * The game's test world: ann with 1 000 USDT in her real and demo fund accounts, bo with 100 real,
 * on an exchange whose clock stands at 12:00:00 UTC, a period's opening (period 0721 of the day:
 * bets until 12:00:45, the draw at 12:00:55, the next period at 12:01:00); the seeds come from a
 * seeded generator, so every run draws alike.
 */
import { exchangeWorld, PASSWORD } from '../testing.ts';
import type { DigitsEvent } from './digits.ts';

export const START = Date.UTC(2026, 10, 24, 12, 0, 0);
export const FIRST = '20261124-0721';

let requests = 0;
export const rid = () => `digits-test-${String(++requests).padStart(6, '0')}`;

export async function digitsWorld() {
  const world = await exchangeWorld({
    at: START,
    users: [
      {
        email: 'ann@example.com',
        password: PASSWORD,
        identity_status: 'verified',
        balances: { real: { fund: '1000' }, demo: { fund: '1000' } },
      },
      { email: 'bo@example.com', password: PASSWORD, balances: { real: { fund: '100' } } },
    ],
  });
  const { exchange, ids, advance } = world;
  const [ann = '', bo = ''] = ids;
  const events: DigitsEvent[] = [];
  const digits = exchange.domains.digits;
  digits.onEvent((event) => events.push(event));
  let wall = START;
  return {
    exchange,
    digits,
    ann,
    bo,
    events,
    /** moves the clock on by `ms` and settles what fell due */
    pass: (ms: number) => {
      wall += ms;
      advance(ms);
      exchange.now();
    },
    get now() {
      return wall;
    },
    fund: (userId: string, mode: 'real' | 'demo' = 'real') => {
      const view = exchange.ledger.account(userId, mode, 'fund');
      return { available: view.available.toFixed(), frozen: view.frozen.toFixed() };
    },
    house: () => exchange.ledger.balance('sys:game_house').toFixed(),
    bet: (userId: string, fields: Partial<Parameters<typeof digits.addBet>[1]> = {}) =>
      digits.addBet(userId, {
        issue: digits.round().issue,
        bet_type: 'big',
        amount: '100',
        request_id: rid(),
        ...fields,
      }),
  };
}

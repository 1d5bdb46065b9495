/**
 * The options rooms' test world: ann (verified) with 1 000 USDT in her real and demo option
 * accounts, bo (unverified) with 1 000 real, on an exchange whose clock stands at a whole second
 * of a Tuesday (BTC trades, AAPL opens at 14:30 UTC). Prices are set and held (paused), so a
 * test says exactly which tick decides.
 */
import type { OptionOrder } from '@bourse/protocol';
import { exchangeWorld, PASSWORD } from '../testing.ts';
import type { OptionsEvent } from './options.ts';

export const START = Date.UTC(2026, 10, 24, 12, 0, 0);
export const BTC = 'btcusdt';
export const AAPL = 'aapl';
/** the durations of fixtures' OPTION_DURATIONS used here */
export const SECONDS_30 = '1';
export const MINUTE_1 = '2';
export const MONTH_CLOSED = '9';

let requests = 0;
export const rid = () => `option-test-${String(++requests).padStart(6, '0')}`;

export type OptionsWorld = Awaited<ReturnType<typeof optionsWorld>>;

export async function optionsWorld(at = START) {
  let wall = at;
  const world = await exchangeWorld({
    at,
    users: [
      {
        email: 'ann@example.com',
        password: PASSWORD,
        identity_status: 'verified',
        balances: { real: { option: '1000' }, demo: { option: '1000' } },
      },
      { email: 'bo@example.com', password: PASSWORD, balances: { real: { option: '1000' } } },
    ],
  });
  const { exchange, ids, advance } = world;
  const [ann = '', bo = ''] = ids;
  const events: OptionsEvent[] = [];
  const options = exchange.domains.options;
  options.onEvent((event) => events.push(event));
  return {
    exchange,
    options,
    ann,
    bo,
    events,
    /** moves the clock on by `ms` and settles what fell due */
    pass: (ms: number) => {
      wall += ms;
      advance(ms);
      exchange.now();
    },
    /** the price of `symbolId` from this whole second on, held there */
    hold: (price: string, symbolId = BTC) => {
      exchange.market.setPrice(symbolId, price, exchange.now());
      exchange.market.pause(symbolId, exchange.now());
    },
    /** the user's option account of a mode, as strings */
    account: (userId: string, mode: 'real' | 'demo' = 'real') => {
      const view = exchange.ledger.account(userId, mode, 'option');
      return { available: view.available.toFixed(), frozen: view.frozen.toFixed() };
    },
    house: () => exchange.ledger.balance('sys:options_house').toFixed(),
    buy: (userId: string, fields: Partial<Parameters<typeof options.addOrder>[1]> = {}) =>
      options.addOrder(userId, {
        symbol_id: BTC,
        duration_id: MINUTE_1,
        direction: 'up',
        amount: '100',
        request_id: rid(),
        ...fields,
      }),
    /** an order as the user's records list it now */
    find: (userId: string, id: string): OptionOrder | undefined =>
      options.orders(userId, { order_id: id, page: 1, limit: 1 }).list[0],
    get now() {
      return wall;
    },
  };
}

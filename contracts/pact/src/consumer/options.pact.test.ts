/**
 * /api/MicroOrders/*: timed up/down options. The duration chips (a guest reads them), a buy, the
 * records tabs, cancelling an order still waiting for its start, each signed with PACT_TOKEN;
 * every refusal the options screens handle (code 500: the app shows the message, and on a moved
 * price the new price it carries); and the `Option` push that keeps the records moving.
 *
 * The price is set by a provider state and holds there (the clock stands still), so a buy trades
 * at once, at a known entry, and nothing settles while the interaction is replayed. One table of
 * cases: a new reply or refusal is one row (`answers` or `refuses`, support.ts).
 */
import { SCENARIOS } from '@bourse/fixtures';
import {
  accountMode,
  CODES,
  endpoints,
  FUNC,
  optionDirection,
  optionUnit,
  type OptionStatus,
} from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_TIME, OPTION_PUSH, PACT_TOKEN } from '../pact.ts';
import { state } from '../states.ts';
import { boolean, decimal, eachLike, id, integer, like, millis, oneOf, text } from './matchers.ts';
import { answers, fails, newPact, readPush, refuses, runCases, type Case } from './support.ts';

const { options } = endpoints;
const pact = newPact();

const trader = SCENARIOS['verified-trader'].users[0]!;
const fresh = SCENARIOS['fresh-user'].users[0]!;
const signedIn = (user: { email: string; password: string }) =>
  state('a signed-in user', { email: user.email, password: user.password, token: PACT_TOKEN });
const traderIn = signedIn(trader);

const SYMBOL = 'btcusdt';
/** fixtures' OPTION_DURATIONS: 1 min (85 %), and the month the desk lists but has closed */
const DURATION = { m1: '2', closedMonth: '9' };
const ORDER_ID = '7001';
const REQUEST = {
  buy: 'pact-option-buy-000001',
  cancel: 'pact-option-cancel-0001',
};

const priced = state('the market price is', { symbol_id: SYMBOL, price: '20000' });
/** 100 USDT up on BTC for a minute: trading from the price of the moment */
const holding = state('the user holds an option', {
  email: trader.email,
  id: ORDER_ID,
  symbol_id: SYMBOL,
  direction: 'up',
  amount: '100',
  duration_id: DURATION.m1,
});
/** 100 USDT up on BTC for a minute, starting in an hour: ordering, its stake held */
const waiting = state('the user has an option ordering', {
  email: trader.email,
  id: ORDER_ID,
  symbol_id: SYMBOL,
  direction: 'up',
  amount: '100',
  duration_id: DURATION.m1,
  start_in_seconds: '3600',
});

/** One tick of the audit: a time and the price printed then. */
const tick = { time: millis(1_763_899_970_000), price: decimal('20000.00') };

/**
 * An order as the options screens read it (the trade panel, the records, the detail page);
 * `status` is exact where the consumer relies on it, the rest matched by type or format.
 */
function orderShape(status: OptionStatus) {
  const started = status === 'trading';
  const timestamp = (value: boolean) => (value ? millis() : null);
  return {
    id: id(ORDER_ID),
    order_no: text('OP202511231200017001'),
    symbol_id: text(SYMBOL),
    symbol: text('BTC/USDT'),
    direction: oneOf(optionDirection.options, 'up'),
    amount: decimal('100.00'),
    fee: decimal('0.00'),
    duration_id: id(DURATION.m1),
    seconds: integer(60),
    payout_rate: decimal('85'),
    open_price: started ? decimal('20000.00') : null,
    open_tick_at: timestamp(started),
    current_price: started ? decimal('20000.00') : null,
    close_price: null,
    close_tick_at: null,
    created_at: millis(),
    start_at: status === 'trading' ? null : millis(),
    opened_at: timestamp(started),
    // delivery: a minute after it opened
    settle_at: started ? millis(EXAMPLE_TIME + 60_000) : null,
    closed_at: timestamp(status === 'cancelled'),
    status,
    result: null,
    // while trading the estimate at the current price; cancelled, nothing won or lost
    profit: decimal('0.00'),
    // cancelled: the whole stake back
    payout: decimal(status === 'cancelled' ? '100.00' : '0.00'),
    audit: {
      // the ticks around the entry so far; none before it starts
      entry: started ? eachLike(tick) : [],
      exit: [],
    },
    account_mode: oneOf(accountMode.options, 'real'),
  };
}

/** A buy from the trade panel: BTC up for a minute, at the price the buyer saw. */
const buy = (fields: { amount?: string; duration_id?: string; quote_price?: string } = {}) => ({
  symbol_id: SYMBOL,
  duration_id: fields.duration_id ?? DURATION.m1,
  direction: 'up' as const,
  amount: fields.amount ?? '100',
  request_id: REQUEST.buy,
  quote_price: fields.quote_price ?? '20000.00',
});

const OPTIONS: readonly Case[] = [
  // ---- the trade panel ---------------------------------------------------------------------
  answers({
    name: 'reads the durations a symbol offers, with the desk’s rules',
    description: 'a request for the option durations of a symbol',
    states: [state('a symbol is listed', { symbol_id: SYMBOL })],
    who: 'guest',
    endpoint: options.getSecondList,
    body: { symbol_id: SYMBOL },
    data: {
      // the one asked for
      symbol_id: SYMBOL,
      list: eachLike({
        id: id('1'),
        seconds: integer(30),
        unit: oneOf(optionUnit.options, 'second'),
        value: integer(30),
        payout_rate: decimal('80'),
        min_amount: decimal('10'),
        max_amount: decimal('5000'),
        open: boolean(true),
      }),
      settings: {
        max_open_orders: integer(20),
        amount_decimals: integer(2),
        tie_rule: 'refund',
        price_tolerance: decimal('0.002'),
        max_start_delay: integer(86_400),
      },
      server_time: millis(),
    },
    check: (reply) => {
      expect(reply.symbol_id).toBe(SYMBOL);
      expect(reply.list.some((duration) => duration.open)).toBe(true);
    },
  }),
  answers({
    name: 'buys an option, which trades at once at the price of the moment',
    description: 'a request to buy an up option for a minute',
    states: [traderIn, priced],
    endpoint: options.addOrder,
    body: buy(),
    inject: { quote_price: 'quote_price' },
    data: orderShape('trading'),
    check: (order) => {
      expect(order.status).toBe('trading');
      expect(order.settle_at).toBe((order.opened_at ?? 0) + order.seconds * 1000);
    },
  }),
  refuses({
    name: 'is told the duration is not taking orders',
    description: 'a request to buy an option for a duration the desk has closed',
    states: [traderIn, priced],
    endpoint: options.addOrder,
    body: buy({ duration_id: DURATION.closedMonth, amount: '100' }),
    inject: { quote_price: 'quote_price' },
    code: CODES.failed,
    msg: 'This duration is not taking orders now',
  }),
  refuses({
    name: 'is told the stake is under the minimum',
    description: 'a request to buy an option with a stake under the minimum',
    states: [traderIn, priced],
    endpoint: options.addOrder,
    body: buy({ amount: '5' }),
    inject: { quote_price: 'quote_price' },
    code: CODES.failed,
    msg: 'The minimum amount is 10 USDT',
  }),
  refuses({
    name: 'is told the option account does not hold the stake',
    description: 'a request to buy an option with a stake over the available balance',
    states: [traderIn, priced],
    endpoint: options.addOrder,
    body: buy({ amount: '1000' }),
    inject: { quote_price: 'quote_price' },
    code: CODES.failed,
    msg: 'Insufficient available balance',
  }),
  refuses({
    name: 'is told to verify the identity before buying on the real account',
    description: 'a request to buy an option on the real account without a verified identity',
    states: [signedIn(fresh), priced],
    endpoint: options.addOrder,
    body: buy(),
    inject: { quote_price: 'quote_price' },
    code: CODES.failed,
    msg: 'Please complete identity verification first',
  }),
  refuses({
    name: 'is told the price has moved past the tolerance, and to what',
    description: 'a request to buy an option at a price the market has moved away from',
    states: [traderIn, priced],
    endpoint: options.addOrder,
    body: buy({ quote_price: '19000.00' }),
    inject: { quote_price: 'moved_quote_price' },
    code: CODES.failed,
    msg: 'The price has moved to 20000.00: check it and buy again',
  }),
  refuses({
    name: 'is told too many options are open',
    description: 'a request to buy an option with as many open as the desk allows',
    states: [
      traderIn,
      priced,
      state('the user holds as many options as allowed', {
        email: trader.email,
        symbol_id: SYMBOL,
      }),
    ],
    endpoint: options.addOrder,
    body: buy({ amount: '10' }),
    inject: { quote_price: 'quote_price' },
    code: CODES.failed,
    msg: 'You already have 20 options open: wait for one to settle',
  }),

  // ---- the records -------------------------------------------------------------------------
  answers({
    name: 'lists the options trading',
    description: 'a request for the options trading',
    states: [traderIn, priced, holding],
    endpoint: options.orderList,
    body: { status: 'trading', page: 1, limit: 20 },
    data: { list: eachLike(orderShape('trading')), total: integer(1), page: 1, limit: 20 },
    check: (page) => {
      expect(page.list.every((order) => order.status === 'trading')).toBe(true);
    },
  }),
  answers({
    name: 'reads one option for its detail page',
    description: 'a request for one option by its id',
    states: [traderIn, priced, holding],
    endpoint: options.orderList,
    body: { order_id: ORDER_ID, page: 1, limit: 1 },
    inject: { order_id: 'option_id' },
    data: { list: [orderShape('trading')], total: 1, page: 1, limit: 1 },
    check: (page) => {
      expect(page.list[0]?.id).toBe(ORDER_ID);
    },
  }),

  // ---- cancelling --------------------------------------------------------------------------
  answers({
    name: 'cancels an option still waiting for its start, and gets the stake back',
    description: 'a request to cancel an option that is ordering',
    states: [traderIn, priced, waiting],
    endpoint: options.orderCancel,
    body: { order_id: ORDER_ID, request_id: REQUEST.cancel },
    inject: { order_id: 'option_id' },
    data: orderShape('cancelled'),
    check: (order) => {
      expect(order.status).toBe('cancelled');
      expect(order.payout).toBe(order.amount);
    },
  }),
  refuses({
    name: 'is told an option that has started cannot be cancelled',
    description: 'a request to cancel an option that is trading',
    states: [traderIn, priced, holding],
    endpoint: options.orderCancel,
    body: { order_id: ORDER_ID, request_id: REQUEST.cancel },
    inject: { order_id: 'option_id' },
    code: CODES.failed,
    msg: 'This option has started and can no longer be cancelled',
  }),
];

describe('options', () => {
  it('is told a symbol that does not exist offers no durations', () =>
    fails(
      pact,
      {
        description: 'a request for the option durations of a symbol that does not exist',
        states: [state('no symbol has the id', { symbol_id: 'no-such-symbol' })],
        endpoint: options.getSecondList,
        body: { symbol_id: 'no-such-symbol' },
        who: 'guest',
      },
      { code: CODES.notFound, msg: like('This symbol does not exist') },
      (error) => {
        expect(error.code).toBe(404);
      },
    ));

  runCases(pact, OPTIONS);

  it('reads an Option push about an option bought', () =>
    pact
      .addAsynchronousInteraction()
      .given(traderIn.name, traderIn.params)
      .given(priced.name, priced.params)
      .expectsToReceive(OPTION_PUSH, (message) => {
        message.withJSONContent({
          cmd: 'data',
          msg: {
            func: FUNC.option,
            // a private push's topic is its func
            topic: FUNC.option,
            data: {
              ...orderShape('trading'),
              // the push tells of every change: placed, begun, settled or cancelled
              status: oneOf(['ordering', 'trading', 'settled', 'cancelled'], 'trading'),
              result: null,
            },
          },
        });
      })
      .executeTest((message) => {
        const push = readPush(JSON.stringify(message.contents.content), 'Option');
        expect(push.topic).toBe('Option');
        expect(push.data).toMatchObject({ id: ORDER_ID, status: 'trading', result: null });
        return Promise.resolve();
      }));
});

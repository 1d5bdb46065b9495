import { z } from 'zod';
import {
  accountMode,
  decimalString,
  idString,
  pageOf,
  pageRequest,
  requestId,
  timestampMs,
} from '../schemas.ts';
import { endpoint } from './endpoint.ts';
import { enteredDecimal, optionalPrice } from './market.ts';

/** SPEC.md §9: the time units an option duration is written in. */
export const optionUnit = z.enum(['second', 'minute', 'hour', 'day', 'week', 'month']);
export type OptionUnit = z.infer<typeof optionUnit>;

/** One duration a symbol offers, with its payout and stake bounds. */
export const optionDuration = z.object({
  id: idString,
  /** the whole duration in seconds (a month counts as 30 days) */
  seconds: z.number().int().positive(),
  unit: optionUnit,
  /** how many units: 30 with 'second' is "30 s" */
  value: z.number().int().positive(),
  /** the profit on a win as a percentage of the stake ("85" pays 85 USDT on 100) */
  payout_rate: decimalString,
  min_amount: decimalString,
  max_amount: decimalString,
  /** whether it takes orders now (a duration the desk has closed is listed, greyed) */
  open: z.boolean(),
});
export type OptionDuration = z.infer<typeof optionDuration>;

/** The desk's rules, the same for every duration. */
export const optionSettings = z.object({
  /** orders one user may have ordering or trading at once, per account */
  max_open_orders: z.number().int().positive(),
  /** decimals a stake may carry */
  amount_decimals: z.number().int().nonnegative(),
  /** what a settlement at the entry price does: 'refund' returns the stake */
  tie_rule: z.literal('refund'),
  /**
   * how far (a fraction: "0.002" is 0.2 %) the price may have moved from the quote a buyer saw
   * before the order is refused with the new price
   */
  price_tolerance: decimalString,
  /** the latest start time an order may choose, in seconds from now */
  max_start_delay: z.number().int().nonnegative(),
});
export type OptionSettings = z.infer<typeof optionSettings>;

export const optionDirection = z.enum(['up', 'down']);
export type OptionDirection = z.infer<typeof optionDirection>;

/**
 * SPEC.md §4 shows Trading, Ordering and Settled. 'ordering': accepted, waiting for its start
 * (a start time chosen, or the market's opening when it is closed), its stake held; 'trading':
 * open at its entry tick, counting down to settle_at; 'settled': decided at settle_at;
 * 'cancelled': withdrawn while still ordering, its stake returned.
 */
export const optionStatus = z.enum(['ordering', 'trading', 'settled', 'cancelled']);
export type OptionStatus = z.infer<typeof optionStatus>;

/** The tabs of the options records; 'settled' lists cancelled orders too. */
export const optionListStatus = z.enum(['ordering', 'trading', 'settled']);

/**
 * 'win' and 'lose' by the exit against the entry; 'draw' when they are equal (the stake is
 * returned); 'void' when the market printed no price between entry and delivery (a feed gap, a
 * market that closed): the stake is returned.
 */
export const optionResult = z.enum(['win', 'lose', 'draw', 'void']);
export type OptionResult = z.infer<typeof optionResult>;

/** One price of the feed: what the market printed at a whole second. */
export const optionTick = z.object({ time: timestampMs, price: decimalString });
export type OptionTick = z.infer<typeof optionTick>;

/**
 * The ticks that decided an order, as Deriv's audit shows them: those around the entry tick and
 * around the exit tick, oldest first, each list holding its decisive tick.
 */
export const optionAudit = z.object({
  entry: z.array(optionTick),
  exit: z.array(optionTick),
});
export type OptionAudit = z.infer<typeof optionAudit>;

export const optionOrder = z.object({
  id: idString,
  order_no: z.string(),
  symbol_id: idString,
  symbol: z.string(),
  direction: optionDirection,
  /** the stake, USDT, taken from the option account */
  amount: decimalString,
  /** the fee taken on top of the stake when the order was placed */
  fee: decimalString,
  duration_id: idString,
  /** the duration in seconds, copied from the duration chosen */
  seconds: z.number().int().positive(),
  /** the payout percentage fixed when the order was placed */
  payout_rate: decimalString,
  /** null while ordering */
  open_price: decimalString.nullable(),
  /** the time of the entry tick; null while ordering */
  open_tick_at: timestampMs.nullable(),
  /** the latest price while trading; the closing price once settled; null while ordering */
  current_price: decimalString.nullable(),
  /** null until settled (and when void) */
  close_price: decimalString.nullable(),
  /** the time of the exit tick: the last at or before settle_at; null until settled or void */
  close_tick_at: timestampMs.nullable(),
  created_at: timestampMs,
  /** the start time chosen, if one was; null for "now" */
  start_at: timestampMs.nullable(),
  /** null while ordering */
  opened_at: timestampMs.nullable(),
  /** the delivery time: opened_at + seconds; null while ordering */
  settle_at: timestampMs.nullable(),
  /** when it was settled or cancelled; null before */
  closed_at: timestampMs.nullable(),
  status: optionStatus,
  /** null until settled */
  result: optionResult.nullable(),
  /**
   * signed, USDT: while trading the profit if it settled at current_price, once settled the
   * final one (stake × payout_rate ÷ 100 on a win, −stake on a loss, 0 on a draw or void)
   */
  profit: decimalString,
  /** what went back to the option account: stake + profit on a win, the stake on a draw, void or cancel, 0 otherwise */
  payout: decimalString,
  audit: optionAudit,
  account_mode: accountMode,
});
export type OptionOrder = z.infer<typeof optionOrder>;

export const EXAMPLE_OPTION_ORDER = {
  id: '7001',
  order_no: 'OP20251123120001',
  symbol_id: '1',
  symbol: 'BTC/USDT',
  direction: 'up',
  amount: '100.00',
  fee: '0.00',
  duration_id: '2',
  seconds: 60,
  payout_rate: '85',
  open_price: '97180.00',
  open_tick_at: 1_763_899_970_000,
  current_price: '97250.50',
  close_price: null,
  close_tick_at: null,
  created_at: 1_763_899_970_120,
  start_at: null,
  opened_at: 1_763_899_970_120,
  settle_at: 1_763_900_030_120,
  closed_at: null,
  status: 'trading',
  result: null,
  profit: '85.00',
  payout: '0.00',
  audit: {
    entry: [
      { time: 1_763_899_968_000, price: '97175.00' },
      { time: 1_763_899_969_000, price: '97178.50' },
      { time: 1_763_899_970_000, price: '97180.00' },
      { time: 1_763_899_971_000, price: '97184.00' },
    ],
    exit: [],
  },
  account_mode: 'real',
} as const satisfies OptionOrder;

export const options = {
  getSecondList: endpoint({
    path: '/api/MicroOrders/getSecondList',
    auth: 'guest',
    loading: false,
    summary: 'The durations a symbol offers for up/down options, shortest first.',
    assumed:
      'field `symbol_id`; every reply field; payout_rate as a percentage of the stake; a month as 30 days in `seconds`',
    request: z.object({ symbol_id: idString }),
    response: z.object({
      symbol_id: idString,
      list: z.array(optionDuration),
      settings: optionSettings,
      /** the server's clock when it answered: what countdowns are measured against */
      server_time: timestampMs,
    }),
    example: {
      request: { symbol_id: '1' },
      response: {
        symbol_id: '1',
        server_time: 1_763_899_970_000,
        settings: {
          max_open_orders: 20,
          amount_decimals: 2,
          tie_rule: 'refund',
          price_tolerance: '0.002',
          max_start_delay: 86_400,
        },
        list: [
          {
            id: '1',
            seconds: 30,
            unit: 'second',
            value: 30,
            payout_rate: '80',
            min_amount: '10',
            max_amount: '5000',
            open: true,
          },
          {
            id: '2',
            seconds: 60,
            unit: 'minute',
            value: 1,
            payout_rate: '85',
            min_amount: '10',
            max_amount: '10000',
            open: true,
          },
        ],
      },
    },
  }),
  addOrder: endpoint({
    path: '/api/MicroOrders/addOrder',
    auth: 'user',
    loading: true,
    summary:
      "Places an up/down option: the stake moves to the option account's frozen part of the current mode until settlement; the entry is the price at acceptance (or, ordering, at its start). Code 500 when the duration is closed, the stake is out of bounds or over the balance, the market is closed and no start is chosen, too many orders are open, a real account is unverified, or the price moved past the tolerance from the quote (the message carries the new price).",
    assumed:
      'field names; `request_id` (ours: one per intent, a repeat replays the first order); `quote_price` and `start_at` (ours; optional)',
    request: z.object({
      symbol_id: idString,
      duration_id: idString,
      direction: optionDirection,
      amount: enteredDecimal,
      request_id: requestId,
      /** the price the buyer saw: refused if the market has moved past the tolerance from it */
      quote_price: optionalPrice.optional(),
      /** a start time (ms) instead of now: the order waits, ordering, until then */
      start_at: timestampMs.optional(),
    }),
    response: optionOrder,
    example: {
      request: {
        symbol_id: '1',
        duration_id: '2',
        direction: 'up',
        amount: '100',
        request_id: '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d',
        quote_price: '97180.00',
      },
      response: {
        ...EXAMPLE_OPTION_ORDER,
        current_price: '97180.00',
        profit: '0.00',
      },
    },
  }),
  orderList: endpoint({
    path: '/api/MicroOrders/orderList',
    auth: 'user',
    loading: false,
    summary:
      'Option orders of the current mode, newest first, by tab (every order when no status is given), or one order by id.',
    assumed: 'field names; that the settled tab lists cancelled orders too; `order_id` (ours)',
    request: pageRequest.extend({
      status: optionListStatus.optional(),
      symbol_id: idString.optional(),
      /** one order (the detail page): the list holds it, or nothing */
      order_id: idString.optional(),
    }),
    response: pageOf(optionOrder),
    example: {
      request: { status: 'trading', page: 1, limit: 20 },
      response: { list: [EXAMPLE_OPTION_ORDER], total: 1, page: 1, limit: 20 },
    },
  }),
  orderCancel: endpoint({
    path: '/api/MicroOrders/orderCancel',
    auth: 'user',
    loading: true,
    summary:
      'Cancels an option order that is still ordering and returns the stake; code 500 once it trades.',
    assumed:
      'field `order_id`; that only an ordering order can be cancelled; the reply; `request_id` (ours)',
    request: z.object({ order_id: idString, request_id: requestId }),
    response: optionOrder,
    example: {
      request: { order_id: '7002', request_id: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e' },
      response: {
        ...EXAMPLE_OPTION_ORDER,
        id: '7002',
        order_no: 'OP20251123120002',
        open_price: null,
        open_tick_at: null,
        current_price: null,
        start_at: 1_763_903_600_000,
        opened_at: null,
        settle_at: null,
        closed_at: 1_763_899_990_000,
        status: 'cancelled',
        profit: '0.00',
        payout: '100.00',
        audit: { entry: [], exit: [] },
      },
    },
  }),
};

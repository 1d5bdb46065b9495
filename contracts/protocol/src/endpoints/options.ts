import { z } from 'zod';
import {
  accountMode,
  decimalString,
  idString,
  pageOf,
  pageRequest,
  timestampMs,
} from '../schemas.ts';
import { endpoint } from './endpoint.ts';
import { enteredDecimal } from './market.ts';

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
});
export type OptionDuration = z.infer<typeof optionDuration>;

export const optionDirection = z.enum(['up', 'down']);
export type OptionDirection = z.infer<typeof optionDirection>;

/**
 * SPEC.md §4 shows Trading, Ordering and Settled. 'ordering': accepted, waiting for its opening
 * price (the next tick, or the market's opening when it is closed); 'trading': open, counting down
 * to settle_at; 'settled': decided at settle_at; 'cancelled': withdrawn while still ordering.
 */
export const optionStatus = z.enum(['ordering', 'trading', 'settled', 'cancelled']);
export type OptionStatus = z.infer<typeof optionStatus>;

/** The tabs of the options records; 'settled' lists cancelled orders too. */
export const optionListStatus = z.enum(['ordering', 'trading', 'settled']);

export const optionResult = z.enum(['win', 'lose', 'draw']);
export type OptionResult = z.infer<typeof optionResult>;

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
  /** the latest price while trading; the closing price once settled; null while ordering */
  current_price: decimalString.nullable(),
  /** null until settled */
  close_price: decimalString.nullable(),
  created_at: timestampMs,
  /** null while ordering */
  opened_at: timestampMs.nullable(),
  /** the delivery time: opened_at + seconds; null while ordering */
  settle_at: timestampMs.nullable(),
  status: optionStatus,
  /** null until settled; 'draw' when close_price equals open_price (the stake is returned) */
  result: optionResult.nullable(),
  /**
   * signed, USDT: while trading the profit if it settled at current_price, once settled the
   * final one (stake × payout_rate ÷ 100 on a win, −stake on a loss, 0 on a draw)
   */
  profit: decimalString,
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
  duration_id: '1',
  seconds: 60,
  payout_rate: '85',
  open_price: '97180.00',
  current_price: '97250.50',
  close_price: null,
  created_at: 1_763_899_970_000,
  opened_at: 1_763_899_970_000,
  settle_at: 1_763_900_030_000,
  status: 'trading',
  result: null,
  profit: '85.00',
  account_mode: 'real',
} as const;

export const options = {
  getSecondList: endpoint({
    path: '/api/MicroOrders/getSecondList',
    auth: 'guest',
    loading: false,
    summary: 'The durations a symbol offers for up/down options, shortest first.',
    assumed:
      'field `symbol_id`; every reply field; payout_rate as a percentage of the stake; a month as 30 days in `seconds`',
    request: z.object({ symbol_id: idString }),
    response: z.object({ symbol_id: idString, list: z.array(optionDuration) }),
    example: {
      request: { symbol_id: '1' },
      response: {
        symbol_id: '1',
        list: [
          {
            id: '1',
            seconds: 60,
            unit: 'second',
            value: 60,
            payout_rate: '85',
            min_amount: '10',
            max_amount: '50000',
          },
          {
            id: '2',
            seconds: 300,
            unit: 'minute',
            value: 5,
            payout_rate: '80',
            min_amount: '10',
            max_amount: '50000',
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
      "Places an up/down option: the stake is held in the option account of the current mode until settlement. Code 500 when it is outside the duration's bounds or the balance is short.",
    assumed:
      'field names; that the server checks the stake against min_amount/max_amount and the identity requirement',
    request: z.object({
      symbol_id: idString,
      duration_id: idString,
      direction: optionDirection,
      amount: enteredDecimal,
    }),
    response: optionOrder,
    example: {
      request: { symbol_id: '1', duration_id: '1', direction: 'up', amount: '100' },
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
      'Option orders of the current mode, newest first, by tab (every order when no status is given).',
    assumed: 'field names; that the settled tab lists cancelled orders too',
    request: pageRequest.extend({
      status: optionListStatus.optional(),
      symbol_id: idString.optional(),
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
    assumed: 'field `order_id`; that only an ordering order can be cancelled; the reply',
    request: z.object({ order_id: idString }),
    response: optionOrder,
    example: {
      request: { order_id: '7002' },
      response: {
        ...EXAMPLE_OPTION_ORDER,
        id: '7002',
        order_no: 'OP20251123120002',
        open_price: null,
        current_price: null,
        opened_at: null,
        settle_at: null,
        status: 'cancelled',
        profit: '0.00',
      },
    },
  }),
};

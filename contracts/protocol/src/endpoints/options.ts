import { z } from 'zod/mini';
import { idString, pageOf, pageRequest, requestId, timestampMs } from '../schemas.ts';
import { endpoint } from './endpoint.ts';
import { enteredDecimal, optionalPrice } from './market.ts';
import {
  optionDuration,
  optionSettings,
  optionDirection,
  optionListStatus,
  optionOrder,
  type OptionOrder,
} from './options-schema.ts';

export * from './options-schema.ts';

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
      quote_price: z.optional(optionalPrice),
      /** a start time (ms) instead of now: the order waits, ordering, until then */
      start_at: z.optional(timestampMs),
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
    request: z.extend(pageRequest, {
      status: z.optional(optionListStatus),
      symbol_id: z.optional(idString),
      /** one order (the detail page): the list holds it, or nothing */
      order_id: z.optional(idString),
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

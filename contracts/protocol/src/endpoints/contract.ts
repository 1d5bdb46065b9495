import { z } from 'zod/mini';
import {
  accountMode,
  decimalString,
  empty,
  idString,
  pageOf,
  pageRequest,
  requestId,
  timestampMs,
} from '../schemas.ts';
import { endpoint } from './endpoint.ts';
import { enteredDecimal, optionalPrice } from './market.ts';

/** Compares two non-negative decimal strings exactly: −1, 0 or 1. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [aInt = '', aFrac = ''] = a.split('.');
  const [bInt = '', bFrac = ''] = b.split('.');
  const ai = aInt.replace(/^0+/, '');
  const bi = bInt.replace(/^0+/, '');
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  const width = Math.max(aFrac.length, bFrac.length);
  const left = ai + aFrac.padEnd(width, '0');
  const right = bi + bFrac.padEnd(width, '0');
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

/** A leverage the symbol offers: the id goes back in addOrder, the value is the multiple. */
export const leverageOption = z.object({ id: idString, value: z.int().check(z.positive()) });
export type LeverageOption = z.infer<typeof leverageOption>;

/** 'buy' opens a long (or, reduce-only, closes a short); 'sell' the other way round. */
export const orderSide = z.enum(['buy', 'sell']);
export type OrderSide = z.infer<typeof orderSide>;

export const orderType = z.enum(['limit', 'market']);
export type OrderType = z.infer<typeof orderType>;

/** SPEC.md §4: open long, open short, close long, close short (side plus reduce_only). */
export const orderAction = z.enum(['open_long', 'open_short', 'close_long', 'close_short']);
export type OrderAction = z.infer<typeof orderAction>;

export const positionDirection = z.enum(['long', 'short']);
export type PositionDirection = z.infer<typeof positionDirection>;

/**
 * SPEC.md §4's statuses, one each:
 * - 'pending' (in order): resting, nothing traded yet;
 * - 'partially_filled' (in trade): part traded, the rest resting;
 * - 'filled' (Fully Traded): an opening order traded in full, its position still open;
 * - 'closed' (Closed): an opening order traded in full whose position has since been closed
 *   (by the user, take profit, stop loss or liquidation);
 * - 'completed' (Completed): a closing order (reduce-only) traded in full;
 * - 'cancelled' (Cancelled): withdrawn before trading in full; a traded part stays traded.
 * 'pending' and 'partially_filled' are the open orders; the rest are history.
 */
export const contractOrderStatus = z.enum([
  'pending',
  'partially_filled',
  'filled',
  'closed',
  'completed',
  'cancelled',
]);
export type ContractOrderStatus = z.infer<typeof contractOrderStatus>;

export const OPEN_ORDER_STATUSES: readonly ContractOrderStatus[] = ['pending', 'partially_filled'];

/** Who placed an order: the user, or the engine for a take profit, stop loss or liquidation. */
export const orderSource = z.enum(['user', 'take_profit', 'stop_loss', 'liquidation']);
export type OrderSource = z.infer<typeof orderSource>;

export const positionMode = z.enum(['one_way', 'hedge']);
export const marginMode = z.enum(['isolated', 'cross']);

export const contractOrder = z.object({
  id: idString,
  order_no: z.string(),
  symbol_id: idString,
  symbol: z.string(),
  side: orderSide,
  action: orderAction,
  type: orderType,
  /** the limit price; null for a market order */
  price: z.nullable(decimalString),
  /** the average traded price; null until something trades */
  avg_price: z.nullable(decimalString),
  leverage: z.int().check(z.positive()),
  /** '' when none */
  take_profit: optionalPrice,
  /** '' when none */
  stop_loss: optionalPrice,
  /** notional value in USDT: quantity × (price, or avg_price for a market order) */
  amount: decimalString,
  /** the total order volume */
  quantity: decimalString,
  /** the traded volume */
  filled_quantity: decimalString,
  /** the margin the order holds: amount ÷ leverage ('0' for a closing order) */
  cost: decimalString,
  /** estimated at the maker (limit) or taker (market) rate until traded, then the fee charged */
  fee: decimalString,
  /** profit realised by a closing order, signed; '0' for an opening order */
  realized_pnl: decimalString,
  reduce_only: z.boolean(),
  /** the position the order opened or closed; null until it trades */
  position_id: z.nullable(idString),
  source: orderSource,
  status: contractOrderStatus,
  created_at: timestampMs,
  updated_at: timestampMs,
  account_mode: accountMode,
});
export type ContractOrder = z.infer<typeof contractOrder>;

export const position = z.object({
  id: idString,
  symbol_id: idString,
  symbol: z.string(),
  direction: positionDirection,
  /** the volume held */
  quantity: decimalString,
  /** the volume not already tied to a resting closing order */
  closable_quantity: decimalString,
  /** isolated margin, USDT */
  margin: decimalString,
  /** the most margin that can be taken out now (SPEC.md §5: reduce is bounded by it) */
  max_reduce_margin: decimalString,
  /** maintenance margin ÷ (margin + unrealized_pnl), a percentage: liquidation at 100 (FORMULAS.md) */
  margin_ratio: decimalString,
  /** the average open price */
  entry_price: decimalString,
  mark_price: decimalString,
  liquidation_price: decimalString,
  /** signed, USDT, at mark_price */
  unrealized_pnl: decimalString,
  /** unrealized_pnl ÷ initial margin (quantity × entry_price ÷ leverage), a signed percentage */
  pnl_rate: decimalString,
  leverage: z.int().check(z.positive()),
  /** '' when none */
  take_profit: optionalPrice,
  /** '' when none */
  stop_loss: optionalPrice,
  opened_at: timestampMs,
  updated_at: timestampMs,
  account_mode: accountMode,
});
export type Position = z.infer<typeof position>;

/** The auto-margin rule (SPEC.md §3 names deposit_rate and auto_add). */
export const autoMarginRule = z.object({
  enabled: z.boolean(),
  /** when a position's unrealised loss reaches this percentage of its margin, margin is added */
  deposit_rate: decimalString,
  /** how much is added each time, as a percentage of the position's initial margin */
  auto_add: decimalString,
});
export type AutoMarginRule = z.infer<typeof autoMarginRule>;

/** A percentage the user enters: above zero and at most `max`. */
const enteredPercent = (max: number) =>
  enteredDecimal.check(
    z.refine((value) => Number(value) <= max, { error: `must be at most ${max}` }),
  );

const EXAMPLE_PENDING_ORDER = {
  id: '9001',
  order_no: 'CT20251123115501',
  symbol_id: '1',
  symbol: 'BTC/USDT',
  side: 'buy',
  action: 'open_long',
  type: 'limit',
  price: '97000.00',
  avg_price: null,
  leverage: 20,
  take_profit: '99000.00',
  stop_loss: '95500.00',
  amount: '9700.00',
  quantity: '0.1',
  filled_quantity: '0',
  cost: '485.00',
  fee: '1.94',
  realized_pnl: '0',
  reduce_only: false,
  position_id: null,
  source: 'user',
  status: 'pending',
  created_at: 1_763_899_700_000,
  updated_at: 1_763_899_700_000,
  account_mode: 'real',
} as const;

export const EXAMPLE_CONTRACT_ORDER = {
  ...EXAMPLE_PENDING_ORDER,
  avg_price: '97000.00',
  filled_quantity: '0.1',
  position_id: '5001',
  status: 'filled',
  updated_at: 1_763_899_760_000,
} as const;

/** The long that EXAMPLE_CONTRACT_ORDER opened, after 50 USDT of margin was added. */
export const EXAMPLE_POSITION = {
  id: '5001',
  symbol_id: '1',
  symbol: 'BTC/USDT',
  direction: 'long',
  quantity: '0.1',
  closable_quantity: '0.1',
  margin: '535.00',
  max_reduce_margin: '50.00',
  margin_ratio: '8.68',
  entry_price: '97000.00',
  mark_price: '97250.50',
  liquidation_price: '92135.00',
  unrealized_pnl: '25.05',
  pnl_rate: '5.16',
  leverage: 20,
  take_profit: '99000.00',
  stop_loss: '95500.00',
  opened_at: 1_763_899_760_000,
  updated_at: 1_763_900_000_000,
  account_mode: 'real',
} as const;

const EXAMPLE_CLOSE_ORDER = {
  ...EXAMPLE_PENDING_ORDER,
  id: '9002',
  order_no: 'CT20251123120001',
  side: 'sell',
  action: 'close_long',
  type: 'market',
  price: null,
  avg_price: '97250.50',
  take_profit: '',
  stop_loss: '',
  amount: '9725.05',
  quantity: '0.1',
  filled_quantity: '0.1',
  cost: '0',
  fee: '5.84',
  realized_pnl: '25.05',
  reduce_only: true,
  position_id: '5001',
  status: 'completed',
  created_at: 1_763_900_000_000,
  updated_at: 1_763_900_000_000,
} as const;

export const contract = {
  getContractInfo: endpoint({
    path: '/api/Contract/getContractInfo',
    auth: 'user',
    loading: false,
    summary:
      "What the order form needs for a symbol: leverages, fees, quantity bounds, margin rules and the contract account's available balance in the current mode.",
    assumed:
      'field `symbol_id`; every reply field; fees as maker/taker multipliers; the stop-loss distance as a rate of the liquidation price; isolated margin and one-way positions by default; `leverage_id` is the leverage the user last chose on this symbol',
    request: z.object({ symbol_id: idString }),
    response: z.object({
      symbol_id: idString,
      symbol: z.string(),
      leverages: z.array(leverageOption),
      leverage_id: idString,
      position_mode: positionMode,
      margin_mode: marginMode,
      maker_fee_rate: decimalString,
      taker_fee_rate: decimalString,
      maintenance_margin_rate: decimalString,
      /**
       * how far a stop loss must stay from the liquidation price, a rate of that price (0.005: a
       * long's stop loss at or above liquidation × 1.005; FORMULAS.md), so the TP/SL dialog can
       * refuse before sending
       */
      stop_loss_min_distance_rate: decimalString,
      min_qty: decimalString,
      max_qty: decimalString,
      qty_step: decimalString,
      mark_price: decimalString,
      /** the contract account's available balance, USDT */
      available: decimalString,
      account_mode: accountMode,
    }),
    example: {
      request: { symbol_id: '1' },
      response: {
        symbol_id: '1',
        symbol: 'BTC/USDT',
        leverages: [
          { id: '1', value: 5 },
          { id: '2', value: 10 },
          { id: '3', value: 20 },
          { id: '4', value: 50 },
          { id: '5', value: 100 },
        ],
        leverage_id: '3',
        position_mode: 'one_way',
        margin_mode: 'isolated',
        maker_fee_rate: '0.0002',
        taker_fee_rate: '0.0006',
        maintenance_margin_rate: '0.005',
        stop_loss_min_distance_rate: '0.005',
        min_qty: '0.001',
        max_qty: '100',
        qty_step: '0.001',
        mark_price: '97250.50',
        available: '12450.30',
        account_mode: 'real',
      },
    },
  }),
  addOrder: endpoint({
    path: '/api/Contract/addOrder',
    auth: 'user',
    loading: true,
    summary:
      'Places a limit or market order: buy opens a long, sell a short; reduce-only closes instead. Code 500 for a short balance, a quantity out of bounds or a take profit / stop loss on the wrong side of the market.',
    assumed:
      "field names; '' for no price, take profit or stop loss; `request_id` (ours: one per intent, a repeat replays the first order); that a reduce-only order uses the position's leverage and ignores take profit and stop loss; the schema checks TP/SL against a limit price, the server against the market for a market order",
    request: z
      .object({
        symbol_id: idString,
        side: orderSide,
        type: orderType,
        /** required for a limit order, ignored for a market order */
        price: z._default(optionalPrice, ''),
        quantity: enteredDecimal,
        leverage_id: idString,
        take_profit: z._default(optionalPrice, ''),
        stop_loss: z._default(optionalPrice, ''),
        reduce_only: z._default(z.boolean(), false),
        request_id: requestId,
      })
      .check(
        z.refine((body) => body.type === 'market' || body.price !== '', {
          error: 'is required for a limit order',
          path: ['price'],
        }),
        z.refine(
          (body) =>
            body.type === 'market' ||
            body.price === '' ||
            body.take_profit === '' ||
            compareDecimals(body.take_profit, body.price) === (body.side === 'buy' ? 1 : -1),
          {
            error: 'must be beyond the order price in the direction of profit',
            path: ['take_profit'],
          },
        ),
        z.refine(
          (body) =>
            body.type === 'market' ||
            body.price === '' ||
            body.stop_loss === '' ||
            compareDecimals(body.stop_loss, body.price) === (body.side === 'buy' ? -1 : 1),
          {
            error: 'must be beyond the order price in the direction of loss',
            path: ['stop_loss'],
          },
        ),
      ),
    response: contractOrder,
    example: {
      request: {
        symbol_id: '1',
        side: 'buy',
        type: 'limit',
        price: '97000.00',
        quantity: '0.1',
        leverage_id: '3',
        take_profit: '99000.00',
        stop_loss: '95500.00',
        request_id: '1d2c3b4a-5f6e-4d7c-8b9a-0f1e2d3c4b5a',
      },
      response: EXAMPLE_PENDING_ORDER,
    },
  }),
  storeList: endpoint({
    path: '/api/Contract/storeList',
    auth: 'user',
    loading: false,
    summary: 'Open positions of the current mode, newest first, at the current mark price.',
    assumed:
      'the meaning (store = positions held); every field; not paged, since open positions are few (closed ones are read through orderList)',
    request: z.object({ symbol_id: z.optional(idString) }),
    response: z.object({ list: z.array(position) }),
    example: { request: {}, response: { list: [EXAMPLE_POSITION] } },
  }),
  orderList: endpoint({
    path: '/api/Contract/orderList',
    auth: 'user',
    loading: false,
    summary:
      'Orders of the current mode, newest first: the open ones (pending, partially filled) or the history.',
    assumed: 'field names; the two groups; the history is also the position history',
    request: z.extend(pageRequest, {
      group: z._default(z.enum(['open', 'history']), 'open'),
      symbol_id: z.optional(idString),
    }),
    response: pageOf(contractOrder),
    example: {
      request: { group: 'history', page: 1, limit: 20 },
      response: {
        list: [EXAMPLE_CLOSE_ORDER, { ...EXAMPLE_CONTRACT_ORDER, status: 'closed' }],
        total: 2,
        page: 1,
        limit: 20,
      },
    },
  }),
  cancelOrder: endpoint({
    path: '/api/Contract/cancelOrder',
    auth: 'user',
    loading: true,
    summary:
      'Cancels an open order; the untraded part releases its margin. Code 500 once it is no longer open.',
    assumed: 'field `order_id`; the reply',
    request: z.object({ order_id: idString, request_id: requestId }),
    response: contractOrder,
    example: {
      request: { order_id: '9001', request_id: '2e3d4c5b-6a7f-4e8d-9c0b-1a2f3e4d5c6b' },
      response: { ...EXAMPLE_PENDING_ORDER, status: 'cancelled', updated_at: 1_763_899_800_000 },
    },
  }),
  allStop: endpoint({
    path: '/api/Contract/allStop',
    auth: 'user',
    loading: true,
    summary:
      'Closes every position of the current mode at market (only those of one symbol when given); an empty list when there is none.',
    assumed:
      'field `symbol_id`; the reply: the closing orders and their summed realised profit; that resting closing orders of those positions are cancelled first',
    request: z.object({ symbol_id: z.optional(idString), request_id: requestId }),
    response: z.object({ list: z.array(contractOrder), realized_pnl: decimalString }),
    example: {
      request: { request_id: '3f4e5d6c-7b8a-4f9e-8d1c-2b3a4f5e6d7c' },
      response: { list: [EXAMPLE_CLOSE_ORDER], realized_pnl: '25.05' },
    },
  }),
  partStop: endpoint({
    path: '/api/Contract/partStop',
    auth: 'user',
    loading: true,
    summary:
      'Closes part (or all) of one position at market. Code 500 when the quantity exceeds the closable quantity.',
    assumed:
      'field names; market only (a limit close is addOrder with reduce_only); the reply: the closing order and the rest of the position, null when nothing is left',
    request: z.object({ position_id: idString, quantity: enteredDecimal, request_id: requestId }),
    response: z.object({ order: contractOrder, position: z.nullable(position) }),
    example: {
      request: {
        position_id: '5001',
        quantity: '0.04',
        request_id: '4a5f6e7d-8c9b-4a0f-9e2d-3c4b5a6f7e8d',
      },
      response: {
        order: {
          ...EXAMPLE_CLOSE_ORDER,
          amount: '3890.02',
          quantity: '0.04',
          filled_quantity: '0.04',
          fee: '2.33',
          realized_pnl: '10.02',
        },
        position: {
          ...EXAMPLE_POSITION,
          quantity: '0.06',
          closable_quantity: '0.06',
          margin: '321.00',
          max_reduce_margin: '30.00',
          unrealized_pnl: '15.03',
        },
      },
    },
  }),
  depositChange: endpoint({
    path: '/api/Contract/depositChange',
    auth: 'user',
    loading: true,
    summary:
      'Adds margin to a position from the contract account, or takes some back (at most max_reduce_margin); answers the position with its new margin and liquidation price.',
    assumed: 'field names and `action` values; the reply is the whole position',
    request: z.object({
      position_id: idString,
      action: z.enum(['add', 'reduce']),
      amount: enteredDecimal,
      request_id: requestId,
    }),
    response: position,
    example: {
      request: {
        position_id: '5001',
        action: 'add',
        amount: '50',
        request_id: '5b6a7f8e-9d0c-4b1a-8f3e-4d5c6b7a8f9e',
      },
      response: EXAMPLE_POSITION,
    },
  }),
  getStrategy: endpoint({
    path: '/api/Contract/getStrategy',
    auth: 'user',
    loading: false,
    summary: "The user's auto-margin rule in the current mode (off by default).",
    assumed:
      'one rule per user and mode; `enabled`; deposit_rate as the loss, in percent of the margin, that triggers it; auto_add as a percentage of the initial margin added each time, from the available balance (FORMULAS.md)',
    request: empty,
    response: autoMarginRule,
    example: {
      request: {},
      response: { enabled: true, deposit_rate: '80', auto_add: '20' },
    },
  }),
  addTakeStop: endpoint({
    path: '/api/Contract/addTakeStop',
    auth: 'user',
    loading: true,
    summary:
      "Sets or clears ('') a position's take profit and stop loss. Code 500 when one is on the wrong side of the mark price or the stop loss is too close to the liquidation price.",
    assumed:
      "field names; '' clears; both fields are always sent; the side and liquidation checks are the server's, since they need the live price",
    request: z.object({
      position_id: idString,
      take_profit: optionalPrice,
      stop_loss: optionalPrice,
      request_id: requestId,
    }),
    response: position,
    example: {
      request: {
        position_id: '5001',
        take_profit: '99500.00',
        stop_loss: '',
        request_id: '6c7b8a9f-0e1d-4c2b-9a4f-5e6d7c8b9a0f',
      },
      response: { ...EXAMPLE_POSITION, take_profit: '99500.00', stop_loss: '' },
    },
  }),
  setStrategy: endpoint({
    path: '/api/Contract/setStrategy',
    auth: 'user',
    loading: true,
    summary: 'Saves the auto-margin rule of the current mode.',
    assumed: 'as getStrategy; the bounds: deposit_rate up to 100, auto_add up to 100',
    request: z.object({
      enabled: z.boolean(),
      deposit_rate: enteredPercent(100),
      auto_add: enteredPercent(100),
      request_id: requestId,
    }),
    response: autoMarginRule,
    example: {
      request: {
        enabled: true,
        deposit_rate: '80',
        auto_add: '20',
        request_id: '7d8c9b0a-1f2e-4d3c-8b5a-6f7e8d9c0b1a',
      },
      response: { enabled: true, deposit_rate: '80', auto_add: '20' },
    },
  }),
};

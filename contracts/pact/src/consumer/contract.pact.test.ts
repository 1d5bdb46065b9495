/**
 * /api/Contract/*: the order form's terms, orders (market and limit), positions, open orders and
 * history, cancelling, closing all or part, margin added and taken out, the take profit and stop
 * loss, and the auto-margin rule, each signed with PACT_TOKEN; with every refusal the contract
 * screens handle (a 400 next to its field, any other code as the app shows it).
 *
 * Prices are set by a provider state and hold there, so a market order trades at once and a
 * limit order away from the price rests. One table of cases: a new reply or refusal is one row
 * (`answers` or `refuses`, support.ts).
 */
import { SCENARIOS } from '@bourse/fixtures';
import {
  accountMode,
  CODES,
  contractOrderStatus,
  endpoints,
  orderAction,
  orderSource,
  positionDirection,
} from '@bourse/protocol';
import { describe, expect } from 'vitest';
import { PACT_TOKEN } from '../pact.ts';
import { state } from '../states.ts';
import {
  arrayContaining,
  boolean,
  decimal,
  eachLike,
  id,
  integer,
  millis,
  oneOf,
  regex,
  text,
} from './matchers.ts';
import { answers, newPact, refuses, runCases, type Case } from './support.ts';

const { contract } = endpoints;
const pact = newPact();

const trader = SCENARIOS['verified-trader'].users[0]!;
const fresh = SCENARIOS['fresh-user'].users[0]!;
const signedIn = (user: { email: string; password: string }) =>
  state('a signed-in user', { email: user.email, password: user.password, token: PACT_TOKEN });
const traderIn = signedIn(trader);

const SYMBOL = 'btcusdt';
/** the leverage ids of the symbol's terms: 5× and 20× */
const LEVERAGE = { x5: '1', x20: '3' };
const REQUEST = {
  position: 'pact-contract-open-00001',
  order: 'pact-contract-order-0001',
  cancel: 'pact-contract-cancel-001',
  allStop: 'pact-contract-allstop-01',
  partStop: 'pact-contract-partstop-1',
  margin: 'pact-contract-margin-001',
  takeStop: 'pact-contract-takestop-1',
  strategy: 'pact-contract-strategy-1',
};
const POSITION_ID = '5001';
const ORDER_ID = '9001';

const priced = state('the market price is', { symbol_id: SYMBOL, price: '20000' });
/** a long of 0.1 at 20×: margin about 100, liquidation about 19 100 */
const holding = state('the user holds a position', {
  email: trader.email,
  id: POSITION_ID,
  symbol_id: SYMBOL,
  direction: 'long',
  quantity: '0.1',
  leverage_id: LEVERAGE.x20,
  request_id: REQUEST.position,
});
const resting = state('the user has a resting limit order', {
  email: trader.email,
  id: ORDER_ID,
  symbol_id: SYMBOL,
  side: 'buy',
  price: '19000',
  quantity: '0.1',
  leverage_id: LEVERAGE.x20,
});
const marginAdded = state('the user added margin to the position', {
  email: trader.email,
  id: POSITION_ID,
  amount: '50',
});

/** '' (none) or a decimal price, as take profit and stop loss travel. */
const optionalPrice = (example: string) => regex(/^(|\d+(\.\d+)?)$/, example);

/** An order as the screens read it; `exact` holds what the consumer asked for or relies on. */
const orderShape = (exact: {
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  status: (typeof contractOrderStatus.options)[number];
  price: string | null;
  avg_price: string | null;
  position_id: string | null;
  reduce_only: boolean;
}) => ({
  id: id(ORDER_ID),
  order_no: text('CT20251123115501'),
  symbol_id: text(SYMBOL),
  symbol: text('BTC/USDT'),
  side: exact.side,
  action: oneOf(orderAction.options, exact.reduce_only ? 'close_long' : 'open_long'),
  type: exact.type,
  price: exact.price === null ? null : decimal(exact.price),
  avg_price: exact.avg_price === null ? null : decimal(exact.avg_price),
  leverage: integer(20),
  take_profit: optionalPrice(''),
  stop_loss: optionalPrice(''),
  amount: decimal('2000.00'),
  quantity: decimal('0.1'),
  filled_quantity: decimal(exact.avg_price === null ? '0' : '0.1'),
  cost: decimal(exact.reduce_only ? '0' : '100.00'),
  fee: decimal('1.20'),
  realized_pnl: decimal('0'),
  reduce_only: exact.reduce_only,
  position_id: exact.position_id === null ? null : id(exact.position_id),
  source: oneOf(orderSource.options, 'user'),
  status: exact.status,
  created_at: millis(),
  updated_at: millis(),
  account_mode: oneOf(accountMode.options, 'real'),
});

const openedOrder = orderShape({
  side: 'buy',
  type: 'market',
  status: 'filled',
  price: null,
  avg_price: '20001.00',
  position_id: POSITION_ID,
  reduce_only: false,
});
const restingOrder = (status: 'pending' | 'cancelled') =>
  orderShape({
    side: 'buy',
    type: 'limit',
    status,
    price: '19000.00',
    avg_price: null,
    position_id: null,
    reduce_only: false,
  });
const closingOrder = orderShape({
  side: 'sell',
  type: 'market',
  status: 'completed',
  price: null,
  avg_price: '19999.00',
  position_id: POSITION_ID,
  reduce_only: true,
});

/** A position as the position card and its dialogs read it. */
const positionShape = (quantity = '0.1', takeProfit = '', stopLoss = '') => ({
  id: id(POSITION_ID),
  symbol_id: text(SYMBOL),
  symbol: text('BTC/USDT'),
  direction: oneOf(positionDirection.options, 'long'),
  quantity: decimal(quantity),
  closable_quantity: decimal(quantity),
  margin: decimal('100.01'),
  max_reduce_margin: decimal('0.00'),
  margin_ratio: decimal('10.02'),
  entry_price: decimal('20001.00'),
  mark_price: decimal('20000.00'),
  liquidation_price: decimal('19101.96'),
  unrealized_pnl: decimal('-0.10'),
  pnl_rate: decimal('-0.10'),
  leverage: integer(20),
  take_profit: optionalPrice(takeProfit),
  stop_loss: optionalPrice(stopLoss),
  opened_at: millis(),
  updated_at: millis(),
  account_mode: oneOf(accountMode.options, 'real'),
});

/** An opening order at market or at a limit price; the rest of the form as the app sends it. */
const order = (fields: {
  type: 'limit' | 'market';
  quantity: string;
  price?: string;
  leverage_id?: string;
  take_profit?: string;
  request_id?: string;
}) => ({
  symbol_id: SYMBOL,
  side: 'buy' as const,
  type: fields.type,
  price: fields.price ?? '',
  quantity: fields.quantity,
  leverage_id: fields.leverage_id ?? LEVERAGE.x20,
  take_profit: fields.take_profit ?? '',
  stop_loss: '',
  reduce_only: false,
  request_id: fields.request_id ?? REQUEST.order,
});

const takeStop = (takeProfit: string, stopLoss: string) => ({
  position_id: POSITION_ID,
  take_profit: takeProfit,
  stop_loss: stopLoss,
  request_id: REQUEST.takeStop,
});

const CONTRACT: readonly Case[] = [
  // ---- the order form ----------------------------------------------------------------------
  answers({
    name: "reads the symbol's contract terms for the order form",
    description: 'a request for the contract terms of a symbol',
    states: [traderIn, priced],
    endpoint: contract.getContractInfo,
    body: { symbol_id: SYMBOL },
    data: {
      symbol_id: SYMBOL,
      symbol: text('BTC/USDT'),
      leverages: eachLike({ id: id('3'), value: integer(20) }),
      leverage_id: id('3'),
      position_mode: oneOf(['one_way', 'hedge'], 'one_way'),
      margin_mode: oneOf(['isolated', 'cross'], 'isolated'),
      maker_fee_rate: decimal('0.0002'),
      taker_fee_rate: decimal('0.0006'),
      maintenance_margin_rate: decimal('0.005'),
      stop_loss_min_distance_rate: decimal('0.005'),
      min_qty: decimal('0.0001'),
      max_qty: decimal('100'),
      qty_step: decimal('0.0001'),
      mark_price: decimal('20000.00'),
      available: decimal('2500.00'),
      account_mode: oneOf(accountMode.options, 'real'),
    },
    check: (info) => {
      expect(info.leverages.map((leverage) => leverage.id)).toContain(info.leverage_id);
    },
  }),

  // ---- placing orders ----------------------------------------------------------------------
  answers({
    name: 'opens a long at market, which trades at once',
    description: 'a request to open a long at market',
    states: [traderIn, priced],
    endpoint: contract.addOrder,
    body: order({ type: 'market', quantity: '0.1' }),
    data: openedOrder,
    check: (placed) => {
      expect(placed.status).toBe('filled');
    },
  }),
  answers({
    name: 'places a limit order below the price, which rests',
    description: 'a request to open a long with a limit order below the price',
    states: [traderIn, priced],
    endpoint: contract.addOrder,
    body: order({ type: 'limit', price: '19000.00', quantity: '0.1' }),
    inject: { price: 'limit_price' },
    data: restingOrder('pending'),
    check: (placed) => {
      expect(placed.status).toBe('pending');
    },
  }),
  refuses({
    name: 'is told the contract account does not hold enough for the order',
    description: 'a request to open a position whose margin exceeds the available balance',
    states: [traderIn, priced],
    endpoint: contract.addOrder,
    body: order({ type: 'market', quantity: '1', leverage_id: LEVERAGE.x5 }),
    code: CODES.failed,
    msg: 'Insufficient available balance',
  }),
  refuses({
    name: 'is told the quantity is above the maximum',
    description: 'a request to open a position above the maximum quantity',
    states: [traderIn, priced],
    endpoint: contract.addOrder,
    body: order({ type: 'market', quantity: '101' }),
    code: CODES.failed,
    msg: 'The quantity must be at most 100',
  }),
  refuses({
    name: 'is told to verify the identity before trading on the real account',
    description: 'a request to open a position on the real account without a verified identity',
    states: [signedIn(fresh), priced],
    endpoint: contract.addOrder,
    body: order({ type: 'market', quantity: '0.01' }),
    code: CODES.failed,
    msg: 'Verify your identity to trade contracts on the real account, or switch to the demo account',
  }),
  answers({
    name: 'opens a long on the demo account without a verified identity',
    description: 'a request to open a position on the demo account without a verified identity',
    states: [
      signedIn(fresh),
      state('the user is on the demo account', { email: fresh.email }),
      state('a transfer was made with the request id', {
        email: fresh.email,
        request_id: 'pact-contract-demo-fund1',
        amount: '1000',
      }),
      priced,
    ],
    endpoint: contract.addOrder,
    body: order({ type: 'market', quantity: '0.01' }),
    data: { ...openedOrder, quantity: decimal('0.01'), account_mode: 'demo' },
    check: (placed) => {
      expect(placed.account_mode).toBe('demo');
    },
  }),
  refuses({
    name: 'is refused a request id reused with another order',
    description: 'a request to place an order with the request id of another order',
    states: [traderIn, priced, holding],
    endpoint: contract.addOrder,
    body: order({ type: 'market', quantity: '0.2', request_id: REQUEST.position }),
    code: CODES.conflict,
    msg: 'This request was already made with different details. Start again.',
  }),
  refuses({
    name: 'is told, next to the field, that a limit order needs its price',
    description: 'a request to place a limit order without a price',
    states: [traderIn, priced],
    endpoint: contract.addOrder,
    body: order({ type: 'limit', quantity: '0.1' }),
    code: CODES.badRequest,
    field: 'price',
    msg: 'is required for a limit order',
  }),
  refuses({
    name: 'is told, next to the field, that the take profit is on the wrong side of the price',
    description: 'a request to place a limit long with a take profit below its price',
    states: [traderIn, priced],
    endpoint: contract.addOrder,
    body: order({ type: 'limit', price: '19000', quantity: '0.1', take_profit: '18000' }),
    inject: { price: 'limit_price', take_profit: 'limit_take_profit' },
    code: CODES.badRequest,
    field: 'take_profit',
    msg: 'must be beyond the order price in the direction of profit',
  }),

  // ---- positions and orders ----------------------------------------------------------------
  answers({
    name: 'lists the open positions',
    description: 'a request for the open positions',
    states: [traderIn, priced, holding],
    endpoint: contract.storeList,
    body: {},
    data: { list: eachLike(positionShape()) },
  }),
  answers({
    name: 'lists the open orders',
    description: 'a request for the open orders',
    states: [traderIn, priced, resting],
    endpoint: contract.orderList,
    body: { group: 'open', page: 1, limit: 20 },
    data: { list: eachLike(restingOrder('pending')), total: integer(1), page: 1, limit: 20 },
  }),
  answers({
    name: 'lists the order history',
    description: 'a request for the order history',
    states: [traderIn, priced, holding],
    endpoint: contract.orderList,
    body: { group: 'history', page: 1, limit: 20 },
    data: {
      // a real account's history holds other orders too: it holds the one that opened the position
      list: arrayContaining({
        ...openedOrder,
        status: oneOf(contractOrderStatus.options, 'filled'),
      }),
      total: integer(1),
      page: 1,
      limit: 20,
    },
  }),
  answers({
    name: 'cancels an open order',
    description: 'a request to cancel an open order',
    states: [traderIn, priced, resting],
    endpoint: contract.cancelOrder,
    body: { order_id: ORDER_ID, request_id: REQUEST.cancel },
    inject: { order_id: 'order_id' },
    data: restingOrder('cancelled'),
    check: (cancelled) => {
      expect(cancelled.status).toBe('cancelled');
    },
  }),
  refuses({
    name: 'is told an order no longer open cannot be cancelled',
    description: 'a request to cancel an order already cancelled',
    states: [
      traderIn,
      priced,
      resting,
      state('the user cancelled the order', { email: trader.email, id: ORDER_ID }),
    ],
    endpoint: contract.cancelOrder,
    body: { order_id: ORDER_ID, request_id: REQUEST.cancel },
    inject: { order_id: 'order_id' },
    code: CODES.failed,
    msg: 'This order is no longer open',
  }),

  // ---- closing -----------------------------------------------------------------------------
  answers({
    name: "closes all the symbol's positions at market",
    description: 'a request to close every position of a symbol',
    states: [traderIn, priced, holding],
    endpoint: contract.allStop,
    body: { symbol_id: SYMBOL, request_id: REQUEST.allStop },
    data: { list: eachLike(closingOrder), realized_pnl: decimal('-0.20') },
  }),
  answers({
    name: 'closes part of a position at market',
    description: 'a request to close part of a position',
    states: [traderIn, priced, holding],
    endpoint: contract.partStop,
    body: { position_id: POSITION_ID, quantity: '0.04', request_id: REQUEST.partStop },
    inject: { position_id: 'position_id' },
    data: {
      order: { ...closingOrder, quantity: decimal('0.04') },
      position: positionShape('0.06'),
    },
    check: (closed) => {
      expect(closed.position?.id).toBe(POSITION_ID);
    },
  }),
  refuses({
    name: 'is told the quantity to close is above what can be closed',
    description: 'a request to close more of a position than it holds',
    states: [traderIn, priced, holding],
    endpoint: contract.partStop,
    body: { position_id: POSITION_ID, quantity: '0.2', request_id: REQUEST.partStop },
    inject: { position_id: 'position_id' },
    code: CODES.failed,
    msg: 'You can close at most 0.1',
  }),

  // ---- margin ------------------------------------------------------------------------------
  answers({
    name: 'adds margin to a position',
    description: 'a request to add margin to a position',
    states: [traderIn, priced, holding],
    endpoint: contract.depositChange,
    body: { position_id: POSITION_ID, action: 'add', amount: '50', request_id: REQUEST.margin },
    inject: { position_id: 'position_id' },
    data: positionShape(),
  }),
  answers({
    name: 'takes margin out of a position',
    description: 'a request to take margin out of a position',
    states: [traderIn, priced, holding, marginAdded],
    endpoint: contract.depositChange,
    body: { position_id: POSITION_ID, action: 'reduce', amount: '10', request_id: REQUEST.margin },
    inject: { position_id: 'position_id' },
    data: positionShape(),
  }),
  refuses({
    name: 'is told the margin to take out is above the maximum',
    description: 'a request to take out more margin than the maximum reducible',
    states: [traderIn, priced, holding, marginAdded],
    endpoint: contract.depositChange,
    body: {
      position_id: POSITION_ID,
      action: 'reduce',
      amount: '1000',
      request_id: REQUEST.margin,
    },
    inject: { position_id: 'position_id' },
    code: CODES.failed,
    msg: 'You can take out at most 49.98 USDT of margin',
  }),

  // ---- take profit and stop loss -----------------------------------------------------------
  answers({
    name: "sets a position's take profit and stop loss",
    description: 'a request to set the take profit and stop loss of a position',
    states: [traderIn, priced, holding],
    endpoint: contract.addTakeStop,
    body: takeStop('21000', '19500'),
    inject: { position_id: 'position_id', take_profit: 'take_profit', stop_loss: 'stop_loss' },
    data: positionShape('0.1', '21000', '19500'),
    check: (position) => {
      expect(position.take_profit).toBe('21000');
      expect(position.stop_loss).toBe('19500');
    },
  }),
  refuses({
    name: 'is told the take profit is on the wrong side of the price',
    description: 'a request to set a take profit below the price of a long',
    states: [traderIn, priced, holding],
    endpoint: contract.addTakeStop,
    body: takeStop('19000', ''),
    inject: { position_id: 'position_id', take_profit: 'take_profit_below_price' },
    code: CODES.failed,
    msg: 'The take profit must be above the price for a long and below it for a short',
  }),
  refuses({
    name: 'is told the stop loss is too close to the liquidation price',
    description: 'a request to set a stop loss too close to the liquidation price',
    states: [traderIn, priced, holding],
    endpoint: contract.addTakeStop,
    body: takeStop('', '19150'),
    inject: { position_id: 'position_id', stop_loss: 'stop_loss_near_liquidation' },
    code: CODES.failed,
    msg: 'The stop loss is too close to the liquidation price: set it at 19195.70 or safer',
  }),

  // ---- auto-margin -------------------------------------------------------------------------
  answers({
    name: 'reads the auto-margin rule',
    description: 'a request for the auto-margin rule',
    states: [traderIn],
    endpoint: contract.getStrategy,
    body: {},
    data: { enabled: boolean(false), deposit_rate: decimal('80'), auto_add: decimal('20') },
  }),
  answers({
    name: 'saves the auto-margin rule',
    description: 'a request to save the auto-margin rule',
    states: [traderIn],
    endpoint: contract.setStrategy,
    body: { enabled: true, deposit_rate: '80', auto_add: '20', request_id: REQUEST.strategy },
    data: { enabled: true, deposit_rate: decimal('80'), auto_add: decimal('20') },
    check: (rule) => {
      expect(rule.enabled).toBe(true);
    },
  }),
  refuses({
    name: 'is told, next to the field, that the loss rate is above 100',
    description: 'a request to save an auto-margin rule with a loss rate above 100',
    states: [traderIn],
    endpoint: contract.setStrategy,
    body: { enabled: true, deposit_rate: '150', auto_add: '20', request_id: REQUEST.strategy },
    code: CODES.badRequest,
    field: 'deposit_rate',
    msg: 'must be at most 100',
  }),
];

describe('contract', () => {
  runCases(pact, CONTRACT);
});

import { CONTRACT_RULES, contractTermsOf, type SymbolContractTerms } from '@bourse/fixtures';
import {
  autoMarginTopUp,
  averageEntry,
  checkTakeStop,
  D,
  initialMargin,
  isLiquidated,
  liquidationPrice,
  marginRatio,
  maintenanceMargin,
  maxReducibleMargin,
  money,
  notional,
  orderCost,
  profitRate,
  realizedPnl,
  releasedMargin,
  tradeFee,
  triggeredTakeStop,
  unrealizedPnl,
  type PositionTerms,
  type TakeStopRefusal,
} from '@bourse/formulas';
import type {
  AccountMode,
  AutoMarginRule,
  ContractOrder,
  ContractOrderStatus,
  OrderSide,
  OrderSource,
  OrderType,
  Position,
  PositionDirection,
} from '@bourse/protocol';
import Decimal from 'decimal.js';
import { message } from '../../i18n/messages.ts';
import { EngineError } from '../errors.ts';
import { SYSTEM_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import type { Ledger, PostingInput } from '../ledger/ledger.ts';
import { wireAmount } from '../ledger/money.ts';
import type { Requests } from '../ledger/requests.ts';
import type { Market, Quote } from '../market/index.ts';
import type { StateStore, UserRecord } from '../state.ts';
import type { Users } from '../users/users.ts';
import type { ContractOrderRow, PositionRow } from './types.ts';

/** What the contract engine tells the outside (the socket) about. */
export type ContractsEvent =
  | { type: 'order'; userId: string; order: ContractOrder }
  | { type: 'position'; userId: string; position: Position | { id: string; closed: true } }
  | {
      type: 'notice';
      userId: string;
      notice: { id: string; title: string; summary: string; created_at: number };
    };

/** Pays the invite rewards on a trading fee (engine/funds' `rewardFee`). */
export type FeeRewarder = (payerId: string, fee: Decimal.Value, refId: string) => void;

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

const ZERO = new D(0);
const OPEN: readonly ContractOrderStatus[] = ['pending', 'partially_filled'];
const TAKE_STOP_KEYS = {
  take_profit_side: 'take_profit_side',
  stop_loss_side: 'stop_loss_side',
  stop_loss_near_liquidation: 'stop_loss_near_liquidation',
} as const satisfies Record<TakeStopRefusal, string>;

const stamp = (now: number): string => new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
const percent = (value: Decimal): string =>
  value.isFinite() ? value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : '100.00';
/**
 * A price the engine computed (an average entry, a liquidation price): 8 decimals, half up, the
 * figure the formulas then take; written with at least the symbol's decimals.
 */
const priceText = (value: Decimal.Value, precision = 0): string => {
  const rounded = new D(value).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
  return rounded.toFixed(Math.max(precision, rounded.decimalPlaces()));
};
/** A signed amount of money as the wire carries it. */
const signed = (value: Decimal.Value): string => {
  const amount = new D(value);
  return amount.isNegative() ? `-${wireAmount(amount.negated())}` : wireAmount(amount);
};
const directionOf = (side: OrderSide, reduceOnly: boolean): PositionDirection =>
  (side === 'buy') !== reduceOnly ? 'long' : 'short';
/** The side of the book a trade in this direction takes: a buy at the ask, a sell at the bid. */
const takerPrice = (quote: Quote, side: OrderSide): string =>
  side === 'buy' ? quote.ask : quote.bid;
/** postings without the zero ones (the ledger refuses a posting of nothing) */
const nonZero = (postings: readonly PostingInput[]): PostingInput[] =>
  postings.filter((posting) => !new D(posting.amount).isZero());

/**
 * Contract trading (engine side): linear USDT-margined contracts, isolated margin, one position
 * per user, mode, symbol and direction. Every figure comes from `@bourse/formulas`; every
 * movement of money is a ledger transaction whose ref is the order number (or `CM<position id>`
 * for margin added or taken out), so a position's margin, fees and realised PnL can be summed
 * back from the entries:
 * - placing an opening order freezes its margin and fee (contract available → frozen);
 * - its fill pays the fee from frozen to `sys:fees` (and the inviter's share from the rewards
 *   account, real mode only); the margin stays frozen as the position's margin;
 * - a close releases margin (frozen → available), books the PnL against `sys:contract_house`
 *   and the close fee (taker, or maker for a resting close) to `sys:fees`; should margin + PnL
 *   not cover the fee, `sys:liquidation_fund` makes up the difference (isolated margin: a loss
 *   never reaches the rest of the account);
 * - a liquidation closes at the mark with no fee: the loss goes to the house and what margin is
 *   left to `sys:liquidation_fund`, which also covers a loss beyond the margin.
 * `tick()` moves what the price moves (resting limit orders, liquidations, take profit and stop
 * loss, auto-margin), at the price of the moment; it runs before every call, after every write,
 * on a timer and when the control API moves the price or the clock. Calls answer for the user's
 * current mode; real-account trading needs verified identity.
 */
export class Contracts {
  private readonly listeners: ((event: ContractsEvent) => void)[] = [];

  constructor(
    private readonly ctx: StateStore,
    private readonly users: Users,
    private readonly market: Market,
    private readonly ledger: Ledger,
    private readonly requests: Requests,
    private readonly rewardFee: FeeRewarder,
  ) {}

  onEvent(listener: (event: ContractsEvent) => void): void {
    this.listeners.push(listener);
  }

  private emit(event: ContractsEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private get data() {
    return this.ctx.state().contracts;
  }

  // ---- reading ---------------------------------------------------------------------------

  private terms(symbolId: string): SymbolContractTerms {
    const terms = contractTermsOf(symbolId);
    if (!terms || !this.market.has(symbolId))
      throw new EngineError('not_found', 'symbol_not_found');
    return terms;
  }

  private quote(symbolId: string): Quote {
    return this.market.quote(symbolId, this.ctx.now());
  }

  private positionTerms(row: PositionRow): PositionTerms {
    return {
      direction: row.direction,
      qty: row.quantity,
      entry: row.entry_price,
      margin: row.margin,
      maintenanceRate: this.terms(row.symbol_id).maintenance_margin_rate,
    };
  }

  private openPositions(userId?: string, mode?: AccountMode): PositionRow[] {
    return this.data.positions.filter(
      (row) =>
        row.closed_at === null &&
        (userId === undefined || row.user_id === userId) &&
        (mode === undefined || row.account_mode === mode),
    );
  }

  private findPosition(
    userId: string,
    mode: AccountMode,
    symbolId: string,
    direction: PositionDirection,
  ): PositionRow | undefined {
    return this.openPositions(userId, mode).find(
      (row) => row.symbol_id === symbolId && row.direction === direction,
    );
  }

  private ownPosition(userId: string, positionId: string): PositionRow {
    const mode = this.users.get(userId).account_mode;
    const row = this.openPositions(userId, mode).find((item) => item.id === positionId);
    if (!row) throw new EngineError('not_found', 'position_not_found');
    return row;
  }

  /** The quantity of a position that resting closing orders have not already taken. */
  private closable(row: PositionRow): Decimal {
    const resting = this.data.orders
      .filter((order) => order.position_id === row.id && order.reduce_only && this.isOpen(order))
      .reduce((sum, order) => sum.plus(order.quantity), ZERO);
    return Decimal.max(ZERO, new D(row.quantity).minus(resting));
  }

  private isOpen(order: ContractOrderRow): boolean {
    return OPEN.includes(order.status);
  }

  /** A position as the wire shows it, at the mark price now. */
  positionView(row: PositionRow): Position {
    const mark = this.quote(row.symbol_id).last;
    const terms = this.positionTerms(row);
    const pnl = unrealizedPnl(row.direction, row.quantity, row.entry_price, mark);
    const initial = initialMargin(row.quantity, row.entry_price, row.leverage);
    const maintenance = maintenanceMargin(row.quantity, mark, terms.maintenanceRate);
    return {
      id: row.id,
      symbol_id: row.symbol_id,
      symbol: row.symbol,
      direction: row.direction,
      quantity: new D(row.quantity).toFixed(),
      closable_quantity: this.closable(row).toFixed(),
      margin: wireAmount(row.margin),
      max_reduce_margin: wireAmount(maxReducibleMargin({ ...terms, leverage: row.leverage, mark })),
      margin_ratio: percent(marginRatio(maintenance, row.margin, pnl)),
      entry_price: row.entry_price,
      mark_price: mark,
      liquidation_price: priceText(
        liquidationPrice(terms),
        this.terms(row.symbol_id).price_precision,
      ),
      unrealized_pnl: signed(pnl),
      pnl_rate: percent(profitRate(pnl, initial)),
      leverage: row.leverage,
      take_profit: row.take_profit,
      stop_loss: row.stop_loss,
      opened_at: row.opened_at,
      updated_at: row.updated_at,
      account_mode: row.account_mode,
    };
  }

  private orderView(row: ContractOrderRow): ContractOrder {
    const copy: Partial<ContractOrderRow> = { ...row };
    delete copy.user_id;
    delete copy.fee_rate;
    delete copy.frozen;
    return copy as ContractOrder;
  }

  /** The positions a user holds (open or closed), every mode: for tests and the control API. */
  positionRows(userId: string): readonly PositionRow[] {
    return this.data.positions.filter((row) => row.user_id === userId);
  }

  /** The orders a user placed, every mode: for tests and the control API. */
  orderRows(userId: string): readonly ContractOrderRow[] {
    return this.data.orders.filter((row) => row.user_id === userId);
  }

  /** The open positions' unrealised PnL at the mark now, summed (the contract account's equity). */
  unrealizedPnl(userId: string, mode: AccountMode): Decimal {
    return this.openPositions(userId, mode).reduce(
      (sum, row) =>
        sum.plus(
          unrealizedPnl(
            row.direction,
            row.quantity,
            row.entry_price,
            this.quote(row.symbol_id).last,
          ),
        ),
      ZERO,
    );
  }

  info(userId: string, symbolId: string) {
    this.tick();
    const user = this.users.get(userId);
    const terms = this.terms(symbolId);
    const chosen = this.data.leverages[`${userId}:${user.account_mode}:${symbolId}`];
    return {
      symbol_id: terms.symbol_id,
      symbol: terms.symbol,
      leverages: [...terms.leverages],
      leverage_id: chosen ?? terms.default_leverage_id,
      position_mode: 'one_way' as const,
      margin_mode: 'isolated' as const,
      maker_fee_rate: terms.maker_fee_rate,
      taker_fee_rate: terms.taker_fee_rate,
      maintenance_margin_rate: terms.maintenance_margin_rate,
      stop_loss_min_distance_rate: CONTRACT_RULES.stop_loss_min_distance_rate,
      min_qty: terms.min_qty,
      max_qty: terms.max_qty,
      qty_step: terms.qty_step,
      mark_price: this.quote(symbolId).last,
      available: wireAmount(this.ledger.account(userId, user.account_mode, 'contract').available),
      account_mode: user.account_mode,
    };
  }

  positions(userId: string, symbolId?: string): { list: Position[] } {
    this.tick();
    const mode = this.users.get(userId).account_mode;
    const list = this.openPositions(userId, mode)
      .filter((row) => symbolId === undefined || row.symbol_id === symbolId)
      .toReversed()
      .map((row) => this.positionView(row));
    return { list };
  }

  orders(
    userId: string,
    query: {
      group: 'open' | 'history';
      symbol_id?: string | undefined;
      page: number;
      limit: number;
    },
  ): Page<ContractOrder> {
    this.tick();
    const mode = this.users.get(userId).account_mode;
    const rows = this.data.orders
      .filter(
        (row) =>
          row.user_id === userId &&
          row.account_mode === mode &&
          (query.symbol_id === undefined || row.symbol_id === query.symbol_id) &&
          this.isOpen(row) === (query.group === 'open'),
      )
      .toReversed();
    return {
      list: rows
        .slice((query.page - 1) * query.limit, query.page * query.limit)
        .map((row) => this.orderView(row)),
      total: rows.length,
      page: query.page,
      limit: query.limit,
    };
  }

  strategy(userId: string): AutoMarginRule {
    const mode = this.users.get(userId).account_mode;
    return structuredClone(
      this.data.strategies[`${userId}:${mode}`] ?? CONTRACT_RULES.default_auto_margin,
    );
  }

  // ---- writing ---------------------------------------------------------------------------

  private trader(userId: string): UserRecord {
    const user = this.users.get(userId);
    if (user.account_mode === 'real' && user.identity_status !== 'verified') {
      throw new EngineError('refused', 'contract_identity_required');
    }
    return user;
  }

  /** Runs a write once per request id, then settles what it set in motion. */
  private write<T>(
    userId: string,
    operation: string,
    body: Readonly<Record<string, unknown>> & { request_id: string },
    run: () => T,
  ): T {
    this.tick();
    this.users.get(userId);
    const result = this.requests.once(userId, `contract.${operation}`, body, run);
    this.tick();
    return result;
  }

  /**
   * A new order row. Its mode is the account it moves, given by the caller (the user's mode for
   * an order the user places, the position's for a close), never read from the user's switch.
   */
  private newOrder(
    user: UserRecord,
    mode: AccountMode,
    fields: {
      symbol: SymbolContractTerms;
      side: OrderSide;
      type: OrderType;
      price: string | null;
      quantity: Decimal;
      leverage: number;
      take_profit: string;
      stop_loss: string;
      reduce_only: boolean;
      position_id: string | null;
      source: OrderSource;
      fee_rate: string;
    },
  ): ContractOrderRow {
    const now = this.ctx.now();
    const id = String(this.data.next_order_id);
    const direction = directionOf(fields.side, fields.reduce_only);
    const action = `${fields.reduce_only ? 'close' : 'open'}_${direction}` as const;
    const amount = fields.price === null ? ZERO : notional(fields.quantity, fields.price);
    return {
      id,
      order_no: `CT${stamp(now)}${id}`,
      symbol_id: fields.symbol.symbol_id,
      symbol: fields.symbol.symbol,
      side: fields.side,
      action,
      type: fields.type,
      price: fields.price,
      avg_price: null,
      leverage: fields.leverage,
      take_profit: fields.take_profit,
      stop_loss: fields.stop_loss,
      amount: wireAmount(money(amount)),
      quantity: fields.quantity.toFixed(),
      filled_quantity: '0',
      cost:
        fields.reduce_only || fields.price === null
          ? '0'
          : wireAmount(initialMargin(fields.quantity, fields.price, fields.leverage)),
      fee:
        fields.price === null
          ? '0'
          : wireAmount(tradeFee(fields.quantity, fields.price, fields.fee_rate)),
      realized_pnl: '0',
      reduce_only: fields.reduce_only,
      position_id: fields.position_id,
      source: fields.source,
      status: 'pending',
      created_at: now,
      updated_at: now,
      account_mode: mode,
      user_id: user.user_id,
      fee_rate: fields.fee_rate,
      frozen: '0',
    };
  }

  private checkQuantity(terms: SymbolContractTerms, quantity: Decimal): void {
    if (!quantity.mod(terms.qty_step).isZero()) {
      throw new EngineError('refused', 'quantity_step', { step: terms.qty_step });
    }
    if (quantity.lt(terms.min_qty)) {
      throw new EngineError('refused', 'quantity_below_min', { min: terms.min_qty });
    }
    if (quantity.gt(terms.max_qty)) {
      throw new EngineError('refused', 'quantity_above_max', { max: terms.max_qty });
    }
  }

  private checkPrice(terms: SymbolContractTerms, price: string): void {
    if (price !== '' && new D(price).decimalPlaces() > terms.price_precision) {
      throw new EngineError('refused', 'price_precision', { digits: terms.price_precision });
    }
  }

  private takeStopRefusal(
    refusal: TakeStopRefusal | null,
    direction: PositionDirection,
    liquidation: Decimal,
    precision: number,
  ): void {
    if (refusal === null) return;
    if (refusal === 'stop_loss_near_liquidation') {
      // the nearest allowed stop loss, at the symbol's precision on the safe side
      const rate = new D(CONTRACT_RULES.stop_loss_min_distance_rate);
      const nearest = liquidation
        .times(direction === 'long' ? rate.plus(1) : new D(1).minus(rate))
        .toDecimalPlaces(precision, direction === 'long' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
      throw new EngineError('refused', TAKE_STOP_KEYS[refusal], {
        price: nearest.toFixed(precision),
      });
    }
    throw new EngineError('refused', TAKE_STOP_KEYS[refusal]);
  }

  addOrder(
    userId: string,
    body: {
      symbol_id: string;
      side: OrderSide;
      type: OrderType;
      price: string;
      quantity: string;
      leverage_id: string;
      take_profit: string;
      stop_loss: string;
      reduce_only: boolean;
      request_id: string;
    },
  ): ContractOrder {
    const row = this.write(userId, 'addOrder', body, () => {
      const user = this.trader(userId);
      const terms = this.terms(body.symbol_id);
      const quote = this.quote(body.symbol_id);
      const quantity = new D(body.quantity);
      this.checkQuantity(terms, quantity);
      this.checkPrice(terms, body.type === 'limit' ? body.price : '');
      if (!quote.open) throw new EngineError('refused', 'market_closed');
      return body.reduce_only
        ? this.placeClose(user, terms, quote, quantity, body)
        : this.placeOpen(user, terms, quote, quantity, body);
    });
    return row;
  }

  private placeOpen(
    user: UserRecord,
    terms: SymbolContractTerms,
    quote: Quote,
    quantity: Decimal,
    body: {
      symbol_id: string;
      side: OrderSide;
      type: OrderType;
      price: string;
      leverage_id: string;
      take_profit: string;
      stop_loss: string;
    },
  ): ContractOrder {
    const leverage = terms.leverages.find((item) => item.id === body.leverage_id);
    if (!leverage) throw new EngineError('refused', 'leverage_invalid');
    const direction = directionOf(body.side, false);
    const mode = user.account_mode;
    const held = this.findPosition(user.user_id, mode, body.symbol_id, direction);
    const otherLeverage =
      held?.leverage ??
      this.data.orders.find(
        (order) =>
          order.user_id === user.user_id &&
          order.account_mode === mode &&
          order.symbol_id === body.symbol_id &&
          !order.reduce_only &&
          order.side === body.side &&
          this.isOpen(order),
      )?.leverage;
    if (otherLeverage !== undefined && otherLeverage !== leverage.value) {
      throw new EngineError('refused', 'leverage_mismatch', { leverage: otherLeverage });
    }
    const taker = takerPrice(quote, body.side);
    const crossing =
      body.type === 'market' ||
      (body.side === 'buy' ? new D(body.price).gte(taker) : new D(body.price).lte(taker));
    const price = crossing ? taker : body.price;
    const rate = crossing ? terms.taker_fee_rate : terms.maker_fee_rate;
    const cost = orderCost(quantity, price, leverage.value, rate);
    if (cost.margin.isZero()) throw new EngineError('refused', 'order_too_small');
    // the take profit and stop loss against the mark (a market order) or the limit price, and
    // the stop loss against the liquidation price of the position the order makes
    const after = held
      ? {
          qty: new D(held.quantity).plus(quantity),
          entry: priceText(
            averageEntry(held.quantity, held.entry_price, quantity, price),
            terms.price_precision,
          ),
          margin: new D(held.margin).plus(cost.margin),
        }
      : { qty: quantity, entry: price, margin: cost.margin };
    const liquidation = liquidationPrice({
      direction,
      ...after,
      maintenanceRate: terms.maintenance_margin_rate,
    });
    this.takeStopRefusal(
      checkTakeStop({
        direction,
        reference: body.type === 'market' ? quote.last : body.price,
        takeProfit: body.take_profit,
        stopLoss: body.stop_loss,
        liquidation,
        minDistanceRate: CONTRACT_RULES.stop_loss_min_distance_rate,
      }),
      direction,
      liquidation,
      terms.price_precision,
    );
    const row = this.newOrder(user, mode, {
      symbol: terms,
      side: body.side,
      type: body.type,
      price: body.type === 'market' ? null : body.price,
      quantity,
      leverage: leverage.value,
      take_profit: body.take_profit,
      stop_loss: body.stop_loss,
      reduce_only: false,
      position_id: null,
      source: 'user',
      fee_rate: rate,
    });
    this.ledger.post({
      kind: 'trade_fee',
      ref_id: row.order_no,
      postings: [
        { account: userAccount(user.user_id, mode, 'contract'), amount: cost.total.negated() },
        { account: userAccount(user.user_id, mode, 'contract', 'frozen'), amount: cost.total },
      ],
    });
    row.frozen = cost.total.toFixed();
    row.cost = wireAmount(cost.margin);
    row.fee = wireAmount(cost.fee);
    this.data.next_order_id++;
    this.data.orders.push(row);
    this.data.leverages[`${user.user_id}:${mode}:${body.symbol_id}`] = leverage.id;
    this.ctx.changed();
    if (crossing) this.fillOpen(row, price);
    else this.emit({ type: 'order', userId: user.user_id, order: this.orderView(row) });
    return this.orderView(row);
  }

  private placeClose(
    user: UserRecord,
    terms: SymbolContractTerms,
    quote: Quote,
    quantity: Decimal,
    body: { symbol_id: string; side: OrderSide; type: OrderType; price: string },
  ): ContractOrder {
    const direction = directionOf(body.side, true);
    const held = this.findPosition(user.user_id, user.account_mode, body.symbol_id, direction);
    if (!held) throw new EngineError('refused', 'reduce_only_no_position');
    const closable = this.closable(held);
    if (quantity.gt(closable)) {
      throw new EngineError('refused', 'close_quantity_exceeds', { max: closable.toFixed() });
    }
    const taker = takerPrice(quote, body.side);
    const crossing =
      body.type === 'market' ||
      (body.side === 'buy' ? new D(body.price).gte(taker) : new D(body.price).lte(taker));
    const row = this.newOrder(user, held.account_mode, {
      symbol: terms,
      side: body.side,
      type: body.type,
      price: body.type === 'market' ? null : body.price,
      quantity,
      leverage: held.leverage,
      take_profit: '',
      stop_loss: '',
      reduce_only: true,
      position_id: held.id,
      source: 'user',
      fee_rate: crossing ? terms.taker_fee_rate : terms.maker_fee_rate,
    });
    if (crossing) return this.orderView(this.close(held, quantity, taker, 'user', row));
    this.data.next_order_id++;
    this.data.orders.push(row);
    this.ctx.changed();
    this.emit({ type: 'order', userId: user.user_id, order: this.orderView(row) });
    return this.orderView(row);
  }

  /** An opening order trades in full at `price`: its fee is paid, its margin becomes a position's. */
  private fillOpen(order: ContractOrderRow, price: string): void {
    const now = this.ctx.now();
    const terms = this.terms(order.symbol_id);
    const quantity = new D(order.quantity);
    const margin = initialMargin(quantity, price, order.leverage);
    const fee = tradeFee(quantity, price, order.fee_rate);
    const frozen = userAccount(order.user_id, order.account_mode, 'contract', 'frozen');
    const available = userAccount(order.user_id, order.account_mode, 'contract');
    // what was frozen beyond this fill's margin and fee goes back (nothing, when the price is
    // the one the order was placed at)
    const leftover = new D(order.frozen).minus(margin).minus(fee);
    this.ledger.post({
      kind: 'trade_fee',
      ref_id: order.order_no,
      postings: nonZero([
        { account: frozen, amount: fee.negated() },
        { account: SYSTEM_ACCOUNTS.fees, amount: fee },
        { account: frozen, amount: leftover.negated() },
        { account: available, amount: leftover },
      ]),
    });
    const direction = directionOf(order.side, false);
    let position = this.findPosition(order.user_id, order.account_mode, order.symbol_id, direction);
    if (position) {
      position.entry_price = priceText(
        averageEntry(position.quantity, position.entry_price, quantity, price),
        terms.price_precision,
      );
      position.quantity = new D(position.quantity).plus(quantity).toFixed();
      position.margin = new D(position.margin).plus(margin).toFixed();
      position.fees = new D(position.fees).plus(fee).toFixed();
      position.updated_at = now;
    } else {
      position = {
        id: String(this.data.next_position_id++),
        user_id: order.user_id,
        account_mode: order.account_mode,
        symbol_id: order.symbol_id,
        symbol: terms.symbol,
        direction,
        quantity: quantity.toFixed(),
        entry_price: priceText(price, terms.price_precision),
        margin: margin.toFixed(),
        leverage: order.leverage,
        take_profit: '',
        stop_loss: '',
        opened_at: now,
        updated_at: now,
        closed_at: null,
        realized_pnl: '0',
        fees: fee.toFixed(),
        auto_margin_loss: null,
      };
      this.data.positions.push(position);
    }
    if (order.take_profit !== '') position.take_profit = order.take_profit;
    if (order.stop_loss !== '') position.stop_loss = order.stop_loss;
    order.status = 'filled';
    order.avg_price = price;
    order.filled_quantity = order.quantity;
    order.cost = wireAmount(margin);
    order.fee = wireAmount(fee);
    order.amount = wireAmount(money(notional(quantity, price)));
    order.position_id = position.id;
    order.frozen = '0';
    order.updated_at = now;
    this.ctx.changed();
    if (order.account_mode === 'real') this.rewardFee(order.user_id, fee, order.order_no);
    this.emit({ type: 'order', userId: order.user_id, order: this.orderView(order) });
    this.emit({ type: 'position', userId: order.user_id, position: this.positionView(position) });
  }

  /**
   * Closes `quantity` of a position at `price` (at the order's fee rate, or the taker's): the
   * released margin back to available, the PnL against the house, the fee to the fee account.
   * Books the closing order (given, or a new market one) and returns it.
   */
  private close(
    position: PositionRow,
    quantity: Decimal,
    price: string,
    source: OrderSource,
    given?: ContractOrderRow,
  ): ContractOrderRow {
    const now = this.ctx.now();
    const terms = this.terms(position.symbol_id);
    const user = this.users.get(position.user_id);
    const side: OrderSide = position.direction === 'long' ? 'sell' : 'buy';
    const order =
      given ??
      this.newOrder(user, position.account_mode, {
        symbol: terms,
        side,
        type: 'market',
        price: null,
        quantity,
        leverage: position.leverage,
        take_profit: '',
        stop_loss: '',
        reduce_only: true,
        position_id: position.id,
        source,
        fee_rate: terms.taker_fee_rate,
      });
    const released = releasedMargin(position.margin, position.quantity, quantity);
    const pnl = realizedPnl(position.direction, quantity, position.entry_price, price);
    const fee = tradeFee(quantity, price, order.fee_rate);
    const shortfall = Decimal.max(ZERO, fee.minus(released).minus(pnl));
    const frozen = userAccount(position.user_id, position.account_mode, 'contract', 'frozen');
    const available = userAccount(position.user_id, position.account_mode, 'contract');
    this.ledger.post({
      kind: 'realized_pnl',
      ref_id: order.order_no,
      postings: nonZero([
        { account: frozen, amount: released.negated() },
        { account: available, amount: released },
        { account: SYSTEM_ACCOUNTS.contractHouse, amount: pnl.negated() },
        { account: available, amount: pnl },
        { account: available, amount: fee.negated(), kind: 'trade_fee' },
        { account: SYSTEM_ACCOUNTS.fees, amount: fee, kind: 'trade_fee' },
        { account: SYSTEM_ACCOUNTS.liquidationFund, amount: shortfall.negated() },
        { account: available, amount: shortfall, kind: 'liquidation' },
      ]),
    });
    if (!given || !this.data.orders.includes(order)) {
      this.data.next_order_id = Math.max(this.data.next_order_id, Number(order.id) + 1);
      this.data.orders.push(order);
    }
    order.status = 'completed';
    order.avg_price = price;
    order.filled_quantity = order.quantity;
    order.amount = wireAmount(money(notional(quantity, price)));
    order.fee = wireAmount(fee);
    order.realized_pnl = signed(pnl);
    order.updated_at = now;
    position.quantity = new D(position.quantity).minus(quantity).toFixed();
    position.margin = new D(position.margin).minus(released).toFixed();
    position.realized_pnl = new D(position.realized_pnl).plus(pnl).toFixed();
    position.fees = new D(position.fees).plus(fee).toFixed();
    position.updated_at = now;
    this.ctx.changed();
    // invite rewards are real money: only a real position's fee pays them
    if (position.account_mode === 'real') {
      this.rewardFee(position.user_id, fee, order.order_no);
    }
    this.emit({ type: 'order', userId: position.user_id, order: this.orderView(order) });
    if (new D(position.quantity).isZero()) this.closed(position);
    else {
      this.emit({
        type: 'position',
        userId: position.user_id,
        position: this.positionView(position),
      });
    }
    return order;
  }

  /** A position with nothing left: closed, its opening orders 'closed', its resting closes cancelled. */
  private closed(position: PositionRow): void {
    const now = this.ctx.now();
    position.closed_at = now;
    position.quantity = '0';
    for (const order of this.data.orders) {
      if (order.position_id !== position.id) continue;
      if (order.reduce_only && this.isOpen(order)) {
        order.status = 'cancelled';
        order.updated_at = now;
        this.emit({ type: 'order', userId: order.user_id, order: this.orderView(order) });
      } else if (!order.reduce_only && order.status === 'filled') {
        order.status = 'closed';
        order.updated_at = now;
      }
    }
    this.ctx.changed();
    this.emit({
      type: 'position',
      userId: position.user_id,
      position: { id: position.id, closed: true },
    });
  }

  /**
   * Liquidation at the mark: no fee; the loss goes to the house, what margin is left to the
   * liquidation fund, and a loss beyond the margin is covered by that fund.
   */
  private liquidate(position: PositionRow, mark: string): void {
    const user = this.users.get(position.user_id);
    const terms = this.terms(position.symbol_id);
    const quantity = new D(position.quantity);
    const margin = new D(position.margin);
    const pnl = realizedPnl(position.direction, quantity, position.entry_price, mark);
    const lost = Decimal.min(margin, Decimal.max(ZERO, pnl.negated()));
    const order = this.newOrder(user, position.account_mode, {
      symbol: terms,
      side: position.direction === 'long' ? 'sell' : 'buy',
      type: 'market',
      price: null,
      quantity,
      leverage: position.leverage,
      take_profit: '',
      stop_loss: '',
      reduce_only: true,
      position_id: position.id,
      source: 'liquidation',
      fee_rate: '0',
    });
    const frozen = userAccount(position.user_id, position.account_mode, 'contract', 'frozen');
    this.ledger.post({
      kind: 'liquidation',
      ref_id: order.order_no,
      postings: nonZero([
        { account: frozen, amount: lost.negated(), kind: 'realized_pnl' },
        { account: frozen, amount: lost.minus(margin) },
        { account: SYSTEM_ACCOUNTS.contractHouse, amount: pnl.negated() },
        { account: SYSTEM_ACCOUNTS.liquidationFund, amount: margin.plus(pnl) },
      ]),
    });
    const now = this.ctx.now();
    this.data.next_order_id++;
    this.data.orders.push(order);
    order.status = 'completed';
    order.avg_price = mark;
    order.filled_quantity = order.quantity;
    order.amount = wireAmount(money(notional(quantity, mark)));
    order.realized_pnl = signed(pnl);
    order.updated_at = now;
    position.margin = '0';
    position.realized_pnl = new D(position.realized_pnl).plus(pnl).toFixed();
    position.updated_at = now;
    this.emit({ type: 'order', userId: position.user_id, order: this.orderView(order) });
    this.closed(position);
    this.emit({
      type: 'notice',
      userId: position.user_id,
      notice: {
        id: `CL${order.id}`,
        title: message('contract_liquidated_title', user.language),
        summary: message('contract_liquidated_body', user.language, {
          symbol: position.symbol,
          price: mark,
        }),
        created_at: now,
      },
    });
  }

  cancelOrder(userId: string, body: { order_id: string; request_id: string }): ContractOrder {
    return this.write(userId, 'cancelOrder', body, () => {
      const mode = this.users.get(userId).account_mode;
      const order = this.data.orders.find(
        (row) => row.id === body.order_id && row.user_id === userId && row.account_mode === mode,
      );
      if (!order) throw new EngineError('not_found', 'order_not_found');
      if (!this.isOpen(order)) throw new EngineError('refused', 'order_not_open');
      const frozen = new D(order.frozen);
      if (!frozen.isZero()) {
        this.ledger.post({
          kind: 'trade_fee',
          ref_id: order.order_no,
          postings: [
            { account: userAccount(userId, mode, 'contract', 'frozen'), amount: frozen.negated() },
            { account: userAccount(userId, mode, 'contract'), amount: frozen },
          ],
        });
      }
      order.frozen = '0';
      order.status = 'cancelled';
      order.updated_at = this.ctx.now();
      this.ctx.changed();
      const view = this.orderView(order);
      this.emit({ type: 'order', userId, order: view });
      const position =
        order.position_id === null
          ? undefined
          : this.openPositions().find((row) => row.id === order.position_id);
      if (position) this.emit({ type: 'position', userId, position: this.positionView(position) });
      return view;
    });
  }

  partStop(
    userId: string,
    body: { position_id: string; quantity: string; request_id: string },
  ): { order: ContractOrder; position: Position | null } {
    return this.write(userId, 'partStop', body, () => {
      this.trader(userId);
      const position = this.ownPosition(userId, body.position_id);
      const terms = this.terms(position.symbol_id);
      const quantity = new D(body.quantity);
      if (!quantity.mod(terms.qty_step).isZero()) {
        throw new EngineError('refused', 'quantity_step', { step: terms.qty_step });
      }
      const closable = this.closable(position);
      if (quantity.gt(closable)) {
        throw new EngineError('refused', 'close_quantity_exceeds', { max: closable.toFixed() });
      }
      const quote = this.quote(position.symbol_id);
      if (!quote.open) throw new EngineError('refused', 'market_closed');
      const side: OrderSide = position.direction === 'long' ? 'sell' : 'buy';
      const order = this.close(position, quantity, takerPrice(quote, side), 'user');
      return {
        order: this.orderView(order),
        position: position.closed_at === null ? this.positionView(position) : null,
      };
    });
  }

  allStop(
    userId: string,
    body: { symbol_id?: string | undefined; request_id: string },
  ): { list: ContractOrder[]; realized_pnl: string } {
    return this.write(userId, 'allStop', body, () => {
      const user = this.trader(userId);
      if (body.symbol_id !== undefined) this.terms(body.symbol_id);
      const targets = this.openPositions(userId, user.account_mode).filter(
        (row) => body.symbol_id === undefined || row.symbol_id === body.symbol_id,
      );
      const quotes = targets.map((row) => this.quote(row.symbol_id));
      if (quotes.some((quote) => !quote.open)) throw new EngineError('refused', 'market_closed');
      const list: ContractOrder[] = [];
      let total = ZERO;
      targets.forEach((position, index) => {
        const quote = quotes[index];
        if (!quote) return;
        for (const order of this.data.orders) {
          if (order.position_id === position.id && order.reduce_only && this.isOpen(order)) {
            order.status = 'cancelled';
            order.updated_at = this.ctx.now();
            this.emit({ type: 'order', userId, order: this.orderView(order) });
          }
        }
        const side: OrderSide = position.direction === 'long' ? 'sell' : 'buy';
        const order = this.close(
          position,
          new D(position.quantity),
          takerPrice(quote, side),
          'user',
        );
        total = total.plus(order.realized_pnl);
        list.push(this.orderView(order));
      });
      return { list, realized_pnl: signed(total) };
    });
  }

  depositChange(
    userId: string,
    body: { position_id: string; action: 'add' | 'reduce'; amount: string; request_id: string },
  ): Position {
    return this.write(userId, 'depositChange', body, () => {
      this.trader(userId);
      const position = this.ownPosition(userId, body.position_id);
      const amount = new D(body.amount);
      if (body.action === 'reduce') {
        const mark = this.quote(position.symbol_id).last;
        const most = maxReducibleMargin({
          ...this.positionTerms(position),
          leverage: position.leverage,
          mark,
        });
        if (amount.gt(most)) {
          throw new EngineError('refused', 'margin_reduce_exceeds', { max: wireAmount(most) });
        }
      }
      this.moveMargin(position, body.action === 'add' ? amount : amount.negated());
      return this.positionView(position);
    });
  }

  /** Margin into a position (positive, from available) or out of it (negative, to available). */
  private moveMargin(position: PositionRow, amount: Decimal): void {
    const mode = position.account_mode;
    this.ledger.post({
      kind: 'transfer_in',
      ref_id: `CM${position.id}`,
      postings: [
        { account: userAccount(position.user_id, mode, 'contract'), amount: amount.negated() },
        { account: userAccount(position.user_id, mode, 'contract', 'frozen'), amount },
      ],
    });
    position.margin = new D(position.margin).plus(amount).toFixed();
    position.updated_at = this.ctx.now();
    this.ctx.changed();
    this.emit({
      type: 'position',
      userId: position.user_id,
      position: this.positionView(position),
    });
  }

  addTakeStop(
    userId: string,
    body: { position_id: string; take_profit: string; stop_loss: string; request_id: string },
  ): Position {
    return this.write(userId, 'addTakeStop', body, () => {
      this.trader(userId);
      const position = this.ownPosition(userId, body.position_id);
      const terms = this.terms(position.symbol_id);
      this.checkPrice(terms, body.take_profit);
      this.checkPrice(terms, body.stop_loss);
      const liquidation = liquidationPrice(this.positionTerms(position));
      this.takeStopRefusal(
        checkTakeStop({
          direction: position.direction,
          reference: this.quote(position.symbol_id).last,
          takeProfit: body.take_profit,
          stopLoss: body.stop_loss,
          liquidation,
          minDistanceRate: CONTRACT_RULES.stop_loss_min_distance_rate,
        }),
        position.direction,
        liquidation,
        terms.price_precision,
      );
      position.take_profit = body.take_profit;
      position.stop_loss = body.stop_loss;
      position.updated_at = this.ctx.now();
      this.ctx.changed();
      const view = this.positionView(position);
      this.emit({ type: 'position', userId, position: view });
      return view;
    });
  }

  setStrategy(userId: string, body: AutoMarginRule & { request_id: string }): AutoMarginRule {
    return this.write(userId, 'setStrategy', body, () => {
      const mode = this.users.get(userId).account_mode;
      const rule: AutoMarginRule = {
        enabled: body.enabled,
        deposit_rate: body.deposit_rate,
        auto_add: body.auto_add,
      };
      this.data.strategies[`${userId}:${mode}`] = rule;
      this.ctx.changed();
      return structuredClone(rule);
    });
  }

  // ---- the price moves --------------------------------------------------------------------

  /**
   * Settles what the price of the moment sets off: resting limit orders it crosses fill (at
   * their price, the maker's fee), then each open position is liquidated, closed by its take
   * profit or stop loss, or topped up by auto-margin. Changes nothing when nothing is due.
   */
  tick(): void {
    const data = this.data;
    if (data.positions.length === 0 && data.orders.length === 0) return;
    const quotes = new Map<string, Quote>();
    const quoteOf = (symbolId: string): Quote => {
      let quote = quotes.get(symbolId);
      if (!quote) {
        quote = this.quote(symbolId);
        quotes.set(symbolId, quote);
      }
      return quote;
    };
    for (const order of data.orders.filter((row) => this.isOpen(row))) {
      if (order.price === null || !this.isOpen(order)) continue;
      const quote = quoteOf(order.symbol_id);
      if (!quote.open) continue;
      const taker = takerPrice(quote, order.side);
      const crossed =
        order.side === 'buy' ? new D(taker).lte(order.price) : new D(taker).gte(order.price);
      if (!crossed) continue;
      if (!order.reduce_only) {
        this.fillOpen(order, order.price);
        continue;
      }
      const position = data.positions.find((row) => row.id === order.position_id);
      if (!position || position.closed_at !== null || new D(order.quantity).gt(position.quantity)) {
        order.status = 'cancelled';
        order.updated_at = this.ctx.now();
        this.ctx.changed();
        this.emit({ type: 'order', userId: order.user_id, order: this.orderView(order) });
        continue;
      }
      this.close(position, new D(order.quantity), order.price, 'user', order);
    }
    for (const position of this.openPositions()) {
      const quote = quoteOf(position.symbol_id);
      const terms = this.positionTerms(position);
      if (isLiquidated(terms, quote.last)) {
        this.liquidate(position, quote.last);
        continue;
      }
      const fired = triggeredTakeStop(
        position.direction,
        quote.last,
        position.take_profit,
        position.stop_loss,
      );
      if (fired && quote.open) {
        const side: OrderSide = position.direction === 'long' ? 'sell' : 'buy';
        this.cancelResting(position);
        const order = this.close(
          position,
          new D(position.quantity),
          takerPrice(quote, side),
          fired,
        );
        const user = this.users.get(position.user_id);
        this.emit({
          type: 'notice',
          userId: position.user_id,
          notice: {
            id: `CT${order.id}`,
            title: message(
              fired === 'take_profit' ? 'contract_take_profit_title' : 'contract_stop_loss_title',
              user.language,
            ),
            summary: message('contract_closed_body', user.language, {
              symbol: position.symbol,
              price: order.avg_price ?? quote.last,
              pnl: order.realized_pnl,
            }),
            created_at: this.ctx.now(),
          },
        });
        continue;
      }
      this.autoMargin(position, quote.last);
    }
  }

  private cancelResting(position: PositionRow): void {
    for (const order of this.data.orders) {
      if (order.position_id === position.id && order.reduce_only && this.isOpen(order)) {
        order.status = 'cancelled';
        order.updated_at = this.ctx.now();
        this.ctx.changed();
        this.emit({ type: 'order', userId: order.user_id, order: this.orderView(order) });
      }
    }
  }

  private autoMargin(position: PositionRow, mark: string): void {
    const rule = this.data.strategies[`${position.user_id}:${position.account_mode}`];
    if (!rule?.enabled) return;
    const pnl = unrealizedPnl(position.direction, position.quantity, position.entry_price, mark);
    const last = position.auto_margin_loss;
    if (last !== null && pnl.negated().lte(last)) return;
    const amount = autoMarginTopUp({
      pnl,
      margin: position.margin,
      initialMargin: initialMargin(position.quantity, position.entry_price, position.leverage),
      depositRate: rule.deposit_rate,
      autoAdd: rule.auto_add,
    });
    if (amount === null) return;
    const { available } = this.ledger.account(position.user_id, position.account_mode, 'contract');
    if (available.lt(amount)) return;
    position.auto_margin_loss = pnl.negated().toFixed();
    this.moveMargin(position, amount);
  }
}

import { contractTermsOf, type SymbolContractTerms } from '@bourse/fixtures';
import {
  D,
  initialMargin,
  liquidationPrice,
  marginRatio,
  maintenanceMargin,
  maxReducibleMargin,
  money,
  notional,
  profitRate,
  tradeFee,
  unrealizedPnl,
  type PositionTerms,
  type TakeStopRefusal,
} from '@bourse/formulas';
import type {
  AccountMode,
  ContractOrder,
  ContractOrderStatus,
  OrderSide,
  OrderSource,
  OrderType,
  Position,
  PositionDirection,
} from '@bourse/protocol';
import Decimal from 'decimal.js';

import { EngineError } from '../errors.ts';

import type { Ledger, PostingInput } from '../ledger/ledger.ts';
import { wireAmount } from '../ledger/money.ts';
import type { Requests } from '../ledger/requests.ts';
import type { Market, Quote } from '../market/index.ts';
import type { StateStore, UserRecord } from '../state.ts';
import type { Users } from '../users/users.ts';
import type { DomainServices } from '../kernel/domain.ts';
import type { ContractOrderRow, ContractsState, PositionRow } from './types.ts';
import type { TriggerBooks } from './trigger-books.ts';
import { Emitter } from '../kernel/emitter.ts';
import { OpenRows } from './open-rows.ts';

/** What the contract engine tells the outside (the socket) about. */
export type ContractsEvent =
  | { type: 'order'; userId: string; order: ContractOrder }
  | { type: 'position'; userId: string; position: Position | { id: string; closed: true } }
  | {
      type: 'notice';
      userId: string;
      notice: { id: string; title: string; summary: string; created_at: number };
    };

export const ZERO = new D(0);
const OPEN: readonly ContractOrderStatus[] = ['pending', 'partially_filled'];
export const TAKE_STOP_KEYS = {
  take_profit_side: 'take_profit_side',
  stop_loss_side: 'stop_loss_side',
  stop_loss_near_liquidation: 'stop_loss_near_liquidation',
} as const satisfies Record<TakeStopRefusal, string>;

export const stamp = (now: number): string =>
  new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
export const percent = (value: Decimal): string =>
  value.isFinite() ? value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : '100.00';
/**
 * A price the engine computed (an average entry, a liquidation price): 8 decimals, half up, the
 * figure the formulas then take; written with at least the symbol's decimals.
 */
export const priceText = (value: Decimal.Value, precision = 0): string => {
  const rounded = new D(value).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
  return rounded.toFixed(Math.max(precision, rounded.decimalPlaces()));
};
/** A signed amount of money as the wire carries it. */
export const signed = (value: Decimal.Value): string => {
  const amount = new D(value);
  return amount.isNegative() ? `-${wireAmount(amount.negated())}` : wireAmount(amount);
};
export const directionOf = (side: OrderSide, reduceOnly: boolean): PositionDirection =>
  (side === 'buy') !== reduceOnly ? 'long' : 'short';
/** The side of the book a trade in this direction takes: a buy at the ask, a sell at the bid. */
export const takerPrice = (quote: Quote, side: OrderSide): string =>
  side === 'buy' ? quote.ask : quote.bid;
/** postings without the zero ones (the ledger refuses a posting of nothing) */
export const nonZero = (postings: readonly PostingInput[]): PostingInput[] =>
  postings.filter((posting) => !new D(posting.amount).isZero());

/**
 * What the contract modules share: the state's contract slice, the market's quotes, the ledger,
 * the rows' lookups and their wire views, and the one place a change of an order or a position is
 * told about (`publishOrder`, `publishPosition`, `publishClosed`): the socket hears of it and the
 * trigger books (triggers.ts) take its new levels.
 */
export class ContractsCore {
  readonly events = new Emitter<ContractsEvent>();
  /** the open orders and positions, indexed */
  readonly rows = new OpenRows();

  readonly ctx: StateStore;
  readonly users: Users;
  readonly market: Market;
  readonly ledger: Ledger;
  readonly requests: Requests;
  /** pays the invite rewards on a real trading fee (the team's) */
  readonly rewardFee: DomainServices['rewardFee'];

  constructor(
    services: DomainServices,
    private readonly slice: () => ContractsState,
    readonly books: TriggerBooks,
  ) {
    this.ctx = services.store;
    this.users = services.users;
    this.market = services.market;
    this.ledger = services.ledger;
    this.requests = services.requests;
    this.rewardFee = services.rewardFee;
  }

  get data(): ContractsState {
    return this.slice();
  }

  emit(event: ContractsEvent): void {
    this.events.emit(event);
  }

  /** an order changed: its owner hears of it, and its limit's level is kept */
  publishOrder(row: ContractOrderRow): void {
    this.rows.trackOrder(row);
    this.books.trackOrder(row);
    this.emit({ type: 'order', userId: row.user_id, order: this.orderView(row) });
  }

  /** a position changed: its owner hears of it, and its levels are kept */
  publishPosition(row: PositionRow): void {
    this.rows.trackPosition(row);
    this.books.trackPosition(row);
    this.emit({ type: 'position', userId: row.user_id, position: this.positionView(row) });
  }

  /** a position closed: its owner hears of it, and its levels go */
  publishClosed(row: PositionRow): void {
    this.rows.trackPosition(row);
    this.books.trackPosition(row);
    this.emit({ type: 'position', userId: row.user_id, position: { id: row.id, closed: true } });
  }

  terms(symbolId: string): SymbolContractTerms {
    const terms = contractTermsOf(symbolId);
    if (!terms || !this.market.has(symbolId))
      throw new EngineError('not_found', 'symbol_not_found');
    return terms;
  }

  quote(symbolId: string): Quote {
    return this.market.quote(symbolId, this.ctx.now());
  }

  positionTerms(row: PositionRow): PositionTerms {
    return {
      direction: row.direction,
      qty: row.quantity,
      entry: row.entry_price,
      margin: row.margin,
      maintenanceRate: this.terms(row.symbol_id).maintenance_margin_rate,
    };
  }

  openPositions(userId?: string, mode?: AccountMode): PositionRow[] {
    const rows = this.rows.openPositions(userId);
    return mode === undefined ? rows : rows.filter((row) => row.account_mode === mode);
  }

  findPosition(
    userId: string,
    mode: AccountMode,
    symbolId: string,
    direction: PositionDirection,
  ): PositionRow | undefined {
    return this.openPositions(userId, mode).find(
      (row) => row.symbol_id === symbolId && row.direction === direction,
    );
  }

  ownPosition(userId: string, positionId: string): PositionRow {
    const mode = this.users.get(userId).account_mode;
    const row = this.openPositions(userId, mode).find((item) => item.id === positionId);
    if (!row) throw new EngineError('not_found', 'position_not_found');
    return row;
  }

  /** The quantity of a position that resting closing orders have not already taken. */
  closable(row: PositionRow): Decimal {
    const resting = this.rows
      .restingCloses(row.id)
      .reduce((sum, order) => sum.plus(order.quantity), ZERO);
    return Decimal.max(ZERO, new D(row.quantity).minus(resting));
  }

  isOpen(order: ContractOrderRow): boolean {
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

  orderView(row: ContractOrderRow): ContractOrder {
    const copy: Partial<ContractOrderRow> = { ...row };
    delete copy.user_id;
    delete copy.fee_rate;
    delete copy.frozen;
    return copy as ContractOrder;
  }

  trader(userId: string): UserRecord {
    const user = this.users.get(userId);
    if (user.account_mode === 'real' && user.identity_status !== 'verified') {
      throw new EngineError('refused', 'contract_identity_required');
    }
    return user;
  }

  /** Runs a write once per request id (what it sets in motion settles when the call returns). */
  write<T>(
    userId: string,
    operation: string,
    body: Readonly<Record<string, unknown>> & { request_id: string },
    run: () => T,
  ): T {
    this.users.get(userId);
    return this.requests.once(userId, `contract.${operation}`, body, run);
  }

  /**
   * A new order row. Its mode is the account it moves, given by the caller (the user's mode for
   * an order the user places, the position's for a close), never read from the user's switch.
   */
  newOrder(
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
}

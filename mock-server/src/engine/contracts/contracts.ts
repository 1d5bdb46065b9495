import { CONTRACT_RULES } from '@bourse/fixtures';
import { unrealizedPnl } from '@bourse/formulas';
import type { AccountMode, AutoMarginRule, ContractOrder, Position } from '@bourse/protocol';
import type Decimal from 'decimal.js';

import { wireAmount } from '../ledger/money.ts';
import type { DomainServices } from '../kernel/domain.ts';
import type { ContractOrderRow, ContractsState, PositionRow } from './types.ts';

import { pageOf, type Page } from '../kernel/page.ts';
import type { PriceWatch, PriceWatcher } from '../kernel/clockwork.ts';
import { ContractsCore, ZERO, type ContractsEvent } from './core.ts';

export type { ContractsEvent };
import { Margin } from './margin.ts';
import { Orders } from './orders.ts';
import { Positions } from './positions.ts';
import { TriggerBooks } from './trigger-books.ts';
import { Triggers } from './triggers.ts';

/**
 * Contract trading (engine side): linear USDT-margined contracts, isolated margin, one position
 * per user, mode, symbol and direction; every figure from `@bourse/formulas`. The rooms:
 * - core.ts: the rows, their lookups and wire views, and where a change is told about;
 * - orders.ts: placing and cancelling orders, closing at market;
 * - positions.ts: fills, closes, liquidations and margin moves, with their ledger entries;
 * - margin.ts: margin added or taken out by the user, and auto-margin;
 * - triggers.ts: the per-symbol trigger books and what a price sets off.
 * This class is the domain's face: the calls the routes make, and the engine's time's
 * PriceWatcher (every price the market produces that reaches a level is settled here, in time
 * order, by kernel/clockwork.ts). Calls answer for the user's current mode; an order the engine
 * makes for a position books on the position's account.
 */
export class Contracts implements PriceWatcher {
  private readonly core: ContractsCore;
  private readonly orderDesk: Orders;
  private readonly margin: Margin;
  private readonly triggers: Triggers;

  constructor(services: DomainServices, slice: () => ContractsState) {
    const books = new TriggerBooks(() => slice().strategies);
    this.core = new ContractsCore(services, slice, books);
    const positions = new Positions(this.core);
    this.orderDesk = new Orders(this.core, positions);
    this.margin = new Margin(this.core, positions);
    this.triggers = new Triggers(this.core, positions, this.margin);
  }

  onEvent(listener: (event: ContractsEvent) => void): () => void {
    return this.core.events.on(listener);
  }

  // ---- the engine's time -------------------------------------------------------------------

  watches(): Iterable<PriceWatch> {
    return this.triggers.watches();
  }

  onPrice(symbolId: string, at: number): void {
    this.triggers.onPrice(symbolId, at);
  }

  /** Takes the trigger books from the state again (a scenario load, a restore). */
  reload(): void {
    this.triggers.reload();
  }

  /** whether the user holds an open position or a resting order, in either mode */
  holdsOpen(userId: string): boolean {
    return (
      this.core.openPositions(userId).length > 0 ||
      this.core.rows.openOrders().some((row) => row.user_id === userId)
    );
  }

  // ---- reading ---------------------------------------------------------------------------

  /** The positions a user holds (open or closed), every mode: for tests and the control API. */
  positionRows(userId: string): readonly PositionRow[] {
    return this.core.data.positions.filter((row) => row.user_id === userId);
  }

  /** The orders a user placed, every mode: for tests and the control API. */
  orderRows(userId: string): readonly ContractOrderRow[] {
    return this.core.data.orders.filter((row) => row.user_id === userId);
  }

  /** The open positions' unrealised PnL at the mark now, summed (the contract account's equity). */
  unrealizedPnl(userId: string, mode: AccountMode): Decimal {
    return this.core
      .openPositions(userId, mode)
      .reduce(
        (sum, row) =>
          sum.plus(
            unrealizedPnl(
              row.direction,
              row.quantity,
              row.entry_price,
              this.core.quote(row.symbol_id).last,
            ),
          ),
        ZERO,
      );
  }

  info(userId: string, symbolId: string) {
    const user = this.core.users.get(userId);
    const terms = this.core.terms(symbolId);
    const chosen = this.core.data.leverages[`${userId}:${user.account_mode}:${symbolId}`];
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
      mark_price: this.core.quote(symbolId).last,
      available: wireAmount(
        this.core.ledger.account(userId, user.account_mode, 'contract').available,
      ),
      account_mode: user.account_mode,
    };
  }

  positions(userId: string, symbolId?: string): { list: Position[] } {
    const mode = this.core.users.get(userId).account_mode;
    const list = this.core
      .openPositions(userId, mode)
      .filter((row) => symbolId === undefined || row.symbol_id === symbolId)
      .toReversed()
      .map((row) => this.core.positionView(row));
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
    const mode = this.core.users.get(userId).account_mode;
    const rows = this.core.data.orders
      .filter(
        (row) =>
          row.user_id === userId &&
          row.account_mode === mode &&
          (query.symbol_id === undefined || row.symbol_id === query.symbol_id) &&
          this.core.isOpen(row) === (query.group === 'open'),
      )
      .toReversed();
    const page = pageOf(rows, query.page, query.limit);
    return { ...page, list: page.list.map((row) => this.core.orderView(row)) };
  }

  strategy(userId: string): AutoMarginRule {
    return this.margin.strategy(userId);
  }

  // ---- writing ---------------------------------------------------------------------------

  addOrder(...args: Parameters<Orders['addOrder']>): ContractOrder {
    return this.orderDesk.addOrder(...args);
  }

  cancelOrder(...args: Parameters<Orders['cancelOrder']>): ContractOrder {
    return this.orderDesk.cancelOrder(...args);
  }

  partStop(...args: Parameters<Orders['partStop']>): ReturnType<Orders['partStop']> {
    return this.orderDesk.partStop(...args);
  }

  allStop(...args: Parameters<Orders['allStop']>): ReturnType<Orders['allStop']> {
    return this.orderDesk.allStop(...args);
  }

  addTakeStop(...args: Parameters<Orders['addTakeStop']>): Position {
    return this.orderDesk.addTakeStop(...args);
  }

  depositChange(...args: Parameters<Margin['depositChange']>): Position {
    return this.margin.depositChange(...args);
  }

  setStrategy(...args: Parameters<Margin['setStrategy']>): AutoMarginRule {
    return this.margin.setStrategy(...args);
  }
}

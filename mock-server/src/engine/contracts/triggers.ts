import { D, isLiquidated, triggeredTakeStop } from '@bourse/formulas';
import type { OrderSide } from '@bourse/protocol';
import { message } from '../../i18n/messages.ts';
import type { PriceWatch, PriceWatcher } from '../kernel/clockwork.ts';
import { takerPrice, type ContractsCore } from './core.ts';
import type { Margin } from './margin.ts';
import type { Positions } from './positions.ts';
import type { PositionRow } from './types.ts';

/**
 * What a price sets off, at the price of that second: resting limit orders it crosses fill (at
 * their price, the maker's fee), then each position it reaches is liquidated, closed by its take
 * profit or stop loss, or topped up by auto-margin. The engine's time calls it for every price
 * the market produced that reaches a level (kernel/clockwork.ts), in time order.
 */
export class Triggers implements PriceWatcher {
  constructor(
    private readonly core: ContractsCore,
    private readonly positions: Positions,
    private readonly margin: Margin,
  ) {}

  watches(): Iterable<PriceWatch> {
    return this.core.books.watches();
  }

  /** Puts every open order's and position's levels back from the state (after a load). */
  reload(): void {
    const books = this.core.books;
    books.clear();
    this.core.rows.rebuild(this.core.data);
    for (const order of this.core.rows.openOrders()) books.trackOrder(order);
    for (const position of this.core.openPositions()) books.trackPosition(position);
  }

  onPrice(symbolId: string, _at: number): void {
    const quote = this.core.quote(symbolId);
    const reached = this.core.books.reached(symbolId, Number(quote.last));
    for (const id of reached.orders) {
      const order = this.core.rows.order(id);
      if (!order || order.price === null || !this.core.isOpen(order) || !quote.open) continue;
      const taker = takerPrice(quote, order.side);
      const crossed =
        order.side === 'buy' ? new D(taker).lte(order.price) : new D(taker).gte(order.price);
      if (!crossed) continue;
      if (!order.reduce_only) {
        this.positions.fillOpen(order, order.price);
        continue;
      }
      const position =
        order.position_id === null ? undefined : this.core.rows.position(order.position_id);
      if (!position || position.closed_at !== null || new D(order.quantity).gt(position.quantity)) {
        order.status = 'cancelled';
        order.updated_at = this.core.ctx.now();
        this.core.ctx.changed();
        this.core.publishOrder(order);
        continue;
      }
      this.positions.close(position, new D(order.quantity), order.price, 'user', order);
    }
    for (const id of reached.positions) {
      const position = this.core.rows.position(id);
      if (!position || position.closed_at !== null) continue;
      this.settle(position);
    }
  }

  /** One position at the price of the moment: liquidated, closed by TP/SL, or topped up. */
  private settle(position: PositionRow): void {
    const quote = this.core.quote(position.symbol_id);
    if (isLiquidated(this.core.positionTerms(position), quote.last)) {
      this.positions.liquidate(position, quote.last);
      return;
    }
    const fired = triggeredTakeStop(
      position.direction,
      quote.last,
      position.take_profit,
      position.stop_loss,
    );
    if (fired && quote.open) {
      const side: OrderSide = position.direction === 'long' ? 'sell' : 'buy';
      this.positions.cancelResting(position);
      const order = this.positions.close(
        position,
        new D(position.quantity),
        takerPrice(quote, side),
        fired,
      );
      const user = this.core.users.get(position.user_id);
      this.core.emit({
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
          created_at: this.core.ctx.now(),
        },
      });
      return;
    }
    this.margin.autoMargin(position, quote.last);
  }
}

import {
  averageEntry,
  D,
  initialMargin,
  money,
  notional,
  realizedPnl,
  releasedMargin,
  tradeFee,
} from '@bourse/formulas';
import type { OrderSource } from '@bourse/protocol';
import Decimal from 'decimal.js';
import { message } from '../../i18n/messages.ts';

import { SYSTEM_ACCOUNTS, userAccount } from '../ledger/accounts.ts';

import { wireAmount } from '../ledger/money.ts';

import type { ContractOrderRow, PositionRow } from './types.ts';

import { directionOf, nonZero, priceText, signed, ZERO, type ContractsCore } from './core.ts';

/** A closing order traded in full at `price`, with the PnL it realised. */
function completed(
  order: ContractOrderRow,
  quantity: Decimal,
  price: string,
  pnl: Decimal,
  now: number,
): void {
  order.status = 'completed';
  order.avg_price = price;
  order.filled_quantity = order.quantity;
  order.amount = wireAmount(money(notional(quantity, price)));
  order.realized_pnl = signed(pnl);
  order.updated_at = now;
}

/**
 * What happens to positions: an opening order's fill (a new position or more of one), a close
 * (part or all, by the user, a resting close, a take profit or stop loss), a liquidation, margin
 * moved in or out. Every movement of money is one ledger transaction whose ref is the order
 * number (or `CM<position id>` for margin), so a position's margin, fees and realised PnL sum back
 * from the entries:
 * - a fill pays the fee from frozen to `sys:fees` (and, on a real position, the inviter's share
 *   from the rewards account); the margin stays frozen as the position's margin;
 * - a close releases margin (frozen → available), books the PnL against `sys:contract_house`
 *   and the close fee (taker, or maker for a resting close) to `sys:fees`; should margin + PnL
 *   not cover the fee, `sys:liquidation_fund` makes up the difference (isolated margin: a loss
 *   never reaches the rest of the account);
 * - a liquidation closes at the mark with no fee: the loss goes to the house and what margin is
 *   left to `sys:liquidation_fund`, which also covers a loss beyond the margin.
 * An order the engine makes for a position books on the position's account (real or demo).
 */
export class Positions {
  constructor(private readonly core: ContractsCore) {}

  /** An opening order trades in full at `price`: its fee is paid, its margin becomes a position's. */
  fillOpen(order: ContractOrderRow, price: string): void {
    const now = this.core.ctx.now();
    const terms = this.core.terms(order.symbol_id);
    const quantity = new D(order.quantity);
    const margin = initialMargin(quantity, price, order.leverage);
    const fee = tradeFee(quantity, price, order.fee_rate);
    const frozen = userAccount(order.user_id, order.account_mode, 'contract', 'frozen');
    const available = userAccount(order.user_id, order.account_mode, 'contract');
    // what was frozen beyond this fill's margin and fee goes back (nothing, when the price is
    // the one the order was placed at)
    const leftover = new D(order.frozen).minus(margin).minus(fee);
    this.core.ledger.post({
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
    let position = this.core.findPosition(
      order.user_id,
      order.account_mode,
      order.symbol_id,
      direction,
    );
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
        id: String(this.core.data.next_position_id++),
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
      this.core.data.positions.push(position);
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
    this.core.ctx.changed();
    if (order.account_mode === 'real') this.core.rewardFee(order.user_id, fee, order.order_no);
    this.core.publishOrder(order);
    this.core.publishPosition(position);
  }

  /**
   * A market order that closes `quantity` of a position, made by the engine for it (a close at
   * market, a take profit or stop loss, a liquidation): on the position's account, whatever the
   * owner has switched to.
   */
  private closingOrder(
    position: PositionRow,
    quantity: Decimal,
    source: OrderSource,
    feeRate: string,
  ): ContractOrderRow {
    return this.core.newOrder(this.core.users.get(position.user_id), position.account_mode, {
      symbol: this.core.terms(position.symbol_id),
      side: position.direction === 'long' ? 'sell' : 'buy',
      type: 'market',
      price: null,
      quantity,
      leverage: position.leverage,
      take_profit: '',
      stop_loss: '',
      reduce_only: true,
      position_id: position.id,
      source,
      fee_rate: feeRate,
    });
  }

  /**
   * Closes `quantity` of a position at `price` (at the order's fee rate, or the taker's): the
   * released margin back to available, the PnL against the house, the fee to the fee account.
   * Books the closing order (given, or a new market one) and returns it.
   */
  close(
    position: PositionRow,
    quantity: Decimal,
    price: string,
    source: OrderSource,
    given?: ContractOrderRow,
  ): ContractOrderRow {
    const now = this.core.ctx.now();
    const order =
      given ??
      this.closingOrder(
        position,
        quantity,
        source,
        this.core.terms(position.symbol_id).taker_fee_rate,
      );
    const released = releasedMargin(position.margin, position.quantity, quantity);
    const pnl = realizedPnl(position.direction, quantity, position.entry_price, price);
    const fee = tradeFee(quantity, price, order.fee_rate);
    const shortfall = Decimal.max(ZERO, fee.minus(released).minus(pnl));
    const frozen = userAccount(position.user_id, position.account_mode, 'contract', 'frozen');
    const available = userAccount(position.user_id, position.account_mode, 'contract');
    this.core.ledger.post({
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
    // a resting close is in the state already; an order made now (or crossing at once) is not
    if (!given || this.core.rows.order(order.id) !== order) {
      this.core.data.next_order_id = Math.max(this.core.data.next_order_id, Number(order.id) + 1);
      this.core.data.orders.push(order);
    }
    completed(order, quantity, price, pnl, now);
    order.fee = wireAmount(fee);
    position.quantity = new D(position.quantity).minus(quantity).toFixed();
    position.margin = new D(position.margin).minus(released).toFixed();
    position.realized_pnl = new D(position.realized_pnl).plus(pnl).toFixed();
    position.fees = new D(position.fees).plus(fee).toFixed();
    position.updated_at = now;
    this.core.ctx.changed();
    // invite rewards are real money: only a real position's fee pays them
    if (position.account_mode === 'real') {
      this.core.rewardFee(position.user_id, fee, order.order_no);
    }
    this.core.publishOrder(order);
    if (new D(position.quantity).isZero()) this.closed(position);
    else {
      this.core.publishPosition(position);
    }
    return order;
  }

  /**
   * A position with nothing left: closed, its opening orders 'closed', its resting closes
   * cancelled. An opening order keeps its updated_at, the time it traded (the protocol's example
   * of a closed opening order, and the history's "Opened": when the position took it in).
   */
  closed(position: PositionRow): void {
    const now = this.core.ctx.now();
    position.closed_at = now;
    position.quantity = '0';
    for (const order of this.core.rows.ordersOf(position.id)) {
      if (order.reduce_only && this.core.isOpen(order)) {
        order.status = 'cancelled';
        order.updated_at = now;
        this.core.publishOrder(order);
      } else if (!order.reduce_only && order.status === 'filled') {
        order.status = 'closed';
      }
    }
    this.core.ctx.changed();
    this.core.publishClosed(position);
  }

  /**
   * Liquidation at the mark: no fee; the loss goes to the house, what margin is left to the
   * liquidation fund, and a loss beyond the margin is covered by that fund.
   */
  liquidate(position: PositionRow, mark: string): void {
    const user = this.core.users.get(position.user_id);
    const quantity = new D(position.quantity);
    const margin = new D(position.margin);
    const pnl = realizedPnl(position.direction, quantity, position.entry_price, mark);
    const lost = Decimal.min(margin, Decimal.max(ZERO, pnl.negated()));
    // a liquidation pays no fee
    const order = this.closingOrder(position, quantity, 'liquidation', '0');
    const frozen = userAccount(position.user_id, position.account_mode, 'contract', 'frozen');
    this.core.ledger.post({
      kind: 'liquidation',
      ref_id: order.order_no,
      postings: nonZero([
        { account: frozen, amount: lost.negated(), kind: 'realized_pnl' },
        { account: frozen, amount: lost.minus(margin) },
        { account: SYSTEM_ACCOUNTS.contractHouse, amount: pnl.negated() },
        { account: SYSTEM_ACCOUNTS.liquidationFund, amount: margin.plus(pnl) },
      ]),
    });
    const now = this.core.ctx.now();
    this.core.data.next_order_id++;
    this.core.data.orders.push(order);
    completed(order, quantity, mark, pnl, now);
    position.margin = '0';
    position.realized_pnl = new D(position.realized_pnl).plus(pnl).toFixed();
    position.updated_at = now;
    this.core.publishOrder(order);
    this.closed(position);
    this.core.emit({
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

  /** Margin into a position (positive, from available) or out of it (negative, to available). */
  moveMargin(position: PositionRow, amount: Decimal): void {
    const mode = position.account_mode;
    this.core.ledger.post({
      kind: 'transfer_in',
      ref_id: `CM${position.id}`,
      postings: [
        { account: userAccount(position.user_id, mode, 'contract'), amount: amount.negated() },
        { account: userAccount(position.user_id, mode, 'contract', 'frozen'), amount },
      ],
    });
    position.margin = new D(position.margin).plus(amount).toFixed();
    position.updated_at = this.core.ctx.now();
    this.core.ctx.changed();
    this.core.publishPosition(position);
  }

  cancelResting(position: PositionRow): void {
    for (const order of this.core.rows.restingCloses(position.id)) {
      {
        order.status = 'cancelled';
        order.updated_at = this.core.ctx.now();
        this.core.ctx.changed();
        this.core.publishOrder(order);
      }
    }
  }
}

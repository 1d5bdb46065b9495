import { CONTRACT_RULES, type SymbolContractTerms } from '@bourse/fixtures';
import {
  averageEntry,
  checkTakeStop,
  D,
  liquidationPrice,
  orderCost,
  type TakeStopRefusal,
} from '@bourse/formulas';
import type {
  ContractOrder,
  OrderSide,
  OrderType,
  Position,
  PositionDirection,
} from '@bourse/protocol';
import Decimal from 'decimal.js';

import { EngineError } from '../errors.ts';
import { userAccount } from '../ledger/accounts.ts';

import { wireAmount } from '../ledger/money.ts';

import type { Quote } from '../market/index.ts';
import type { UserRecord } from '../state.ts';

import {
  directionOf,
  priceText,
  signed,
  takerPrice,
  TAKE_STOP_KEYS,
  ZERO,
  type ContractsCore,
} from './core.ts';
import type { Positions } from './positions.ts';

/**
 * The calls that place and cancel orders and close positions at market: the checks of
 * quantity, price, leverage and the TP/SL rules, then the order — filled at once when it
 * crosses the book (the taker's fee), resting with its margin and fee frozen otherwise (the
 * maker's). Calls answer for the user's current mode; real-account trading needs a verified
 * identity; each write runs once per request id.
 */
export class Orders {
  constructor(
    private readonly core: ContractsCore,
    private readonly positions: Positions,
  ) {}

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
    const row = this.core.write(userId, 'addOrder', body, () => {
      const user = this.core.trader(userId);
      const terms = this.core.terms(body.symbol_id);
      const quote = this.core.quote(body.symbol_id);
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
    const held = this.core.findPosition(user.user_id, mode, body.symbol_id, direction);
    const otherLeverage =
      held?.leverage ??
      this.core.rows
        .openOrders()
        .find(
          (order) =>
            order.user_id === user.user_id &&
            order.account_mode === mode &&
            order.symbol_id === body.symbol_id &&
            !order.reduce_only &&
            order.side === body.side,
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
    const row = this.core.newOrder(user, mode, {
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
    this.core.ledger.post({
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
    this.core.data.next_order_id++;
    this.core.data.orders.push(row);
    this.core.data.leverages[`${user.user_id}:${mode}:${body.symbol_id}`] = leverage.id;
    this.core.ctx.changed();
    if (crossing) this.positions.fillOpen(row, price);
    else this.core.publishOrder(row);
    return this.core.orderView(row);
  }

  private placeClose(
    user: UserRecord,
    terms: SymbolContractTerms,
    quote: Quote,
    quantity: Decimal,
    body: { symbol_id: string; side: OrderSide; type: OrderType; price: string },
  ): ContractOrder {
    const direction = directionOf(body.side, true);
    const held = this.core.findPosition(user.user_id, user.account_mode, body.symbol_id, direction);
    if (!held) throw new EngineError('refused', 'reduce_only_no_position');
    const closable = this.core.closable(held);
    if (quantity.gt(closable)) {
      throw new EngineError('refused', 'close_quantity_exceeds', { max: closable.toFixed() });
    }
    const taker = takerPrice(quote, body.side);
    const crossing =
      body.type === 'market' ||
      (body.side === 'buy' ? new D(body.price).gte(taker) : new D(body.price).lte(taker));
    const row = this.core.newOrder(user, held.account_mode, {
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
    if (crossing)
      return this.core.orderView(this.positions.close(held, quantity, taker, 'user', row));
    this.core.data.next_order_id++;
    this.core.data.orders.push(row);
    this.core.ctx.changed();
    this.core.publishOrder(row);
    return this.core.orderView(row);
  }

  cancelOrder(userId: string, body: { order_id: string; request_id: string }): ContractOrder {
    return this.core.write(userId, 'cancelOrder', body, () => {
      const mode = this.core.users.get(userId).account_mode;
      // an open order is indexed; one that is not (to say why it cannot go) is looked for
      const found =
        this.core.rows.order(body.order_id) ??
        this.core.data.orders.find((row) => row.id === body.order_id);
      const order = found?.user_id === userId && found.account_mode === mode ? found : undefined;
      if (!order) throw new EngineError('not_found', 'order_not_found');
      if (!this.core.isOpen(order)) throw new EngineError('refused', 'order_not_open');
      const frozen = new D(order.frozen);
      if (!frozen.isZero()) {
        this.core.ledger.post({
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
      order.updated_at = this.core.ctx.now();
      this.core.ctx.changed();
      const view = this.core.orderView(order);
      this.core.publishOrder(order);
      const position =
        order.position_id === null ? undefined : this.core.rows.position(order.position_id);
      if (position) this.core.publishPosition(position);
      return view;
    });
  }

  partStop(
    userId: string,
    body: { position_id: string; quantity: string; request_id: string },
  ): { order: ContractOrder; position: Position | null } {
    return this.core.write(userId, 'partStop', body, () => {
      this.core.trader(userId);
      const position = this.core.ownPosition(userId, body.position_id);
      const terms = this.core.terms(position.symbol_id);
      const quantity = new D(body.quantity);
      if (!quantity.mod(terms.qty_step).isZero()) {
        throw new EngineError('refused', 'quantity_step', { step: terms.qty_step });
      }
      const closable = this.core.closable(position);
      if (quantity.gt(closable)) {
        throw new EngineError('refused', 'close_quantity_exceeds', { max: closable.toFixed() });
      }
      const quote = this.core.quote(position.symbol_id);
      if (!quote.open) throw new EngineError('refused', 'market_closed');
      const side: OrderSide = position.direction === 'long' ? 'sell' : 'buy';
      const order = this.positions.close(position, quantity, takerPrice(quote, side), 'user');
      return {
        order: this.core.orderView(order),
        position: position.closed_at === null ? this.core.positionView(position) : null,
      };
    });
  }

  allStop(
    userId: string,
    body: { symbol_id?: string | undefined; request_id: string },
  ): { list: ContractOrder[]; realized_pnl: string } {
    return this.core.write(userId, 'allStop', body, () => {
      const user = this.core.trader(userId);
      if (body.symbol_id !== undefined) this.core.terms(body.symbol_id);
      const targets = this.core
        .openPositions(userId, user.account_mode)
        .filter((row) => body.symbol_id === undefined || row.symbol_id === body.symbol_id);
      const quotes = targets.map((row) => this.core.quote(row.symbol_id));
      if (quotes.some((quote) => !quote.open)) throw new EngineError('refused', 'market_closed');
      const list: ContractOrder[] = [];
      let total = ZERO;
      targets.forEach((position, index) => {
        const quote = quotes[index];
        if (!quote) return;
        for (const order of this.core.rows.restingCloses(position.id)) {
          {
            order.status = 'cancelled';
            order.updated_at = this.core.ctx.now();
            this.core.publishOrder(order);
          }
        }
        const side: OrderSide = position.direction === 'long' ? 'sell' : 'buy';
        const order = this.positions.close(
          position,
          new D(position.quantity),
          takerPrice(quote, side),
          'user',
        );
        total = total.plus(order.realized_pnl);
        list.push(this.core.orderView(order));
      });
      return { list, realized_pnl: signed(total) };
    });
  }

  addTakeStop(
    userId: string,
    body: { position_id: string; take_profit: string; stop_loss: string; request_id: string },
  ): Position {
    return this.core.write(userId, 'addTakeStop', body, () => {
      this.core.trader(userId);
      const position = this.core.ownPosition(userId, body.position_id);
      const terms = this.core.terms(position.symbol_id);
      this.checkPrice(terms, body.take_profit);
      this.checkPrice(terms, body.stop_loss);
      const liquidation = liquidationPrice(this.core.positionTerms(position));
      this.takeStopRefusal(
        checkTakeStop({
          direction: position.direction,
          reference: this.core.quote(position.symbol_id).last,
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
      position.updated_at = this.core.ctx.now();
      this.core.ctx.changed();
      this.core.publishPosition(position);
      return this.core.positionView(position);
    });
  }
}

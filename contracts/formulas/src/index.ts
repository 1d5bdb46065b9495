import Decimal from 'decimal.js';

/**
 * The contract-trading formulas: linear USDT-margined contracts, isolated margin. One module,
 * imported by the mock's engine (which books what they compute) and by the web (which shows what
 * an order will cost before it is sent), so the two agree to the cent. `FORMULAS.md` beside this
 * package states each one and works an example; `index.test.ts` holds those examples.
 *
 * Every function is pure and takes decimal strings or decimals; none takes a binary float for
 * money. Amounts of money come back rounded to MONEY_SCALE (half up), the scale the ledger books
 * at; prices, percentages and ratios come back exact and are rounded where they are shown.
 */

/** A decimal with room for any product or quotient the formulas take (40 significant digits). */
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type D = Decimal;
export type Num = Decimal.Value;

/** Decimals of USDT the ledger books (the mock's ledger scale). */
export const MONEY_SCALE = 8;

export type Direction = 'long' | 'short';

/** +1 for a long, −1 for a short: PnL is qty × sign × (exit − entry). */
export const directionSign = (direction: Direction): 1 | -1 => (direction === 'long' ? 1 : -1);

/** An amount of USDT as the ledger books it: MONEY_SCALE decimals, half up. */
export const money = (value: Num): Decimal =>
  new D(value).toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_HALF_UP);

const HUNDRED = new D(100);

/** notional = qty × price */
export const notional = (qty: Num, price: Num): Decimal => new D(qty).times(price);

/** initial margin = qty × entry ÷ leverage */
export const initialMargin = (qty: Num, entry: Num, leverage: Num): Decimal =>
  money(notional(qty, entry).dividedBy(leverage));

/** fee = qty × price × rate (the maker rate for a resting limit order, the taker rate otherwise) */
export const tradeFee = (qty: Num, price: Num, rate: Num): Decimal =>
  money(notional(qty, price).times(rate));

/** unrealised PnL = qty × side × (mark − entry) */
export const unrealizedPnl = (direction: Direction, qty: Num, entry: Num, mark: Num): Decimal =>
  money(new D(mark).minus(entry).times(qty).times(directionSign(direction)));

/** realised PnL of closing qty at exit: the same formula at the exit price */
export const realizedPnl = unrealizedPnl;

/** profit rate = PnL ÷ initial margin, as a percentage (0 when there is no margin) */
export function profitRate(pnl: Num, initial: Num): Decimal {
  const base = new D(initial);
  return base.isZero() ? new D(0) : new D(pnl).dividedBy(base).times(HUNDRED);
}

/** maintenance margin = qty × mark × maintenance rate */
export const maintenanceMargin = (qty: Num, mark: Num, rate: Num): Decimal =>
  money(notional(qty, mark).times(rate));

/**
 * margin ratio = maintenance margin ÷ (margin + unrealised PnL), as a percentage; the position is
 * liquidated at 100. Infinity once margin + PnL is nothing (the margin is gone).
 */
export function marginRatio(maintenance: Num, margin: Num, pnl: Num): Decimal {
  const equity = new D(margin).plus(pnl);
  if (equity.lte(0)) return new D(Infinity);
  return new D(maintenance).dividedBy(equity).times(HUNDRED);
}

export interface PositionTerms {
  direction: Direction;
  qty: Num;
  entry: Num;
  /** the position's margin now: the initial margin plus what was added, less what was taken out */
  margin: Num;
  maintenanceRate: Num;
}

/**
 * Isolated liquidation price, from the maintenance margin at entry:
 * long = entry − (margin − qty × entry × maintenance rate) ÷ qty; short = entry + the same.
 * Added margin moves it away from the price, reduced margin towards it. Never below 0.
 */
export function liquidationPrice(terms: PositionTerms): Decimal {
  const qty = new D(terms.qty);
  if (qty.isZero()) return new D(0);
  const cushion = new D(terms.margin)
    .minus(notional(qty, terms.entry).times(terms.maintenanceRate))
    .dividedBy(qty);
  const price = new D(terms.entry).minus(cushion.times(directionSign(terms.direction)));
  return price.isNegative() ? new D(0) : price;
}

/**
 * Whether a position is liquidated at this mark: its margin ratio has reached 100 %, or the mark
 * has reached the liquidation price shown to the user (for a long, the shown price comes a hair
 * before the ratio does; for a short a hair after: whichever comes first).
 */
export function isLiquidated(terms: PositionTerms, mark: Num): boolean {
  const pnl = unrealizedPnl(terms.direction, terms.qty, terms.entry, mark);
  const ratio = marginRatio(
    maintenanceMargin(terms.qty, mark, terms.maintenanceRate),
    terms.margin,
    pnl,
  );
  if (ratio.gte(HUNDRED)) return true;
  const liquidation = liquidationPrice(terms);
  return terms.direction === 'long' ? new D(mark).lte(liquidation) : new D(mark).gte(liquidation);
}

/**
 * The most margin that can be taken out: what keeps the position at or above its initial margin
 * requirement (qty × entry ÷ leverage) after any unrealised loss; an unrealised profit cannot be
 * taken out. Never below 0.
 */
export function maxReducibleMargin(
  terms: Pick<PositionTerms, 'direction' | 'qty' | 'entry' | 'margin'> & {
    leverage: Num;
    mark: Num;
  },
): Decimal {
  const pnl = unrealizedPnl(terms.direction, terms.qty, terms.entry, terms.mark);
  const loss = pnl.isNegative() ? pnl : new D(0);
  const free = new D(terms.margin)
    .plus(loss)
    .minus(initialMargin(terms.qty, terms.entry, terms.leverage));
  return free.isNegative() ? new D(0) : money(free);
}

/**
 * The margin a partial close releases: margin × closed qty ÷ held qty (all of it when the whole
 * position closes, so nothing is left behind by rounding).
 */
export function releasedMargin(margin: Num, heldQty: Num, closedQty: Num): Decimal {
  if (new D(closedQty).gte(heldQty)) return new D(margin);
  return money(new D(margin).times(closedQty).dividedBy(heldQty));
}

/** The average entry after adding qty at price to a position of held qty at entry. */
export function averageEntry(heldQty: Num, entry: Num, addedQty: Num, price: Num): Decimal {
  const total = new D(heldQty).plus(addedQty);
  if (total.isZero()) return new D(price);
  return notional(heldQty, entry).plus(notional(addedQty, price)).dividedBy(total);
}

export interface OrderCost {
  /** the initial margin the order holds */
  margin: Decimal;
  /** the fee, at the rate given */
  fee: Decimal;
  /** margin + fee: what is frozen at placement */
  total: Decimal;
}

/** What opening qty at price costs: the margin and the fee, frozen together when it is placed. */
export function orderCost(qty: Num, price: Num, leverage: Num, feeRate: Num): OrderCost {
  const margin = initialMargin(qty, price, leverage);
  const fee = tradeFee(qty, price, feeRate);
  return { margin, fee, total: margin.plus(fee) };
}

/**
 * The largest quantity, in steps of `step`, whose margin and fee fit in `available`:
 * qty = available ÷ (price ÷ leverage + price × fee rate), rounded down to the step.
 */
export function maxOpenQuantity(
  available: Num,
  price: Num,
  leverage: Num,
  feeRate: Num,
  step: Num,
): Decimal {
  const unit = new D(price).dividedBy(leverage).plus(new D(price).times(feeRate));
  if (unit.lte(0) || new D(available).lte(0)) return new D(0);
  let qty = new D(available).dividedBy(unit).dividedToIntegerBy(step).times(step);
  // Rounding margin and fee up to the scale may push the exact fit a step over.
  while (qty.gt(0) && orderCost(qty, price, leverage, feeRate).total.gt(available)) {
    qty = qty.minus(step);
  }
  return qty;
}

/** Why a take profit or stop loss is refused; null when it is allowed. */
export type TakeStopRefusal = 'take_profit_side' | 'stop_loss_side' | 'stop_loss_near_liquidation';

/**
 * SPEC.md §5's rules, against a reference price (the mark for a position, the limit price for a
 * resting order): a take profit above it for a long and below it for a short, a stop loss the
 * other way, and a stop loss at least `minDistanceRate` of the liquidation price away from it, on
 * the safe side ('' leaves one unset, which is always allowed).
 */
export function checkTakeStop(rule: {
  direction: Direction;
  reference: Num;
  takeProfit: string;
  stopLoss: string;
  liquidation: Num;
  minDistanceRate: Num;
}): TakeStopRefusal | null {
  const sign = directionSign(rule.direction);
  if (rule.takeProfit !== '' && new D(rule.takeProfit).minus(rule.reference).times(sign).lte(0)) {
    return 'take_profit_side';
  }
  if (rule.stopLoss !== '') {
    const stop = new D(rule.stopLoss);
    if (stop.minus(rule.reference).times(sign).gte(0)) return 'stop_loss_side';
    const liquidation = new D(rule.liquidation);
    const nearest = liquidation.times(new D(1).plus(new D(rule.minDistanceRate).times(sign)));
    if (stop.minus(nearest).times(sign).lt(0)) return 'stop_loss_near_liquidation';
  }
  return null;
}

/** Which of a position's take profit and stop loss the mark has reached, if any (TP first). */
export function triggeredTakeStop(
  direction: Direction,
  mark: Num,
  takeProfit: string,
  stopLoss: string,
): 'take_profit' | 'stop_loss' | null {
  const sign = directionSign(direction);
  if (takeProfit !== '' && new D(mark).minus(takeProfit).times(sign).gte(0)) return 'take_profit';
  if (stopLoss !== '' && new D(mark).minus(stopLoss).times(sign).lte(0)) return 'stop_loss';
  return null;
}

/**
 * Auto-margin (getStrategy/setStrategy): when the unrealised loss reaches `depositRate` % of the
 * position's margin, `autoAdd` % of its initial margin is added from the contract account's
 * available balance. Returns the amount to add now, or null when the rule does not fire.
 */
export function autoMarginTopUp(rule: {
  pnl: Num;
  margin: Num;
  initialMargin: Num;
  depositRate: Num;
  autoAdd: Num;
}): Decimal | null {
  const loss = new D(rule.pnl).negated();
  if (loss.lte(0)) return null;
  const threshold = new D(rule.margin).times(rule.depositRate).dividedBy(HUNDRED);
  if (loss.lt(threshold)) return null;
  const amount = money(new D(rule.initialMargin).times(rule.autoAdd).dividedBy(HUNDRED));
  return amount.gt(0) ? amount : null;
}

/** A live position's figures at a mark price, as the positions list shows them. */
export interface PositionFigures {
  initialMargin: Decimal;
  unrealizedPnl: Decimal;
  profitRate: Decimal;
  maintenanceMargin: Decimal;
  marginRatio: Decimal;
  liquidationPrice: Decimal;
  maxReducibleMargin: Decimal;
}

export function positionFigures(
  terms: PositionTerms & { leverage: Num },
  mark: Num,
): PositionFigures {
  const initial = initialMargin(terms.qty, terms.entry, terms.leverage);
  const pnl = unrealizedPnl(terms.direction, terms.qty, terms.entry, mark);
  const maintenance = maintenanceMargin(terms.qty, mark, terms.maintenanceRate);
  return {
    initialMargin: initial,
    unrealizedPnl: pnl,
    profitRate: profitRate(pnl, initial),
    maintenanceMargin: maintenance,
    marginRatio: marginRatio(maintenance, terms.margin, pnl),
    liquidationPrice: liquidationPrice(terms),
    maxReducibleMargin: maxReducibleMargin({ ...terms, mark }),
  };
}

import {
  $contractInfo,
  $openOrders,
  $positions,
  orderChanged,
  ordersChanged,
  type ContractInfo,
} from '#entities/contract';
import { createApiEffect } from '#shared/api';
import {
  checkMessages,
  createFormSubmission,
  withoutErrors,
  withServerErrors,
  type FormErrors,
} from '#shared/api/form';
import { createMoneyIntent } from '#shared/api/intent';
import { type NumberStyle } from '#shared/format';
import { $numberStyle, asTyped, readTypedNumber, typedValue } from '#shared/typed-number';
import { $accountType, $userInfo } from '#shared/session';
import { persistLocal } from '#shared/storage';
import { notifyFx } from '#shared/ui/toast';
import {
  checkTakeStop,
  D,
  liquidationPrice,
  maxOpenQuantity,
  orderCost,
  type Direction,
} from '@bourse/formulas';
import { endpoints, type OrderSide, type OrderType } from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import { z } from 'zod/mini';
import { $symbolId, $ticker, ContractGate } from './page.ts';

export type OrderField = 'price' | 'quantity' | 'takeProfit' | 'stopLoss';

/** The slider's stops, in percent of the largest quantity the balance allows. */
export const QUANTITY_STOPS = [0, 25, 50, 75, 100] as const;

export const sideChanged = createEvent<OrderSide>();
export const orderTypeChanged = createEvent<OrderType>();
export const priceChanged = createEvent<string>();
export const quantityChanged = createEvent<string>();
/** The slider: a percentage of the largest quantity the balance allows. */
export const percentPicked = createEvent<number>();
export const leveragePicked = createEvent<string>();
export const takeProfitToggled = createEvent<boolean>();
export const takeProfitChanged = createEvent<string>();
export const stopLossToggled = createEvent<boolean>();
export const stopLossChanged = createEvent<string>();
export const reduceOnlyToggled = createEvent<boolean>();
/** "Open long" / "Open short": checked, then the confirmation sheet (or the verification prompt). */
export const submitClicked = createEvent();
/** The confirmation sheet's "Place order". */
export const confirmClicked = createEvent();
export const confirmCancelled = createEvent();
export const verifyPromptClosed = createEvent();

export const $side = createStore<OrderSide>('buy');
export const $orderType = createStore<OrderType>('market');
export const $price = createStore('');
export const $quantity = createStore('');
export const $percent = createStore(0);
export const $takeProfitOn = createStore(false);
export const $takeProfit = createStore('');
export const $stopLossOn = createStore(false);
export const $stopLoss = createStore('');
export const $reduceOnly = createStore(false);
/**
 * What the last attempt to send found (its checks, or the server naming a field), less the fields
 * edited since: new on every attempt that fails, so the view moves focus to the first of them.
 */
export const $attemptErrors = createStore<FormErrors<OrderField>>({});
export const $formError = createStore<string | null>(null);
/** The confirmation sheet is open. */
export const $confirming = createStore(false);
/** The verification prompt is open (SPEC.md §5: verify before trading for real). */
export const $verifyPrompt = createStore(false);

/** The leverage the user last chose (SPEC.md §3 keeps its id on the device). */
export const $leverageId = createStore<string | null>(null);
persistLocal($leverageId, 'leverageId', z.nullable(z.string()));
$leverageId.on(leveragePicked, (_, id) => id);

const directionOf = (side: OrderSide): Direction => (side === 'buy' ? 'long' : 'short');

const PLAIN = /^\d{1,15}(\.\d{1,8})?$/;
const isAmount = (value: string) => PLAIN.test(value.trim()) && /[1-9]/.test(value);

/**
 * A field as the reader typed it (their decimal mark, their grouping), read as the plain decimal
 * the formulas and the wire take when it is a positive amount; null while it is not one. The
 * fields keep the text as typed: only the checks, the previews and the request read it.
 */
const amountOf = (text: string, style: NumberStyle): string | null => {
  const typed = readTypedNumber(text, style);
  return typed.kind === 'number' && isAmount(typed.value) ? typed.value : null;
};

/**
 * Why a typed price or quantity is no number, as a translation key: the other decimal mark is
 * named in words ("use a comma in German"), anything else is the field's own `invalid` key.
 */
const unreadable = (text: string, style: NumberStyle, invalid: string): string | null => {
  const typed = readTypedNumber(text, style);
  if (typed.kind !== 'problem') return null;
  return typed.key === 'numberInput.otherMark' ? typed.key : invalid;
};

/** The info of the symbol on screen; null while it loads. */
export const $info = combine($contractInfo, $symbolId, (byId, id): ContractInfo | null =>
  id === null ? null : (byId[id] ?? null),
);

/**
 * The leverage already in use on this symbol and side: an open position's, else a resting opening
 * order's (the server refuses another one, leverage_mismatch); null when none is.
 */
export const $leverageInUse = combine(
  {
    symbolId: $symbolId,
    side: $side,
    reduceOnly: $reduceOnly,
    positions: $positions,
    orders: $openOrders,
  },
  ({ symbolId, side, reduceOnly, positions, orders }): number | null => {
    // a reduce-only order closes at the position's own leverage, whatever it names
    if (symbolId === null || reduceOnly) return null;
    const direction = directionOf(side);
    const held = positions?.find(
      (one) => one.symbol_id === symbolId && one.direction === direction,
    );
    if (held !== undefined) return held.leverage;
    const resting = orders?.find(
      (one) => one.symbol_id === symbolId && one.side === side && !one.reduce_only,
    );
    return resting?.leverage ?? null;
  },
);

/**
 * The leverage the order uses: the one in use on this symbol and side (it cannot be another), else
 * the one kept, when the symbol offers it, else the symbol's.
 */
export const $leverage = combine($info, $leverageId, $leverageInUse, (info, kept, inUse) => {
  if (info === null) return null;
  const locked = inUse === null ? undefined : info.leverages.find((one) => one.value === inUse);
  return (
    locked ??
    info.leverages.find((one) => one.id === kept) ??
    info.leverages.find((one) => one.id === info.leverage_id) ??
    info.leverages[0] ??
    null
  );
});

/** The price the order is reckoned at: the limit price, or the side of the book a market order takes. */
export const $orderPrice = combine(
  $orderType,
  $side,
  $price,
  $ticker,
  $info,
  $numberStyle,
  (type, side, price, ticker, info, style): string | null => {
    if (type === 'limit') return amountOf(price, style);
    const quote = side === 'buy' ? ticker?.ask : ticker?.bid;
    return quote ?? ticker?.last_price ?? info?.mark_price ?? null;
  },
);

/**
 * The fee rate: the taker's for a market order or a limit order that crosses the book at once,
 * the maker's for one that rests (FORMULAS.md).
 */
export const $feeRate = combine(
  $orderType,
  $side,
  $orderPrice,
  $ticker,
  $info,
  (type, side, price, ticker, info): string | null => {
    if (info === null) return null;
    if (type === 'market' || price === null) return info.taker_fee_rate;
    const opposite = side === 'buy' ? ticker?.ask : ticker?.bid;
    if (opposite === undefined) return info.maker_fee_rate;
    const crosses = side === 'buy' ? new D(price).gte(opposite) : new D(price).lte(opposite);
    return crosses ? info.taker_fee_rate : info.maker_fee_rate;
  },
);

/** The largest quantity the available balance opens at this price and leverage (maxOpenQuantity). */
export const $maxQuantity = combine(
  $info,
  $leverage,
  $orderPrice,
  $feeRate,
  (info, leverage, price, rate): string | null => {
    if (info === null || leverage === null || price === null || rate === null) return null;
    const max = maxOpenQuantity(info.available, price, leverage.value, rate, info.qty_step);
    return D.min(max, info.max_qty).toFixed();
  },
);

/** What the order costs and where it would be liquidated, before it is sent; null while incomplete. */
export const $quote = combine(
  {
    info: $info,
    leverage: $leverage,
    price: $orderPrice,
    rate: $feeRate,
    quantity: $quantity,
    side: $side,
    reduceOnly: $reduceOnly,
    style: $numberStyle,
  },
  ({ info, leverage, price, rate, quantity, side, reduceOnly, style }) => {
    if (info === null || leverage === null || price === null || rate === null) return null;
    const qty = amountOf(quantity, style);
    if (qty === null) return null;
    const cost = orderCost(qty, price, leverage.value, rate);
    if (reduceOnly) {
      return {
        margin: '0',
        fee: cost.fee.toFixed(2),
        total: cost.fee.toFixed(2),
        liquidation: null,
      };
    }
    const liquidation = liquidationPrice({
      direction: directionOf(side),
      qty,
      entry: price,
      margin: cost.margin,
      maintenanceRate: info.maintenance_margin_rate,
    });
    return {
      margin: cost.margin.toFixed(2),
      fee: cost.fee.toFixed(2),
      total: cost.total.toFixed(2),
      liquidation: liquidation.toFixed(),
    };
  },
);

/**
 * The order's typed figures as plain decimals, for the confirmation to print in the reader's
 * style ("0,05" typed in German is 0.05, printed "0,05" again); null where one is not a number.
 */
export const $typedFigures = combine(
  { quantity: $quantity, takeProfit: $takeProfit, stopLoss: $stopLoss, style: $numberStyle },
  ({ quantity, takeProfit, stopLoss, style }) => ({
    quantity: amountOf(quantity, style),
    takeProfit: amountOf(takeProfit, style),
    stopLoss: amountOf(stopLoss, style),
  }),
);

$side.on(sideChanged, (_, side) => side);
$orderType.on(orderTypeChanged, (_, type) => type);
$price.on(priceChanged, (_, price) => price);
$quantity.on(quantityChanged, (_, quantity) => quantity);
$takeProfitOn.on(takeProfitToggled, (_, on) => on);
$takeProfit.on(takeProfitChanged, (_, value) => value);
$stopLossOn.on(stopLossToggled, (_, on) => on);
$stopLoss.on(stopLossChanged, (_, value) => value);
$reduceOnly.on(reduceOnlyToggled, (_, on) => on);
$percent.on(percentPicked, (_, percent) => percent).reset(quantityChanged);

// The slider sets the quantity: that share of the largest, down to the quantity step, written
// as the reader types it.
sample({
  clock: percentPicked,
  source: { max: $maxQuantity, info: $info, style: $numberStyle },
  filter: ({ max, info }) => max !== null && info !== null,
  fn: ({ max, info, style }, percent) => {
    const step = (info as ContractInfo).qty_step;
    const share = new D(max as string).times(percent).dividedBy(100);
    const qty = share.dividedToIntegerBy(step).times(step);
    return qty.isZero() ? '' : asTyped(qty.toFixed(), style);
  },
  target: $quantity,
});

// A limit order starts from the market price, in the reader's style, for the user to adjust.
sample({
  clock: orderTypeChanged,
  source: { price: $price, ticker: $ticker, style: $numberStyle },
  filter: ({ price, ticker }, type) => type === 'limit' && price === '' && ticker !== null,
  fn: ({ ticker, style }) => (ticker === null ? '' : asTyped(ticker.last_price, style)),
  target: $price,
});

// ---- checks --------------------------------------------------------------------------------

interface FormValues {
  readonly symbolId: string | null;
  readonly info: ContractInfo | null;
  readonly leverageId: string | null;
  readonly side: OrderSide;
  readonly type: OrderType;
  readonly price: string;
  readonly orderPrice: string | null;
  readonly quantity: string;
  readonly max: string | null;
  readonly takeProfitOn: boolean;
  readonly takeProfit: string;
  readonly stopLossOn: boolean;
  readonly stopLoss: string;
  readonly reduceOnly: boolean;
  readonly liquidation: string | null;
  /** the reader's number style: the fields hold what they typed, read with it */
  readonly style: NumberStyle;
}

const $values = combine({
  symbolId: $symbolId,
  info: $info,
  leverageId: $leverage.map((one) => one?.id ?? null),
  side: $side,
  type: $orderType,
  price: $price,
  orderPrice: $orderPrice,
  quantity: $quantity,
  max: $maxQuantity,
  takeProfitOn: $takeProfitOn,
  takeProfit: $takeProfit,
  stopLossOn: $stopLossOn,
  stopLoss: $stopLoss,
  reduceOnly: $reduceOnly,
  liquidation: $quote.map((quote) => quote?.liquidation ?? null),
  style: $numberStyle,
});

function quantityProblem(values: FormValues): string | null {
  const typed = readTypedNumber(values.quantity, values.style);
  if (typed.kind === 'empty') return 'contract.errors.quantityRequired';
  if (typed.kind === 'problem') {
    return unreadable(values.quantity, values.style, 'contract.errors.quantityInvalid');
  }
  const quantity = typed.value;
  if (!PLAIN.test(quantity)) return 'contract.errors.quantityInvalid';
  if (!isAmount(quantity)) return 'contract.errors.quantityPositive';
  const info = values.info;
  if (info === null) return null;
  const qty = new D(quantity);
  if (qty.lt(info.min_qty)) return 'contract.errors.quantityMin';
  if (qty.gt(info.max_qty)) return 'contract.errors.quantityMax';
  if (!qty.mod(info.qty_step).isZero()) return 'contract.errors.quantityStep';
  if (!values.reduceOnly && values.max !== null && qty.gt(values.max)) {
    return 'contract.errors.insufficient';
  }
  return null;
}

function priceProblem(values: FormValues): string | null {
  if (values.type === 'market') return null;
  const typed = readTypedNumber(values.price, values.style);
  if (typed.kind === 'empty') return 'contract.errors.priceRequired';
  if (typed.kind === 'problem') {
    return unreadable(values.price, values.style, 'contract.errors.priceInvalid');
  }
  return isAmount(typed.value) ? null : 'contract.errors.priceInvalid';
}

/** SPEC.md §5's side rules against the order's price, with the shared rule (checkTakeStop). */
function takeStopProblems(values: FormValues): Record<'takeProfit' | 'stopLoss', string | null> {
  const problems: Record<'takeProfit' | 'stopLoss', string | null> = {
    takeProfit: null,
    stopLoss: null,
  };
  if (values.reduceOnly) return problems;
  const { style } = values;
  const takeProfit = values.takeProfitOn ? (amountOf(values.takeProfit, style) ?? '') : '';
  const stopLoss = values.stopLossOn ? (amountOf(values.stopLoss, style) ?? '') : '';
  if (values.takeProfitOn && takeProfit === '') {
    problems.takeProfit =
      unreadable(values.takeProfit, style, 'contract.errors.priceInvalid') ??
      'contract.errors.priceInvalid';
  }
  if (values.stopLossOn && stopLoss === '') {
    problems.stopLoss =
      unreadable(values.stopLoss, style, 'contract.errors.priceInvalid') ??
      'contract.errors.priceInvalid';
  }
  if (values.orderPrice === null) return problems;
  const rule = {
    direction: directionOf(values.side),
    reference: values.orderPrice,
    liquidation: values.liquidation ?? '0',
    // the distance from the liquidation price is the server's to check: it knows its rate
    minDistanceRate: 0,
  };
  if (problems.takeProfit === null && takeProfit !== '') {
    const refusal = checkTakeStop({ ...rule, takeProfit, stopLoss: '' });
    if (refusal !== null) problems.takeProfit = 'contract.errors.takeProfitSide';
  }
  if (problems.stopLoss === null && stopLoss !== '') {
    const refusal = checkTakeStop({ ...rule, takeProfit: '', stopLoss });
    if (refusal !== null) {
      problems.stopLoss =
        refusal === 'stop_loss_side'
          ? 'contract.errors.stopLossSide'
          : 'contract.errors.stopLossNearLiquidation';
    }
  }
  return problems;
}

export const checkOrder = (values: FormValues): FormErrors<OrderField> =>
  checkMessages<OrderField>({
    price: priceProblem(values),
    quantity: quantityProblem(values),
    ...takeStopProblems(values),
  });

/** The order as the wire takes it: every typed figure as its plain decimal ("0.05", not "0,05"). */
const requestOf = (values: FormValues) => {
  const plain = (text: string) => typedValue(text, values.style);
  const takeStop = !values.reduceOnly;
  return {
    symbol_id: values.symbolId ?? '',
    side: values.side,
    type: values.type,
    price: values.type === 'limit' ? plain(values.price) : '',
    quantity: plain(values.quantity),
    leverage_id: values.leverageId ?? '',
    take_profit: values.takeProfitOn && takeStop ? plain(values.takeProfit) : '',
    stop_loss: values.stopLossOn && takeStop ? plain(values.stopLoss) : '',
    reduce_only: values.reduceOnly,
  };
};

// ---- sending -------------------------------------------------------------------------------

const formEdited = [
  sideChanged,
  orderTypeChanged,
  priceChanged,
  quantityChanged,
  percentPicked,
  leveragePicked,
  takeProfitToggled,
  takeProfitChanged,
  stopLossToggled,
  stopLossChanged,
  reduceOnlyToggled,
];

/** One request id per intent: a double tap or a retry places one order; an edit is a new order. */
export const placeOrder = createMoneyIntent({
  effect: createApiEffect(endpoints.contract.addOrder),
  renewOn: [...formEdited, $symbolId.updates],
});
export const $submitting = placeOrder.$pending;

/** Trading for real needs a verified identity (demo trades need none). */
export const $mustVerify = combine(
  $accountType,
  $userInfo,
  (mode, user) => mode === 'real' && user !== null && user.identity_status !== 'verified',
);

// SPEC.md §5: an unverified user is asked to verify before anything else of a real trade.
sample({ clock: submitClicked, filter: $mustVerify, fn: () => true, target: $verifyPrompt });
const checked = sample({
  clock: submitClicked,
  source: { values: $values, submitting: $submitting, mustVerify: $mustVerify },
  filter: ({ submitting, mustVerify }) => !submitting && !mustVerify,
  fn: ({ values }) => ({ values, errors: checkOrder(values) }),
});
sample({
  clock: checked,
  source: $attemptErrors,
  fn: (previous, { errors }) => withServerErrors(previous, errors),
  target: $attemptErrors,
});
sample({ clock: checked, fn: () => null, target: $formError });
sample({
  clock: checked,
  filter: ({ errors }) => Object.keys(errors).length === 0,
  fn: () => true,
  target: $confirming,
});

createFormSubmission({
  clock: confirmClicked,
  source: $values,
  check: checkOrder,
  request: requestOf,
  effect: placeOrder.sendFx,
  $errors: $attemptErrors,
  $formError,
  wireFields: {
    price: 'price',
    quantity: 'quantity',
    take_profit: 'takeProfit',
    stop_loss: 'stopLoss',
  },
});

/** The form has been sent once (or tried): from then on its checks follow what it holds. */
const $checking = createStore(false)
  .on(checked, () => true)
  .reset(placeOrder.sendFx.done, $symbolId.updates, ContractGate.close);

/**
 * What the form shows next to its fields. Its own checks, once it has been sent, are of the values
 * it holds now: a refusal that depends on the price, the leverage, the quantity, the side, the
 * type or the limit price follows each of them (a price that arrives after "Open long" lifts a
 * stop loss "too close to the liquidation price" it no longer is). The server's words on a field
 * stay until that field is edited.
 */
export const $errors = combine(
  $values,
  $checking,
  $attemptErrors,
  (values, checking, attempt): FormErrors<OrderField> =>
    withServerErrors(attempt, checking ? checkOrder(values) : {}),
);

$confirming
  .reset(confirmCancelled, placeOrder.sendFx.finally, ContractGate.close)
  .reset($symbolId.updates);
$verifyPrompt.reset(verifyPromptClosed, ContractGate.close);

for (const field of ['price', 'quantity', 'takeProfit', 'stopLoss'] as const) {
  const edits = {
    price: [priceChanged, orderTypeChanged],
    quantity: [quantityChanged, percentPicked, reduceOnlyToggled],
    takeProfit: [takeProfitChanged, takeProfitToggled, sideChanged],
    stopLoss: [stopLossChanged, stopLossToggled, sideChanged],
  }[field];
  $attemptErrors.on(edits, (errors) => withoutErrors(errors, field));
}
$attemptErrors.reset(placeOrder.sendFx.done, $symbolId.updates, ContractGate.close);
$formError.reset(...formEdited, ContractGate.close);

sample({ clock: placeOrder.sendFx.doneData, target: orderChanged });
sample({ clock: placeOrder.sendFx.done, target: ordersChanged });
sample({ clock: placeOrder.sendFx.done, fn: () => 'contract.order.placed', target: notifyFx });
// A placed order empties the form's order (quantity, take profit, stop loss); the next order
// starts from the same side, type, price and leverage. Another symbol starts it afresh.
$quantity.reset(placeOrder.sendFx.done, $symbolId.updates);
$percent.reset(placeOrder.sendFx.done, $symbolId.updates);
$takeProfitOn.reset(placeOrder.sendFx.done, $symbolId.updates);
$takeProfit.reset(placeOrder.sendFx.done, $symbolId.updates);
$stopLossOn.reset(placeOrder.sendFx.done, $symbolId.updates);
$stopLoss.reset(placeOrder.sendFx.done, $symbolId.updates);

import { checkTakeStop, D, money, realizedPnl, type TakeStopRefusal } from '@bourse/formulas';
import { endpoints, type Position } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import { createFormSubmission, withoutErrors, type FormErrors } from '#shared/api/form';
import { createMoneyIntent } from '#shared/api/intent';
import { type NumberStyle } from '#shared/format';
import { $numberStyle, asTyped } from '#shared/typed-number';
import { notifyFx } from '#shared/ui/toast';
import { combine, createEvent, createStore, sample } from 'effector';
import { enteredPrice } from '../lib/numbers.ts';
import { positionChanged } from './events.ts';
import { createPositionSheet } from './sheet.ts';

export type TakeStopField = 'takeProfit' | 'stopLoss';

/** A position's take profit and stop loss: addTakeStop, '' clears one. */
export const takeStopSheet = createPositionSheet();
const { opened, dismissed, $position, $info } = takeStopSheet;

export const takeProfitChanged = createEvent<string>();
export const stopLossChanged = createEvent<string>();
export const submitClicked = createEvent();

// Opening shows what the position has, as the reader would type it; the card's later ticks do
// not overwrite what is typed.
export const $takeProfit = createStore('')
  .on(takeProfitChanged, (_, value) => value)
  .reset(dismissed);
export const $stopLoss = createStore('')
  .on(stopLossChanged, (_, value) => value)
  .reset(dismissed);
const prefilled = sample({
  clock: opened,
  source: $numberStyle,
  fn: (style, position) => ({
    takeProfit: position.take_profit === '' ? '' : asTyped(position.take_profit, style),
    stopLoss: position.stop_loss === '' ? '' : asTyped(position.stop_loss, style),
  }),
});
$takeProfit.on(prefilled, (_, { takeProfit }) => takeProfit);
$stopLoss.on(prefilled, (_, { stopLoss }) => stopLoss);
export const $errors = createStore<FormErrors<TakeStopField>>({})
  .on(takeProfitChanged, (errors) => withoutErrors(errors, 'takeProfit'))
  .on(stopLossChanged, (errors) => withoutErrors(errors, 'stopLoss'))
  .reset(opened, dismissed);
export const $formError = createStore<string | null>(null).reset(
  opened,
  dismissed,
  takeProfitChanged,
  stopLossChanged,
);

/** The stop-loss distance from the liquidation price; 0 (the side rule only) until it is known. */
const $minDistanceRate = $info.map((info) => info?.stop_loss_min_distance_rate ?? '0');

/** The nearest stop loss the rule allows: liquidation × (1 ± the distance), on the safe side. */
export const $stopLossLimit = combine($position, $minDistanceRate, (position, rate) =>
  position === null || new D(position.liquidation_price).isZero()
    ? null
    : new D(position.liquidation_price)
        .times(new D(1).plus(new D(rate).times(position.direction === 'long' ? 1 : -1)))
        .toFixed(),
);

const REFUSAL_KEYS: Record<TakeStopRefusal, Record<Position['direction'], string>> = {
  take_profit_side: {
    long: 'positionActions.takeStop.errors.takeProfitLong',
    short: 'positionActions.takeStop.errors.takeProfitShort',
  },
  stop_loss_side: {
    long: 'positionActions.takeStop.errors.stopLossLong',
    short: 'positionActions.takeStop.errors.stopLossShort',
  },
  stop_loss_near_liquidation: {
    long: 'positionActions.takeStop.errors.stopLossNearLiquidation',
    short: 'positionActions.takeStop.errors.stopLossNearLiquidation',
  },
};

/**
 * Each field's refusal, by SPEC.md §5's rules (`checkTakeStop`, each field checked on its own so
 * that both can be told at once), against the mark and the liquidation price.
 */
export function takeStopProblems(
  position: Position,
  values: { takeProfit: string; stopLoss: string },
  minDistanceRate: string,
  style: NumberStyle,
): FormErrors<TakeStopField> {
  const errors: FormErrors<TakeStopField> = {};
  const rule = {
    direction: position.direction,
    reference: position.mark_price,
    liquidation: position.liquidation_price,
    minDistanceRate,
  };
  const takeProfit = enteredPrice(values.takeProfit, style);
  const stopLoss = enteredPrice(values.stopLoss, style);
  if ('problem' in takeProfit) {
    errors.takeProfit = { key: takeProfit.problem };
  } else {
    const refusal = checkTakeStop({ ...rule, takeProfit: takeProfit.value, stopLoss: '' });
    if (refusal) errors.takeProfit = { key: REFUSAL_KEYS[refusal][position.direction] };
  }
  if ('problem' in stopLoss) {
    errors.stopLoss = { key: stopLoss.problem };
  } else {
    const refusal = checkTakeStop({ ...rule, takeProfit: '', stopLoss: stopLoss.value });
    if (refusal) errors.stopLoss = { key: REFUSAL_KEYS[refusal][position.direction] };
  }
  return errors;
}

/** The PnL the whole position would realise at a typed price; null for no (or no valid) price. */
const pnlAt = (position: Position | null, typed: string, style: NumberStyle): string | null => {
  const price = enteredPrice(typed, style);
  return position === null || 'problem' in price || price.value === ''
    ? null
    : money(
        realizedPnl(position.direction, position.quantity, position.entry_price, price.value),
      ).toFixed();
};

export const $takeProfitPnl = combine($position, $takeProfit, $numberStyle, pnlAt);
export const $stopLossPnl = combine($position, $stopLoss, $numberStyle, pnlAt);

/** A typed price as the wire takes it: its plain decimal, '' to clear. */
const wirePrice = (typed: string, style: NumberStyle): string => {
  const price = enteredPrice(typed, style);
  return 'problem' in price ? typed.trim() : price.value;
};

export const setTakeStop = createMoneyIntent({
  effect: createApiEffect(endpoints.contract.addTakeStop),
  renewOn: [opened, takeProfitChanged, stopLossChanged],
});
export const $submitting = setTakeStop.$pending;

createFormSubmission({
  clock: submitClicked,
  source: combine({
    position: $position,
    takeProfit: $takeProfit,
    stopLoss: $stopLoss,
    rate: $minDistanceRate,
    style: $numberStyle,
  }),
  check: ({ position, takeProfit, stopLoss, rate, style }) =>
    position === null ? {} : takeStopProblems(position, { takeProfit, stopLoss }, rate, style),
  request: ({ position, takeProfit, stopLoss, style }) => ({
    position_id: position?.id ?? '',
    take_profit: wirePrice(takeProfit, style),
    stop_loss: wirePrice(stopLoss, style),
  }),
  effect: setTakeStop.sendFx,
  $errors,
  $formError,
  wireFields: { take_profit: 'takeProfit', stop_loss: 'stopLoss' },
});

const done = setTakeStop.sendFx.doneData;
sample({ clock: done, target: positionChanged });
sample({ clock: done, fn: () => 'positionActions.takeStop.done', target: notifyFx });
sample({ clock: done, target: dismissed });

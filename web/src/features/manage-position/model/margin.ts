import { D, liquidationPrice } from '@bourse/formulas';
import { endpoints } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import {
  checkMessages,
  createFormSubmission,
  withoutErrors,
  type FormErrors,
} from '#shared/api/form';
import { createMoneyIntent } from '#shared/api/intent';
import { notifyFx } from '#shared/ui/toast';
import { combine, createEvent, createStore, sample } from 'effector';
import { isEnteredDecimal } from '../lib/numbers.ts';
import { positionChanged } from './events.ts';
import { createPositionSheet } from './sheet.ts';

export type MarginAction = 'add' | 'reduce';
export type MarginField = 'amount';

/** A position's margin, added from the contract account or taken back: depositChange. */
export const marginSheet = createPositionSheet();
const { opened, dismissed, $position, $info } = marginSheet;

export const actionChanged = createEvent<MarginAction>();
export const amountChanged = createEvent<string>();
/** "Max": the whole maximum of the chosen action. */
export const maxClicked = createEvent();
export const submitClicked = createEvent();

export const $action = createStore<MarginAction>('add')
  .on(actionChanged, (_, action) => action)
  .reset(opened, dismissed);
export const $amount = createStore('')
  .on(amountChanged, (_, amount) => amount)
  .reset(opened, dismissed, actionChanged);
export const $errors = createStore<FormErrors<MarginField>>({})
  .on([amountChanged, maxClicked], (errors) => withoutErrors(errors, 'amount'))
  .reset(opened, dismissed, actionChanged);
export const $formError = createStore<string | null>(null).reset(
  opened,
  dismissed,
  actionChanged,
  amountChanged,
  maxClicked,
);

/**
 * The most the action can move: what the contract account has available to add (its terms, read
 * on opening; null until then), or the position's max_reduce_margin to take out.
 */
export const $max = combine($position, $info, $action, (position, info, action) => {
  if (position === null) return null;
  if (action === 'reduce') return position.max_reduce_margin;
  return info?.available ?? null;
});

sample({
  clock: maxClicked,
  source: $max,
  filter: (max): max is string => max !== null,
  target: $amount,
});

/**
 * The liquidation price the position would have with the entered amount added or taken out
 * (FORMULAS.md: margin moves it); null until the amount and the maintenance rate are known.
 */
export const $newLiquidationPrice = combine(
  $position,
  $info,
  $action,
  $amount,
  (position, info, action, amount) => {
    if (position === null || info === null || !isEnteredDecimal(amount)) return null;
    const change = new D(amount.trim()).times(action === 'add' ? 1 : -1);
    const margin = new D(position.margin).plus(change);
    if (margin.lte(0)) return null;
    return liquidationPrice({
      direction: position.direction,
      qty: position.quantity,
      entry: position.entry_price,
      margin,
      maintenanceRate: info.maintenance_margin_rate,
    }).toFixed();
  },
);

/** Why an amount cannot be moved, as a translation key; null when it can. */
export function marginAmountProblem(
  amount: string,
  action: MarginAction,
  max: string | null,
): string | null {
  if (amount.trim() === '') return 'validation.required';
  if (!isEnteredDecimal(amount)) return 'positionActions.errors.amountInvalid';
  if (max !== null && new D(amount.trim()).gt(max)) {
    return action === 'add'
      ? 'positionActions.margin.errors.overAvailable'
      : 'positionActions.margin.errors.overReducible';
  }
  return null;
}

export const changeMargin = createMoneyIntent({
  effect: createApiEffect(endpoints.contract.depositChange),
  renewOn: [opened, actionChanged, amountChanged, maxClicked],
});
export const $submitting = changeMargin.$pending;

createFormSubmission({
  clock: submitClicked,
  source: combine({ position: $position, action: $action, amount: $amount, max: $max }),
  check: ({ action, amount, max }) =>
    checkMessages<MarginField>({ amount: marginAmountProblem(amount, action, max) }),
  request: ({ position, action, amount }) => ({
    position_id: position?.id ?? '',
    action,
    amount: amount.trim(),
  }),
  effect: changeMargin.sendFx,
  $errors,
  $formError,
  wireFields: { amount: 'amount' },
});

const done = changeMargin.sendFx.done;
sample({ clock: done, fn: ({ result }) => result, target: positionChanged });
sample({
  clock: done,
  fn: ({ params }) =>
    params.action === 'add' ? 'positionActions.margin.added' : 'positionActions.margin.reduced',
  target: notifyFx,
});
sample({ clock: done, target: dismissed });

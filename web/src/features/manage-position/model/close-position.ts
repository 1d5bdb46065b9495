import { money, realizedPnl, tradeFee, D } from '@bourse/formulas';
import { endpoints } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import {
  checkMessages,
  createFormSubmission,
  withoutErrors,
  type FormErrors,
} from '#shared/api/form';
import { createMoneyIntent } from '#shared/api/intent';
import { type NumberStyle } from '#shared/format';
import { $numberStyle, asTyped, typedValue } from '#shared/typed-number';
import { notifyFx } from '#shared/ui/toast';
import { combine, createEvent, createStore, sample } from 'effector';
import { enteredAmount, enteredProblem, onStep, shareOf, WIRE_STEP } from '../lib/numbers.ts';
import { ordersChanged, positionChanged, positionClosed } from './events.ts';
import { createPositionSheet } from './sheet.ts';

export type CloseField = 'quantity';

/** The quick choices: a share of the closable quantity. */
export const CLOSE_SHARES = [25, 50, 75, 100] as const;
export type CloseShare = (typeof CLOSE_SHARES)[number];

/** Closing part (or all) of one position at market: partStop. */
export const closeSheet = createPositionSheet();
const { opened, dismissed, $position, $info } = closeSheet;

export const quantityChanged = createEvent<string>();
export const shareClicked = createEvent<CloseShare>();
export const submitClicked = createEvent();

export const $quantity = createStore('').reset(opened, dismissed);
export const $errors = createStore<FormErrors<CloseField>>({}).reset(opened, dismissed);
export const $formError = createStore<string | null>(null).reset(opened, dismissed);

/** The quantity step of the symbol (the wire's finest until its terms arrive). */
const $step = $info.map((info) => info?.qty_step ?? WIRE_STEP);

$quantity.on(quantityChanged, (_, quantity) => quantity);
sample({
  clock: shareClicked,
  source: { position: $position, step: $step, style: $numberStyle },
  filter: ({ position }) => position !== null,
  // written as the reader types it ("0,05" in German)
  fn: ({ position, step, style }, share) =>
    asTyped(shareOf(position?.closable_quantity ?? '0', share, step), style),
  target: $quantity,
});
$errors.on([quantityChanged, shareClicked], (errors) => withoutErrors(errors, 'quantity'));
$formError.reset(quantityChanged, shareClicked);

/**
 * What closing the entered quantity at the current mark would realise (FORMULAS.md: qty × side ×
 * (mark − entry)) and the taker fee it would pay, booked on its own; null until both are known.
 */
export const $estimate = combine(
  { position: $position, info: $info, quantity: $quantity, style: $numberStyle },
  ({ position, info, quantity, style }) => {
    const entered = enteredAmount(quantity, style);
    if (position === null || entered === null) return null;
    const qty = new D(entered);
    if (qty.gt(position.closable_quantity)) return null;
    const pnl = money(
      realizedPnl(position.direction, qty, position.entry_price, position.mark_price),
    );
    const fee = info === null ? null : tradeFee(qty, position.mark_price, info.taker_fee_rate);
    return { pnl: pnl.toFixed(), fee: fee?.toFixed() ?? null };
  },
);

// A changed quantity, or another opening, is a new intent; a retry or a double tap is the same.
export const closePart = createMoneyIntent({
  effect: createApiEffect(endpoints.contract.partStop),
  renewOn: [opened, quantityChanged, shareClicked],
});
export const $submitting = closePart.$pending;

/** Why a quantity as the reader typed it cannot be closed, as a translation key; null when it can. */
export function closeQuantityProblem(
  typed: string,
  closable: string,
  step: string,
  style: NumberStyle,
): string | null {
  const problem = enteredProblem(typed, style, 'positionActions.errors.quantityInvalid');
  if (problem !== null) return problem;
  const quantity = typedValue(typed, style);
  if (new D(quantity).gt(closable)) return 'positionActions.close.errors.overClosable';
  if (!onStep(quantity, step)) return 'positionActions.close.errors.step';
  return null;
}

createFormSubmission({
  clock: submitClicked,
  source: combine({ position: $position, quantity: $quantity, step: $step, style: $numberStyle }),
  check: ({ position, quantity, step, style }) =>
    checkMessages<CloseField>({
      quantity: closeQuantityProblem(quantity, position?.closable_quantity ?? '0', step, style),
    }),
  request: ({ position, quantity, style }) => ({
    position_id: position?.id ?? '',
    quantity: typedValue(quantity, style),
  }),
  effect: closePart.sendFx,
  $errors,
  $formError,
  wireFields: { quantity: 'quantity' },
});

const done = closePart.sendFx.done;
sample({
  clock: done.filterMap(({ result }) => result.position ?? undefined),
  target: positionChanged,
});
sample({
  clock: done,
  filter: ({ result }) => result.position === null,
  fn: ({ params }) => params.position_id,
  target: positionClosed,
});
sample({ clock: done, target: ordersChanged });
sample({ clock: done, fn: () => 'positionActions.close.done', target: notifyFx });
sample({ clock: done, target: dismissed });

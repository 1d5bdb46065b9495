import { D, liquidationPrice } from '@bourse/formulas';
import { endpoints, type Position } from '@bourse/protocol';
import { CODES } from '@bourse/protocol/envelope';
import { createApiEffect, isCodeError } from '#shared/api';
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
import { enteredAmount, enteredProblem } from '../lib/numbers.ts';
import { positionChanged } from './events.ts';
import { createPositionSheet } from './sheet.ts';

export type MarginAction = 'add' | 'reduce';
export type MarginField = 'amount';

/** A position's margin, added from the contract account or taken back: depositChange. */
export const marginSheet = createPositionSheet();
const { opened, dismissed, positionUpdated, $position, $info } = marginSheet;

export const actionChanged = createEvent<MarginAction>();
export const amountChanged = createEvent<string>();
/** "Max": the whole maximum of the chosen action. */
export const maxClicked = createEvent();
/** After a refusal to take out that much: "Take out {limit}", the limit the server holds now. */
export const limitTaken = createEvent();
export const submitClicked = createEvent();

export const $action = createStore<MarginAction>('add')
  .on(actionChanged, (_, action) => action)
  .reset(opened, dismissed);
export const $amount = createStore('')
  .on(amountChanged, (_, amount) => amount)
  .reset(opened, dismissed, actionChanged);
export const $errors = createStore<FormErrors<MarginField>>({})
  .on([amountChanged, maxClicked, limitTaken], (errors) => withoutErrors(errors, 'amount'))
  .reset(opened, dismissed, actionChanged);
export const $formError = createStore<string | null>(null).reset(
  opened,
  dismissed,
  actionChanged,
  amountChanged,
  maxClicked,
  limitTaken,
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

/**
 * The amount stands for "the most there is" (Max was tapped to take margin out): sent as the
 * limit the server holds at send time, read just before (below), not the figure of the list
 * the sheet opened from.
 */
const $sendsMost = createStore(false)
  .reset(opened, dismissed, actionChanged, amountChanged, limitTaken)
  .on(maxClicked, () => true);

/**
 * After a refusal to take out that much: the limit the server holds now, offered as a button
 * next to the amount; null when there is none to offer.
 */
export const $limitOffer = createStore<string | null>(null).reset(
  opened,
  dismissed,
  actionChanged,
  amountChanged,
  maxClicked,
);

sample({
  clock: maxClicked,
  source: { max: $max, style: $numberStyle },
  filter: ({ max }) => max !== null,
  // written as the reader types it ("0,2803" in German)
  fn: ({ max, style }) => asTyped(max ?? '0', style),
  target: $amount,
});
const limitFilled = sample({
  clock: limitTaken,
  source: { offer: $limitOffer, style: $numberStyle },
  filter: ({ offer }) => offer !== null,
  fn: ({ offer, style }) => asTyped(offer ?? '0', style),
});
sample({ clock: limitFilled, target: $amount });
$limitOffer.reset(limitFilled);

/**
 * The liquidation price the position would have with the entered amount added or taken out
 * (FORMULAS.md: margin moves it); null until the amount and the maintenance rate are known, and
 * null for an amount the action cannot move (more than is available to add, more than the
 * margin): a preview of a move that will be refused would mislead.
 */
export const $newLiquidationPrice = combine(
  {
    position: $position,
    info: $info,
    action: $action,
    amount: $amount,
    max: $max,
    style: $numberStyle,
  },
  ({ position, info, action, amount, max, style }) => {
    const entered = enteredAmount(amount, style);
    if (position === null || info === null || entered === null) return null;
    if (action === 'add' && max !== null && new D(entered).gt(max)) return null;
    const change = new D(entered).times(action === 'add' ? 1 : -1);
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

/**
 * The amount to add is more than the contract account has available: said next to the field as
 * it is typed, not only on sending (the preview shows no liquidation price for it).
 */
export const $overAvailable = combine(
  { action: $action, amount: $amount, max: $max, style: $numberStyle },
  ({ action, amount, max, style }) => {
    const entered = enteredAmount(amount, style);
    return action === 'add' && max !== null && entered !== null && new D(entered).gt(max);
  },
);

/** Why an amount as the reader typed it cannot be moved, as a translation key; null when it can. */
export function marginAmountProblem(
  typed: string,
  action: MarginAction,
  max: string | null,
  style: NumberStyle,
): string | null {
  const problem = enteredProblem(typed, style, 'positionActions.errors.amountInvalid');
  if (problem !== null) return problem;
  if (max !== null && new D(typedValue(typed, style)).gt(max)) {
    return action === 'add'
      ? 'positionActions.margin.errors.overAvailable'
      : 'positionActions.margin.errors.overReducible';
  }
  return null;
}

export const changeMargin = createMoneyIntent({
  effect: createApiEffect(endpoints.contract.depositChange),
  // The limit read before a Max is not a new intent: sent again after a lost reply, with the same id,
  // a take-out that did go through is refused as a conflict (the limit moved) rather than repeated.
  renewOn: [opened, actionChanged, amountChanged, maxClicked, limitTaken],
});

/**
 * The position as the server holds it now, with its max_reduce_margin at the live mark: read
 * before sending a Max, and after a refusal to take out that much (two reads, so that the one
 * after a refusal never sends by itself).
 */
const readBeforeMaxFx = createApiEffect(endpoints.contract.storeList);
const readAfterRefusalFx = createApiEffect(endpoints.contract.storeList);

export const $submitting = combine(
  changeMargin.$pending,
  readBeforeMaxFx.pending,
  readAfterRefusalFx.pending,
  (sending, reading, rereading) => sending || reading || rereading,
);

/** The form is sent (checked, then called): at once, or once the limit has been read. */
const sendNow = createEvent();

/**
 * "Max" to take out is the most the server allows when the request reaches it. The limit moves
 * with the mark (a loss lowers it), and the list the sheet opened from can be seconds old, so a
 * Max sent as that figure is refused the moment the price has moved against the position. As the
 * exchanges' own apps do, the sheet reads the position's limit from the server right before
 * sending, and sends that: the user takes out all there is, not a figure with an arbitrary safety
 * cushion kept back on every Max. A move in the moment between the read and the send is still
 * refused, and that refusal offers the new limit (below).
 */
const readsFirst = sample({
  clock: submitClicked,
  source: { most: $sendsMost, action: $action, submitting: $submitting, position: $position },
  filter: ({ most, action, submitting, position }) =>
    most && action === 'reduce' && !submitting && position !== null,
});
sample({
  clock: readsFirst,
  fn: ({ position }) => ({ symbol_id: position?.symbol_id ?? '' }),
  target: readBeforeMaxFx,
});
sample({
  clock: submitClicked,
  source: { most: $sendsMost, action: $action },
  filter: ({ most, action }) => !(most && action === 'reduce'),
  target: sendNow,
});

/** This sheet's position in a fresh read, when it is still held. */
const positionIn = (read: typeof readBeforeMaxFx.doneData) =>
  sample({
    clock: read,
    source: $position,
    fn: (shown, { list }): Position | undefined => list.find((one) => one.id === shown?.id),
  }).filter({ fn: (one): one is Position => one !== undefined });
const maxRead = positionIn(readBeforeMaxFx.doneData);
const positionReread = positionIn(readAfterRefusalFx.doneData);
sample({ clock: [maxRead, positionReread], target: [positionUpdated, positionChanged] });

// Before a Max: the amount becomes the limit just read, and the form is sent.
sample({
  clock: maxRead,
  source: $numberStyle,
  fn: (style, position) => asTyped(position.max_reduce_margin, style),
  target: $amount,
});
sample({ clock: maxRead, target: sendNow });

createFormSubmission({
  clock: sendNow,
  source: combine({
    position: $position,
    action: $action,
    amount: $amount,
    max: $max,
    style: $numberStyle,
  }),
  check: ({ action, amount, max, style }) =>
    checkMessages<MarginField>({ amount: marginAmountProblem(amount, action, max, style) }),
  request: ({ position, action, amount, style }) => ({
    position_id: position?.id ?? '',
    action,
    amount: typedValue(amount, style),
  }),
  effect: changeMargin.sendFx,
  $errors,
  $formError,
  wireFields: { amount: 'amount' },
});

/**
 * A business refusal (code 500) of taking margin out. The protocol's refusal is a message and no
 * data (PROTOCOL.md §2): the limit the server named is in its words only, in the reader's
 * language. So the sheet reads the position again for its max_reduce_margin at the live mark
 * rather than parse the message; when that is below what was sent, the refusal was the limit:
 * its message goes next to the amount, with a button to take out the limit as it stands.
 */
const reduceRefused = sample({
  clock: changeMargin.sendFx.fail,
  filter: ({ params, error }) => params.action === 'reduce' && isCodeError(error, CODES.failed),
});
const $pendingRefusal = createStore<{ amount: string; msg: string } | null>(null)
  .on(reduceRefused, (_, { params, error }) => ({ amount: params.amount, msg: error.msg }))
  .reset(opened, dismissed, actionChanged, amountChanged, maxClicked, limitTaken)
  .reset(changeMargin.sendFx);
sample({
  clock: reduceRefused,
  source: $position,
  filter: (position) => position !== null,
  fn: (position) => ({ symbol_id: position?.symbol_id ?? '' }),
  target: readAfterRefusalFx,
});
const overLimit = sample({
  clock: positionReread,
  source: $pendingRefusal,
  filter: (refusal, position) =>
    refusal !== null && new D(position.max_reduce_margin).lt(refusal.amount),
  fn: (refusal, position) => ({ msg: refusal?.msg ?? '', limit: position.max_reduce_margin }),
});
sample({
  clock: overLimit,
  source: $errors,
  fn: (errors, { msg }): FormErrors<MarginField> => ({ ...errors, amount: { text: msg } }),
  target: $errors,
});
sample({
  clock: overLimit,
  fn: ({ limit }) => (new D(limit).gt(0) ? limit : null),
  target: $limitOffer,
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

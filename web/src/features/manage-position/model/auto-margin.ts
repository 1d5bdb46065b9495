import { autoMarginTopUp, D } from '@bourse/formulas';
import { endpoints, type AutoMarginRule } from '@bourse/protocol';
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
import { createGate } from 'effector-react';
import { enteredProblem } from '../lib/numbers.ts';

export type AutoMarginField = 'depositRate' | 'autoAdd';

/** Mounted with the entry: reads the rule, so the cell can say whether it is on. */
export const AutoMarginGate = createGate<Record<string, never>>({
  name: 'AutoMarginEntry',
  defaultState: {},
});

export const autoMarginOpened = createEvent();
export const autoMarginDismissed = createEvent();
export const enabledChanged = createEvent<boolean>();
export const depositRateChanged = createEvent<string>();
export const autoAddChanged = createEvent<string>();
export const submitClicked = createEvent();

const fetchRuleFx = createApiEffect(endpoints.contract.getStrategy);

/** The rule the server holds; null until read. */
export const $rule = createStore<AutoMarginRule | null>(null).on(
  fetchRuleFx.doneData,
  (_, rule) => rule,
);
export const $ruleFailed = createStore(false)
  .on(fetchRuleFx, () => false)
  .on(fetchRuleFx.fail, () => true);

export const $sheetOpen = createStore(false)
  .on(autoMarginOpened, () => true)
  .reset(autoMarginDismissed);

export const $enabled = createStore(false).on(enabledChanged, (_, enabled) => enabled);
export const $depositRate = createStore('').on(depositRateChanged, (_, value) => value);
export const $autoAdd = createStore('').on(autoAddChanged, (_, value) => value);
export const $errors = createStore<FormErrors<AutoMarginField>>({})
  .on(depositRateChanged, (errors) => withoutErrors(errors, 'depositRate'))
  .on(autoAddChanged, (errors) => withoutErrors(errors, 'autoAdd'))
  .reset(autoMarginOpened);
export const $formError = createStore<string | null>(null).reset(
  autoMarginOpened,
  enabledChanged,
  depositRateChanged,
  autoAddChanged,
);

sample({ clock: [AutoMarginGate.open, autoMarginOpened], fn: () => ({}), target: fetchRuleFx });

// The form shows the rule held: on opening, and when the reading arrives while it is open.
// The rates are written as the reader types them ("12,5" in German).
const ruleShown = sample({
  clock: [autoMarginOpened, fetchRuleFx.doneData],
  source: { rule: $rule, style: $numberStyle },
  filter: (shown): shown is { rule: AutoMarginRule; style: NumberStyle } => shown.rule !== null,
});
$enabled.on(ruleShown, (_, { rule }) => rule.enabled);
$depositRate.on(ruleShown, (_, { rule, style }) => asTyped(rule.deposit_rate, style));
$autoAdd.on(ruleShown, (_, { rule, style }) => asTyped(rule.auto_add, style));

/** Why a percentage as the reader typed it cannot be saved, as a translation key; null when it can. */
export function percentProblem(value: string, style: NumberStyle): string | null {
  const problem = enteredProblem(value, style, 'positionActions.errors.amountInvalid');
  if (problem !== null) return problem;
  if (new D(typedValue(value, style)).gt(100)) {
    return 'positionActions.autoMargin.errors.overHundred';
  }
  return null;
}

/** The example the explanation works, on a margin of 1 000 USDT; null until both rates are valid. */
export const EXAMPLE_MARGIN = '1000';
export const $example = combine(
  $depositRate,
  $autoAdd,
  $numberStyle,
  (typedRate, typedAdd, style) => {
    if (percentProblem(typedRate, style) !== null || percentProblem(typedAdd, style) !== null) {
      return null;
    }
    const depositRate = typedValue(typedRate, style);
    const autoAdd = typedValue(typedAdd, style);
    const loss = new D(EXAMPLE_MARGIN).times(depositRate).dividedBy(100);
    const added = autoMarginTopUp({
      pnl: loss.negated(),
      margin: EXAMPLE_MARGIN,
      initialMargin: EXAMPLE_MARGIN,
      depositRate,
      autoAdd,
    });
    return { margin: EXAMPLE_MARGIN, loss: loss.toFixed(), added: added?.toFixed() ?? '0' };
  },
);

export const saveRule = createMoneyIntent({
  effect: createApiEffect(endpoints.contract.setStrategy),
  renewOn: [autoMarginOpened, enabledChanged, depositRateChanged, autoAddChanged],
});
export const $submitting = saveRule.$pending;

createFormSubmission({
  clock: submitClicked,
  source: combine({
    enabled: $enabled,
    depositRate: $depositRate,
    autoAdd: $autoAdd,
    style: $numberStyle,
  }),
  check: ({ depositRate, autoAdd, style }) =>
    checkMessages<AutoMarginField>({
      depositRate: percentProblem(depositRate, style),
      autoAdd: percentProblem(autoAdd, style),
    }),
  request: ({ enabled, depositRate, autoAdd, style }) => ({
    enabled,
    deposit_rate: typedValue(depositRate, style),
    auto_add: typedValue(autoAdd, style),
  }),
  effect: saveRule.sendFx,
  $errors,
  $formError,
  wireFields: { deposit_rate: 'depositRate', auto_add: 'autoAdd' },
});

$rule.on(saveRule.sendFx.doneData, (_, rule) => rule);
sample({
  clock: saveRule.sendFx.done,
  fn: () => 'positionActions.autoMargin.saved',
  target: notifyFx,
});
sample({ clock: saveRule.sendFx.done, target: autoMarginDismissed });

/** Whether the cell shows the rule as on; null until read. */
export const $autoMarginOn = $rule.map((rule) => rule?.enabled ?? null);

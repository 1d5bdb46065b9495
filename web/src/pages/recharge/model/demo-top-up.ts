import { endpoints } from '@bourse/protocol';
import { amountProblem, balanceChanged } from '#entities/balance';
import { createApiEffect } from '#shared/api';
import { $numberStyle, typedValue } from '#shared/typed-number';
import {
  checkMessages,
  createFormSubmission,
  withoutErrors,
  type FormErrors,
} from '#shared/api/form';
import { createMoneyIntent } from '#shared/api/intent';
import { notifyFx } from '#shared/ui/toast';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

/**
 * Deposit on the demo account: play money into the demo fund at once (addRechMock), within the
 * platform's limits (getConfig, from the fixtures). Nothing real is declared or moved.
 */
export const DemoTopUpGate = createGate<Record<string, never>>({
  name: 'DemoTopUp',
  defaultState: {},
});

export const fetchLimitsFx = createApiEffect(endpoints.index.getConfig, { loading: false });

/** The least and the most one top-up may add, USDT; null until known. */
export const $limits = createStore<{ min: string; max: string } | null>(null).on(
  fetchLimitsFx.doneData,
  (_, config) => ({ min: config.demo_top_up_min, max: config.demo_top_up_max }),
);
export const $limitsFailed = createStore(false)
  .on(fetchLimitsFx.fail, () => true)
  .reset(fetchLimitsFx);

export const topUpAmountChanged = createEvent<string>();
export const topUpClicked = createEvent();
export const limitsRetried = createEvent();

export const $topUpAmount = createStore('').on(topUpAmountChanged, (_, amount) => amount);
export const $topUpErrors = createStore<FormErrors<'amount'>>({});
export const $topUpFormError = createStore<string | null>(null);

sample({ clock: [DemoTopUpGate.open, limitsRetried], fn: () => ({}), target: fetchLimitsFx });

// A changed amount is a new top-up; a retry or a double tap until then is the same one.
export const demoTopUp = createMoneyIntent({
  effect: createApiEffect(endpoints.account.addRechMock),
  renewOn: [topUpAmountChanged],
});
export const $toppingUp = demoTopUp.$pending;

$topUpErrors
  .on(topUpAmountChanged, (errors) => withoutErrors(errors, 'amount'))
  .reset(DemoTopUpGate.close);
$topUpFormError.reset(topUpAmountChanged, DemoTopUpGate.close);

createFormSubmission({
  clock: topUpClicked,
  source: combine({ amount: $topUpAmount, limits: $limits, style: $numberStyle }),
  check: ({ amount, limits, style }) =>
    checkMessages<'amount'>({
      amount: amountProblem(amount, style, { min: limits?.min, max: limits?.max }),
    }),
  request: ({ amount, style }) => ({ amount: typedValue(amount, style) }),
  effect: demoTopUp.sendFx,
  $errors: $topUpErrors,
  $formError: $topUpFormError,
  wireFields: { amount: 'amount' },
});

sample({ clock: demoTopUp.sendFx.doneData, fn: ({ balance }) => balance, target: balanceChanged });
sample({ clock: demoTopUp.sendFx.done, fn: () => 'funds.assets.toppedUp', target: notifyFx });
$topUpAmount.reset(demoTopUp.sendFx.done, DemoTopUpGate.close);

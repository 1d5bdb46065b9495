import { endpoints, type PushMessage, type PushOf } from '@bourse/protocol';
import type {
  AccountBalance,
  AccountBalances,
  AccountKind,
} from '@bourse/protocol/endpoints/account';
import { FUNC } from '@bourse/protocol/socket/wire';
import { createApiEffect } from '#shared/api';
import { $accountType, sessionEnded } from '#shared/session';
import { pushReceived } from '#shared/socket';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export type { AccountBalance, AccountBalances, AccountKind };

/** The three accounts, in the order every screen lists them. */
export const ACCOUNT_KINDS: readonly AccountKind[] = ['fund', 'contract', 'option'];

export const fetchBalancesFx = createApiEffect(endpoints.account.index);

/** The balances of the current mode: the last answer of account/index or Balance push. */
export const $balances = createStore<AccountBalances | null>(null);
/** The last attempt to load them failed (what is shown, if anything, is the last known). */
export const $balancesFailed = createStore(false);

/** One account's balance changed (a transfer's reply names the two it moved). */
export const balanceChanged = createEvent<AccountBalance>();

/**
 * Mounted by every screen that shows balances: each opening loads them again, and Balance
 * pushes (a private push: no subscription) keep them current meanwhile.
 */
export const BalancesGate = createGate<Record<string, never>>({
  name: 'BalancesGate',
  defaultState: {},
});
export const balancesRetried = createEvent();

sample({ clock: [BalancesGate.open, balancesRetried], fn: () => ({}), target: fetchBalancesFx });

const isBalance = (push: PushMessage): push is PushOf<typeof FUNC.balance> =>
  push.func === FUNC.balance;
const balancePushed = sample({ clock: pushReceived, filter: isBalance, fn: (push) => push.data });

$balances
  .on(fetchBalancesFx.doneData, (_, balances) => balances)
  .on(balancePushed, (_, balances) => balances)
  .on(balanceChanged, (balances, changed) =>
    balances === null
      ? null
      : {
          ...balances,
          list: balances.list.map((one) => (one.account === changed.account ? changed : one)),
        },
  )
  .reset(sessionEnded);
$balancesFailed.on(fetchBalancesFx.fail, () => true).reset(fetchBalancesFx.done, sessionEnded);

// Another mode's balances are other accounts: forget these and load those if on screen.
$balances.reset($accountType.updates);
sample({
  clock: $accountType.updates,
  filter: BalancesGate.status,
  fn: () => ({}),
  target: fetchBalancesFx,
});

/** Balances of the mode shown, or null while they are not known. */
export const $balancesByAccount = $balances.map(
  (balances): Readonly<Partial<Record<AccountKind, AccountBalance>>> | null => {
    if (balances === null) return null;
    const byAccount: Partial<Record<AccountKind, AccountBalance>> = {};
    for (const one of balances.list) byAccount[one.account] = one;
    return byAccount;
  },
);

/** What a balances screen shows: skeletons, the error state, or the balances. */
export const $balancesView = combine(
  $balances,
  $balancesFailed,
  fetchBalancesFx.pending,
  (balances, failed, pending): 'loading' | 'error' | 'ready' => {
    if (balances !== null) return 'ready';
    return failed && !pending ? 'error' : 'loading';
  },
);

const isFunds = (push: PushMessage): push is PushOf<typeof FUNC.funds> => push.func === FUNC.funds;

/** A review decided a deposit or a withdrawal (the Funds push): record lists load again. */
export const fundsDecided = sample({
  clock: pushReceived,
  filter: isFunds,
  fn: (push) => push.data,
});

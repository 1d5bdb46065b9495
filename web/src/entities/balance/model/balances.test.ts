import { EXAMPLE_BALANCES, EXAMPLE_USER, endpoints, type AccountBalances } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { $userInfo, accountTypeChanged } from '#shared/session';
import { fakeClient } from '#shared/api/testing';
import { pushReceived } from '#shared/socket';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $balances,
  $balancesByAccount,
  $balancesView,
  balanceChanged,
  balancesRetried,
  BalancesGate,
} from './balances.ts';

const BALANCES = EXAMPLE_BALANCES;

function setup(reply: (() => unknown) | null = () => BALANCES) {
  const api = fakeClient(reply === null ? {} : { [endpoints.account.index.path]: reply });
  const scope = fork({ values: [[$apiClient, api.client]] });
  return { scope, api };
}

describe('the balances', () => {
  it('load when a balances screen opens', async () => {
    const { scope } = setup();
    expect(scope.getState($balancesView)).toBe('loading');

    await allSettled(BalancesGate.open, { scope, params: {} });

    expect(scope.getState($balancesView)).toBe('ready');
    expect(scope.getState($balancesByAccount)?.contract?.available).toBe('12450.30');
  });

  it('show the error state when they cannot load, and a retry loads them', async () => {
    let fail = true;
    const { scope } = setup(() => {
      if (fail) throw new Error('down');
      return BALANCES;
    });

    await allSettled(BalancesGate.open, { scope, params: {} });
    expect(scope.getState($balancesView)).toBe('error');

    fail = false;
    await allSettled(balancesRetried, { scope });
    expect(scope.getState($balancesView)).toBe('ready');
  });

  it('follow the Balance push', async () => {
    const { scope } = setup();
    await allSettled(BalancesGate.open, { scope, params: {} });

    const pushed: AccountBalances = { ...BALANCES, total_in_currency: '99.00' };
    await allSettled(pushReceived, {
      scope,
      params: { func: 'Balance', topic: 'Balance', data: pushed },
    });

    expect(scope.getState($balances)?.total_in_currency).toBe('99.00');
  });

  it('keep the other accounts as they were when one of them changes', async () => {
    const { scope } = setup();
    await allSettled(BalancesGate.open, { scope, params: {} });
    const before = scope.getState($balancesByAccount);

    await allSettled(balanceChanged, {
      scope,
      params: { ...BALANCES.list[0]!, available: '1.00' },
    });

    const after = scope.getState($balancesByAccount);
    expect(after?.fund?.available).toBe('1.00');
    // the same objects: a card keyed by another account does not re-render
    expect(after?.contract).toBe(before?.contract);
  });

  it('are forgotten and loaded again when the user switches to the demo accounts', async () => {
    const api = fakeClient({ [endpoints.account.index.path]: () => BALANCES });
    const scope = fork({
      values: [
        [$apiClient, api.client],
        [$userInfo, { ...EXAMPLE_USER, account_mode: 'real' }],
      ],
    });
    await allSettled(BalancesGate.open, { scope, params: {} });

    await allSettled(accountTypeChanged, { scope, params: 'demo' });

    expect(api.callsTo(endpoints.account.index)).toHaveLength(2);
  });
});

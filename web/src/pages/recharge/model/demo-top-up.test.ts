import { EXAMPLE_USER, endpoints } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { $userInfo } from '#shared/session';
import { showToastFx } from '#shared/ui/toast';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $limits,
  $topUpErrors,
  DemoTopUpGate,
  topUpAmountChanged,
  topUpClicked,
} from './demo-top-up.ts';
import { RechargeGate } from './recharge.ts';

/** the platform settings as the protocol's example gives them (demo top-up: 100 to 100 000) */
const CONFIG = endpoints.index.getConfig.example.response;
const BALANCE = {
  account: 'fund',
  currency: 'USDT',
  available: '105000.00',
  frozen: '0',
  unrealized_pnl: '0',
  total: '105000.00',
};

function setup() {
  const api = fakeClient({
    [endpoints.index.getConfig.path]: () => CONFIG,
    [endpoints.account.addRechMock.path]: () => ({ account_mode: 'demo', balance: BALANCE }),
  });
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$userInfo, { ...EXAMPLE_USER, account_mode: 'demo' }],
    ],
    handlers: [[showToastFx, () => undefined]],
  });
  return { scope, api };
}

describe('deposit on the demo account', () => {
  it('asks nothing of the real deposit account', async () => {
    const { scope, api } = setup();
    await allSettled(RechargeGate.open, { scope, params: {} });
    expect(api.callsTo(endpoints.account.getRechInfo)).toHaveLength(0);
  });

  it('refuses an amount outside the limits the platform serves, and sends nothing', async () => {
    const { scope, api } = setup();
    await allSettled(DemoTopUpGate.open, { scope, params: {} });
    expect(scope.getState($limits)).toEqual({ min: '100', max: '100000' });
    await allSettled(topUpAmountChanged, { scope, params: '99.99' });
    await allSettled(topUpClicked, { scope });
    expect(scope.getState($topUpErrors)).toEqual({ amount: { key: 'funds.errors.belowMin' } });
    await allSettled(topUpAmountChanged, { scope, params: '100000.01' });
    await allSettled(topUpClicked, { scope });
    expect(scope.getState($topUpErrors)).toEqual({ amount: { key: 'funds.errors.aboveMax' } });
    expect(api.callsTo(endpoints.account.addRechMock)).toHaveLength(0);
  });

  it('tops up play money once for a double tap, through addRechMock', async () => {
    const { scope, api } = setup();
    await allSettled(DemoTopUpGate.open, { scope, params: {} });
    await allSettled(topUpAmountChanged, { scope, params: '5000' });
    await Promise.all([allSettled(topUpClicked, { scope }), allSettled(topUpClicked, { scope })]);
    const sent = api.callsTo(endpoints.account.addRechMock);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ amount: '5000' });
    expect(api.callsTo(endpoints.account.addRech)).toHaveLength(0);
  });
});

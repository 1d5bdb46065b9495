import { $apiClient } from '#shared/api';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $cashStatus, $loadFailed, BindPageGate, bindRetried, shortAddress } from './model.ts';

const STATUS = {
  identity_status: 'verified',
  identity_reject_reason: null,
  bank: null,
  wallet: {
    id: '1',
    currency: 'USDT',
    network: 'TRC20',
    address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    created_at: 1_763_900_000_000,
  },
};

function setup(reply: Reply) {
  const api = fakeClient({ '/api/users/getCashStatus': reply });
  const scope = fork({ values: [[$apiClient, api.client]] });
  return { scope, api };
}

describe('the binding overview', () => {
  it('reads what is bound when it opens', async () => {
    const { scope, api } = setup(() => STATUS);

    await allSettled(BindPageGate.open, { scope, params: {} });

    expect(api.calls.map((call) => call.path)).toStrictEqual(['/api/users/getCashStatus']);
    expect(scope.getState($cashStatus)?.bank).toBeNull();
    expect(scope.getState($cashStatus)?.wallet?.network).toBe('TRC20');
  });

  it('shows a failure, and tries again on request', async () => {
    let fail = true;
    const failing = failWith(500, 'down');
    const { scope } = setup(() => (fail ? failing() : STATUS));

    await allSettled(BindPageGate.open, { scope, params: {} });
    expect(scope.getState($loadFailed)).toBe(true);

    fail = false;
    await allSettled(bindRetried, { scope });
    expect(scope.getState($loadFailed)).toBe(false);
    expect(scope.getState($cashStatus)?.wallet).not.toBeNull();
  });

  it('shortens an address to its start and end', () => {
    expect(shortAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHqje…gjLj6t');
    expect(shortAddress('short')).toBe('short');
  });
});

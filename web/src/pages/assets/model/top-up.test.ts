import { EXAMPLE_BALANCES, endpoints } from '@bourse/protocol';
import { $balances, $balancesByAccount } from '#entities/balance';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { showToastFx } from '#shared/ui/toast';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { topUpClicked } from './top-up.ts';

describe('the demo top-up', () => {
  it('adds play money once for a double tap, and shows the new demo balance', async () => {
    // the reply is held until both taps are in: the second lands while the first is under way
    const held: { answer?: () => void } = {};
    const api = fakeClient({
      [endpoints.account.addRechMock.path]: () =>
        new Promise((resolve) => {
          held.answer = () => {
            resolve(endpoints.account.addRechMock.example.response);
          };
        }),
    });
    const toasts: string[] = [];
    const scope = fork({
      values: [
        [$apiClient, api.client],
        [$balances, { ...EXAMPLE_BALANCES, account_mode: 'demo' }],
      ],
      handlers: [[showToastFx, (text: string) => void toasts.push(text)]],
    });

    const first = allSettled(topUpClicked, { scope });
    const second = allSettled(topUpClicked, { scope });
    await expect.poll(() => held.answer).toBeDefined();
    held.answer?.();
    await Promise.all([first, second]);

    expect(api.callsTo(endpoints.account.addRechMock)).toHaveLength(1);
    expect(api.callsTo(endpoints.account.addRechMock)[0]?.body).toMatchObject({ amount: '10000' });
    expect(scope.getState($balancesByAccount)?.fund?.available).toBe('110000.00');
    expect(toasts).toStrictEqual(['funds.assets.toppedUp']);
  });
});

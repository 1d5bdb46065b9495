import { EXAMPLE_BALANCES, endpoints, type AccountBalances } from '@bourse/protocol';
import { $balances, $balancesByAccount } from '#entities/balance';
import { $apiClient } from '#shared/api';
import { $language } from '#shared/i18n';
import { failWith, fakeClient } from '#shared/api/testing';
import { showToastFx } from '#shared/ui/toast';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $amount,
  $errors,
  $formError,
  $from,
  $to,
  allClicked,
  amountChanged,
  fromChanged,
  submitClicked,
  swapped,
  toChanged,
} from './transfer.ts';

const BALANCES = EXAMPLE_BALANCES;
const [FUND, CONTRACT] = BALANCES.list as [
  AccountBalances['list'][number],
  AccountBalances['list'][number],
];

function setup(
  reply: (body: unknown) => unknown = () => ({
    transfer_id: 'TF1',
    from: { ...FUND, available: '4200.00', total: '4700.00' },
    to: { ...CONTRACT, available: '13450.30' },
  }),
  language: 'en' | 'de' | 'fr' = 'en',
) {
  const api = fakeClient({ [endpoints.account.transfer.path]: reply });
  const toasts: string[] = [];
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$balances, BALANCES],
      [$language, language],
    ],
    handlers: [[showToastFx, (text: string) => void toasts.push(text)]],
  });
  const sent = () => api.callsTo(endpoints.account.transfer).map((call) => call.body);
  return { scope, sent, toasts };
}

describe("a transfer in the reader's number style", () => {
  it('reads a German amount and sends the plain decimal', async () => {
    const { scope, sent } = setup(undefined, 'de');

    await allSettled(amountChanged, { scope, params: '1.000,5' });
    await allSettled(submitClicked, { scope });

    expect(sent()).toMatchObject([{ amount: '1000.5' }]);
  });

  it('explains a point typed in German, keeps what was typed and sends nothing', async () => {
    const { scope, sent } = setup(undefined, 'de');

    await allSettled(amountChanged, { scope, params: '10.5' });
    await allSettled(submitClicked, { scope });

    expect(scope.getState($errors)).toStrictEqual({
      amount: { key: 'numberInput.otherMark' },
    });
    expect(scope.getState($amount)).toBe('10.5');
    expect(sent()).toHaveLength(0);
  });

  it('fills "All" as a French reader types it, and sends it back plain', async () => {
    const { scope, sent } = setup(undefined, 'fr');

    await allSettled(allClicked, { scope });
    expect(scope.getState($amount)).toBe('5200,00');
    await allSettled(submitClicked, { scope });

    expect(sent()).toMatchObject([{ amount: '5200.00' }]);
  });
});

describe('a transfer', () => {
  it('swaps the accounts rather than moving money to the account it comes from', async () => {
    const { scope } = setup();

    await allSettled(toChanged, { scope, params: 'fund' });
    expect([scope.getState($from), scope.getState($to)]).toStrictEqual(['contract', 'fund']);

    await allSettled(fromChanged, { scope, params: 'option' });
    expect([scope.getState($from), scope.getState($to)]).toStrictEqual(['option', 'fund']);

    await allSettled(swapped, { scope });
    expect([scope.getState($from), scope.getState($to)]).toStrictEqual(['fund', 'option']);
  });

  it('refuses more than the source has, next to the amount, without calling', async () => {
    const { scope, sent } = setup();

    await allSettled(amountChanged, { scope, params: '5200.01' });
    await allSettled(submitClicked, { scope });

    expect(scope.getState($errors)).toStrictEqual({ amount: { key: 'funds.errors.insufficient' } });
    expect(scope.getState($amount)).toBe('5200.01');
    expect(sent()).toHaveLength(0);
  });

  it('moves the whole available balance with "All", and shows both new balances', async () => {
    const { scope, sent, toasts } = setup();

    await allSettled(allClicked, { scope });
    await allSettled(submitClicked, { scope });

    expect(sent()).toMatchObject([{ from: 'fund', to: 'contract', amount: '5200.00' }]);
    expect(scope.getState($balancesByAccount)?.fund?.available).toBe('4200.00');
    expect(scope.getState($balancesByAccount)?.contract?.available).toBe('13450.30');
    expect(toasts).toStrictEqual(['funds.transfer.done']);
    expect(scope.getState($amount)).toBe('');
  });

  it('retries a refused transfer with the same request id, and the next one with a new id', async () => {
    let fail = true;
    const { scope, sent } = setup(() => {
      if (fail) return failWith(409, 'request id reused')();
      return {
        transfer_id: 'TF1',
        from: FUND,
        to: CONTRACT,
      };
    });

    await allSettled(amountChanged, { scope, params: '10' });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($formError)).toBe('request id reused');
    fail = false;
    await allSettled(submitClicked, { scope });
    await allSettled(amountChanged, { scope, params: '10' });
    await allSettled(submitClicked, { scope });

    const ids = sent().map((body) => (body as { request_id: string }).request_id);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[1]);
  });
});

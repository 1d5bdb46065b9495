import { EXAMPLE_USER, EXAMPLE_WITHDRAWAL, endpoints, type AccountMode } from '@bourse/protocol';
import type { Language } from '@bourse/protocol/config';
import { $language } from '#shared/i18n';
import { $apiClient } from '#shared/api';
import { fakeClient } from '#shared/api/testing';
import { navigateFx } from '#shared/routing';
import { $userInfo } from '#shared/session';
import { showToastFx } from '#shared/ui/toast';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import {
  $cashInfo,
  $errors,
  $quote,
  $target,
  $view,
  amountChanged,
  passwordChanged,
  submitClicked,
  WithdrawGate,
} from './withdraw.ts';

const BANK = {
  id: '1',
  bank_name: 'Chase',
  account_no: '****6789',
  holder_name: 'Alex Doe',
  branch: 'San Francisco',
  swift_code: 'CHASUS33',
  created_at: 1_763_900_000_000,
};
const INFO = {
  currency: 'USDT',
  available: '5200.00',
  fee_rate: '0.01',
  min_amount: '20',
  max_amount: '50000',
  identity_status: 'verified',
  bank: BANK,
  wallet: null,
  currencies: [{ code: 'USD', rate: '1' }],
};

function setup(info: object = INFO, mode: AccountMode = 'real', language: Language = 'en') {
  const api = fakeClient({
    [endpoints.account.cashInfo.path]: () => info,
    [endpoints.account.addCash.path]: () => EXAMPLE_WITHDRAWAL,
  });
  const navigate = vi.fn();
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$userInfo, { ...EXAMPLE_USER, account_mode: mode }],
      [$language, language],
    ],
    handlers: [
      [showToastFx, () => undefined],
      [navigateFx, navigate],
    ],
  });
  return { scope, api, navigate };
}

describe('a withdrawal', () => {
  it('says where the identity stands: never sent, under review, or rejected', async () => {
    for (const status of ['unverified', 'pending', 'rejected'] as const) {
      const { scope } = setup({ ...INFO, identity_status: status });
      await allSettled(WithdrawGate.open, { scope, params: {} });
      expect(scope.getState($view)).toBe(status);
    }
  });

  it('on the demo account, says withdrawals leave the real account and reads no real balance', async () => {
    const { scope, api } = setup(INFO, 'demo');
    await allSettled(WithdrawGate.open, { scope, params: {} });
    expect(scope.getState($view)).toBe('demo');
    expect(api.callsTo(endpoints.account.cashInfo)).toHaveLength(0);
    expect(scope.getState($cashInfo)).toBeNull();
  });

  it('tells a user with nothing bound to bind a bank account or a wallet', async () => {
    const { scope } = setup({ ...INFO, bank: null });
    await allSettled(WithdrawGate.open, { scope, params: {} });
    expect(scope.getState($view)).toBe('unbound');
  });

  it('shows the fee and the amount received, in decimals', async () => {
    const { scope } = setup();
    await allSettled(WithdrawGate.open, { scope, params: {} });

    await allSettled(amountChanged, { scope, params: '100.10' });

    expect(scope.getState($target)).toBe('bank');
    expect(scope.getState($quote)).toStrictEqual({ fee: '1.001', received: '99.099' });
  });

  it('reads a German amount for the quote and the call, and quotes nothing for a point', async () => {
    const { scope, api } = setup(INFO, 'real', 'de');
    await allSettled(WithdrawGate.open, { scope, params: {} });

    await allSettled(amountChanged, { scope, params: '100.10' });
    expect(scope.getState($quote)).toBeNull();
    await allSettled(amountChanged, { scope, params: '100,10' });
    expect(scope.getState($quote)).toStrictEqual({ fee: '1.001', received: '99.099' });

    await allSettled(passwordChanged, { scope, params: 'Trade2026x' });
    await allSettled(submitClicked, { scope });
    expect(api.callsTo(endpoints.account.addCash).map((call) => call.body)).toMatchObject([
      { amount: '100.10' },
    ]);
  });

  it('refuses more than available and an empty password, keeping what was typed', async () => {
    const { scope, api } = setup();
    await allSettled(WithdrawGate.open, { scope, params: {} });

    await allSettled(amountChanged, { scope, params: '6000' });
    await allSettled(submitClicked, { scope });

    expect(scope.getState($errors)).toStrictEqual({
      amount: { key: 'funds.errors.insufficient' },
      password: { key: 'validation.required' },
    });
    expect(api.callsTo(endpoints.account.addCash)).toHaveLength(0);
  });

  it('sends one withdrawal to the bound bank for a double tap, then shows the records', async () => {
    const { scope, api, navigate } = setup();
    await allSettled(WithdrawGate.open, { scope, params: {} });
    await allSettled(amountChanged, { scope, params: '500' });
    await allSettled(passwordChanged, { scope, params: 'Secret123' });

    await Promise.all([allSettled(submitClicked, { scope }), allSettled(submitClicked, { scope })]);

    const sent = api.callsTo(endpoints.account.addCash);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ method: 'bank', amount: '500', password: 'Secret123' });
    expect(navigate.mock.calls.flat()).toContainEqual(
      expect.objectContaining({ to: '/pages/withdraw/log/log' }),
    );
  });
});

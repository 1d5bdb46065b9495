import { $apiClient } from '#shared/api';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { PATHS, returnFx } from '#shared/routing';
import { showToastFx } from '#shared/ui/toast';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import {
  $errors,
  $identityStatus,
  BindBankGate,
  fieldChanged,
  submitted,
  type BankField,
} from './model.ts';

/** The calls that bind (the page also asks for the identity status as it opens). */
const binds = (api: { calls: readonly { path: string; body: unknown }[] }) =>
  api.calls.filter((call) => call.path === '/api/users/setUserBank');

/** What getCashStatus answers: the identity verified unless said otherwise. */
const cashStatus =
  (identity_status: 'unverified' | 'pending' | 'verified' = 'verified') =>
  () => ({ identity_status, identity_reject_reason: null, bank: null, wallet: null });

function setup(replies: Record<string, Reply> = {}) {
  const api = fakeClient({
    '/api/users/getCashStatus': cashStatus(),
    '/api/users/setUserBank': (body) => ({
      id: '1',
      ...(body as object),
      account_no: '****6789',
      created_at: 1_763_900_000_000,
    }),
    ...replies,
  });
  const toasts: string[] = [];
  const goBack = vi.fn();
  const scope = fork({
    values: [[$apiClient, api.client]],
    handlers: [
      [showToastFx, (text: string) => void toasts.push(text)],
      [returnFx, goBack],
    ],
  });
  return { scope, api, toasts, goBack };
}

async function fill(
  scope: ReturnType<typeof setup>['scope'],
  values: Partial<Record<BankField, string>>,
) {
  await allSettled(BindBankGate.open, { scope, params: {} });
  for (const [field, value] of Object.entries(values) as [BankField, string][]) {
    await allSettled(fieldChanged, { scope, params: { field, value } });
  }
  await allSettled(submitted, { scope });
}

const CHASE = { bank_name: ' Chase ', account_no: '000123456789', holder_name: 'Alex Doe' };

describe('binding a bank account', () => {
  it('knows the identity status as it opens, so the rule shows before anything is typed', async () => {
    for (const status of ['unverified', 'pending', 'verified'] as const) {
      const { scope } = setup({ '/api/users/getCashStatus': cashStatus(status) });
      expect(scope.getState($identityStatus)).toBeNull();
      await allSettled(BindBankGate.open, { scope, params: {} });
      expect(scope.getState($identityStatus)).toBe(status);
      await allSettled(BindBankGate.close, { scope, params: {} });
      expect(scope.getState($identityStatus)).toBeNull();
    }
  });

  it('binds the trimmed details, says so and goes back to the overview', async () => {
    const { scope, api, toasts, goBack } = setup();

    await fill(scope, CHASE);

    expect(binds(api).map((call) => call.body)).toStrictEqual([
      {
        bank_name: 'Chase',
        account_no: '000123456789',
        holder_name: 'Alex Doe',
        branch: '',
        swift_code: '',
      },
    ]);
    expect(toasts).toStrictEqual(['bindBank.bound']);
    expect(goBack).toHaveBeenCalledWith(expect.objectContaining({ fallback: PATHS.bind }));
  });

  it('asks for the required details and the right shapes without calling', async () => {
    const { scope, api } = setup();

    await fill(scope, { account_no: '12', swift_code: 'ABC' });

    expect(scope.getState($errors)).toStrictEqual({
      bank_name: { key: 'validation.required' },
      account_no: { key: 'bindBank.accountShape' },
      holder_name: { key: 'validation.required' },
      swift_code: { key: 'bindBank.swiftShape' },
    });
    expect(binds(api)).toHaveLength(0);

    await allSettled(fieldChanged, { scope, params: { field: 'bank_name', value: 'Chase' } });
    expect(scope.getState($errors).bank_name).toBeUndefined();
  });

  it("shows the server's refusal of the holder's name next to it and stays", async () => {
    const { scope, goBack } = setup({
      '/api/users/setUserBank': failWith(
        400,
        'holder_name: The account holder must be the name on your verified identity.',
      ),
    });

    await fill(scope, { ...CHASE, holder_name: 'Someone Else' });

    expect(scope.getState($errors)).toStrictEqual({
      holder_name: { text: 'The account holder must be the name on your verified identity.' },
    });
    expect(goBack).not.toHaveBeenCalled();
  });
});

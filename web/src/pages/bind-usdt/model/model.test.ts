import { PATHS, returnFx } from '#shared/routing';
import { showToastFx } from '#shared/ui/toast';
import { $apiClient } from '#shared/api';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import {
  $errors,
  $formError,
  addressChanged,
  BindUsdtGate,
  networkChanged,
  submitted,
} from './model.ts';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

function setup(replies: Record<string, Reply> = {}) {
  const api = fakeClient({
    '/api/users/setUserWallet': (body) => ({
      id: '1',
      currency: 'USDT',
      ...(body as object),
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

async function bind(
  scope: ReturnType<typeof setup>['scope'],
  network: 'TRC20' | 'ERC20',
  address: string,
) {
  await allSettled(BindUsdtGate.open, { scope, params: {} });
  await allSettled(networkChanged, { scope, params: network });
  await allSettled(addressChanged, { scope, params: address });
  await allSettled(submitted, { scope });
}

describe('binding a USDT wallet', () => {
  it('binds a real address, trimmed, says so and goes back to the overview', async () => {
    const { scope, api, toasts, goBack } = setup();

    await bind(scope, 'TRC20', `  ${TRON} `);

    expect(api.calls.map(({ path, body }) => ({ path, body }))).toStrictEqual([
      { path: '/api/users/setUserWallet', body: { network: 'TRC20', address: TRON } },
    ]);
    expect(toasts).toStrictEqual(['bindUsdt.bound']);
    expect(goBack).toHaveBeenCalledWith(expect.objectContaining({ fallback: PATHS.bind }));
  });

  it('refuses a mistyped address, a wrong case or the other network without calling', async () => {
    const cases = [
      ['TRC20', `${TRON.slice(0, -1)}u`, 'bindUsdt.problem.checksum'],
      ['ERC20', ETH.replace('dAC', 'DAC'), 'bindUsdt.problem.checksum'],
      ['ERC20', TRON, 'bindUsdt.problem.wrong_network'],
      ['TRC20', ETH, 'bindUsdt.problem.wrong_network'],
      ['ERC20', '0x1234', 'bindUsdt.problem.malformed'],
      ['TRC20', '  ', 'validation.required'],
    ] as const;
    for (const [network, address, key] of cases) {
      const { scope, api } = setup();
      await bind(scope, network, address);
      expect(scope.getState($errors)).toStrictEqual({ address: { key } });
      expect(api.calls).toHaveLength(0);
    }
  });

  it('changing the network or the address clears the message', async () => {
    const { scope } = setup();
    await bind(scope, 'ERC20', TRON);

    await allSettled(networkChanged, { scope, params: 'TRC20' });

    expect(scope.getState($errors)).toStrictEqual({});
  });

  it("shows the server's refusal next to the address and stays", async () => {
    const { scope, goBack } = setup({
      '/api/users/setUserWallet': failWith(400, 'address: This address fails its checksum'),
    });

    await bind(scope, 'ERC20', ETH);

    expect(scope.getState($errors)).toStrictEqual({
      address: { text: 'This address fails its checksum' },
    });
    expect(scope.getState($formError)).toBeNull();
    expect(goBack).not.toHaveBeenCalled();
  });
});

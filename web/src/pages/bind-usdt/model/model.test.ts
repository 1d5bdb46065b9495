import { PATHS, returnFx } from '#shared/routing';
import { showToastFx } from '#shared/ui/toast';
import { $apiClient } from '#shared/api';
import { failWith, fakeClient, type Reply } from '#shared/api/testing';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import {
  $errors,
  $form,
  $formError,
  $scanMessage,
  addressChanged,
  BindUsdtGate,
  imagePicked,
  networkChanged,
  readQrFx,
  submitted,
} from './model.ts';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

/** What the image reader finds in a picked image: the texts of its QR codes, or a refusal. */
type Reader = (image: Blob) => Promise<string[]>;

/** The calls that bind (the page also asks for the identity status as it opens). */
const binds = (api: { calls: readonly { path: string; body: unknown }[] }) =>
  api.calls.filter((call) => call.path === '/api/users/setUserWallet');

/** What getCashStatus answers: the identity verified unless said otherwise. */
const cashStatus =
  (identity_status: 'unverified' | 'pending' | 'verified' = 'verified') =>
  () => ({ identity_status, identity_reject_reason: null, bank: null, wallet: null });

function setup(replies: Record<string, Reply> = {}, readQr: Reader = () => Promise.resolve([])) {
  const api = fakeClient({
    '/api/users/getCashStatus': cashStatus(),
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
      [readQrFx, readQr],
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

    expect(binds(api).map(({ path, body }) => ({ path, body }))).toStrictEqual([
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
      expect(binds(api)).toHaveLength(0);
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

describe('reading the address from a QR code image', () => {
  const photo = new File([new Uint8Array([0xff, 0xd8])], 'photo.jpg', { type: 'image/jpeg' });

  async function scan(
    texts: string[] | Error,
    before: { network?: 'TRC20' | 'ERC20'; typed?: string } = {},
  ) {
    const read = vi.fn<Reader>(() =>
      texts instanceof Error ? Promise.reject(texts) : Promise.resolve(texts),
    );
    const context = setup({}, read);
    const { scope } = context;
    await allSettled(BindUsdtGate.open, { scope, params: {} });
    await allSettled(networkChanged, { scope, params: before.network ?? 'TRC20' });
    if (before.typed !== undefined) {
      await allSettled(addressChanged, { scope, params: before.typed });
    }
    await allSettled(imagePicked, { scope, params: photo });
    return { ...context, read };
  }

  it("fills in the code's address, checked, and binds it", async () => {
    const { scope, read, api } = await scan([`tron:${TRON}?amount=10`], { typed: 'T123' });

    expect(read).toHaveBeenCalledWith(photo);
    expect(scope.getState($form)).toStrictEqual({ network: 'TRC20', address: TRON });
    expect(scope.getState($errors)).toStrictEqual({});
    expect(scope.getState($scanMessage)).toStrictEqual({ tone: 'info', key: 'bindUsdt.scan.read' });

    await allSettled(submitted, { scope });
    expect(binds(api).map(({ body }) => body)).toStrictEqual([{ network: 'TRC20', address: TRON }]);
  });

  it('switches the network to the address read, and says so', async () => {
    const { scope } = await scan([ETH], { network: 'TRC20' });

    expect(scope.getState($form)).toStrictEqual({ network: 'ERC20', address: ETH });
    expect(scope.getState($scanMessage)).toStrictEqual({
      tone: 'info',
      key: 'bindUsdt.scan.switched',
      values: { network: 'ERC20' },
    });
  });

  it('takes the first code that holds an address when the image has several', async () => {
    const { scope } = await scan(['https://example.com', `ethereum:${ETH}@1`]);

    expect(scope.getState($form)).toStrictEqual({ network: 'ERC20', address: ETH });
  });

  it('runs the address check on what it read: a damaged address is refused at once', async () => {
    const { scope, api } = await scan([ETH.replace('dAC', 'DAC')], { network: 'ERC20' });

    expect(scope.getState($errors)).toStrictEqual({
      address: { key: 'bindUsdt.problem.checksum' },
    });
    await allSettled(submitted, { scope });
    expect(binds(api)).toHaveLength(0);
  });

  it('keeps what the field had when the image has no code, no address or is no image', async () => {
    const cases = [
      [[], 'bindUsdt.scan.noCode'],
      [['WIFI:S:home;T:WPA;P:secret;;', `bitcoin:${TRON}`], 'bindUsdt.scan.noAddress'],
      [new Error('The source image cannot be decoded.'), 'bindUsdt.scan.unreadable'],
    ] as const;
    for (const [texts, key] of cases) {
      const { scope } = await scan(texts instanceof Error ? texts : [...texts], {
        network: 'ERC20',
        typed: 'my half-typed 0x',
      });
      expect(scope.getState($form)).toStrictEqual({
        network: 'ERC20',
        address: 'my half-typed 0x',
      });
      expect(scope.getState($scanMessage)).toStrictEqual({ tone: 'error', key });
    }
  });

  it('editing the address or picking another image clears the message', async () => {
    const { scope } = await scan([]);

    await allSettled(addressChanged, { scope, params: TRON });
    expect(scope.getState($scanMessage)).toBeNull();

    await allSettled(imagePicked, { scope, params: photo });
    expect(scope.getState($scanMessage)).toStrictEqual({
      tone: 'error',
      key: 'bindUsdt.scan.noCode',
    });
  });
});

import { endpoints } from '@bourse/protocol';
import type { Language } from '@bourse/protocol/config';
import { $apiClient } from '#shared/api';
import { $language } from '#shared/i18n';
import { fakeClient } from '#shared/api/testing';
import { navigateFx } from '#shared/routing';
import { feedBound, pushReceived } from '#shared/socket';
import { showToastFx } from '#shared/ui/toast';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import {
  $equivalent,
  $errors,
  $info,
  $infoView,
  $proof,
  $txHash,
  amountChanged,
  compressProofFx,
  copyTextFx,
  copyClicked,
  methodChanged,
  networkChanged,
  proofFileProblem,
  proofSelected,
  RechargeGate,
  submitClicked,
  txHashChanged,
} from './recharge.ts';

const READY = {
  method: 'usdt',
  status: 'ready',
  requested_at: 1_763_810_000_000,
  ready_at: 1_763_813_600_000,
  bank: null,
  wallet: { network: 'TRC20', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' },
  min_amount: '10',
  max_amount: '1000000',
  currencies: [{ code: 'USDT', rate: '1' }],
};
const BANK_PENDING = {
  ...READY,
  method: 'bank',
  status: 'pending',
  ready_at: null,
  wallet: null,
  currencies: [{ code: 'USD', rate: '1' }],
};
const RECORD = {
  id: '3001',
  order_no: 'RC1',
  method: 'usdt',
  network: 'TRC20',
  amount: '100',
  currency: 'USDT',
  rate: '1',
  equivalent: '100',
  credited_amount: '0',
  status: 'reviewing',
  reject_reason: '',
  tx_hash: 'abc',
  proof_image: '',
  remark: '',
  created_at: 1_763_896_400_000,
  reviewed_at: null,
  account_mode: 'real',
};
const PROOF = 'data:image/jpeg;base64,/9j/4AAQ';
/** A Tron transaction id: 64 hex digits. */
const HASH = 'ab'.repeat(32);

function setup(language: Language = 'en', bank: object = BANK_PENDING) {
  const api = fakeClient({
    [endpoints.account.getRechInfo.path]: (body) =>
      (body as { method: string }).method === 'bank' ? bank : READY,
    [endpoints.account.addRech.path]: () => RECORD,
  });
  const toasts: string[] = [];
  const navigate = vi.fn();
  const copied: string[] = [];
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$language, language],
    ],
    handlers: [
      [showToastFx, (text: string) => void toasts.push(text)],
      [navigateFx, navigate],
      [compressProofFx, () => PROOF],
      [copyTextFx, (text: string) => void copied.push(text)],
    ],
  });
  return { scope, api, toasts, navigate, copied };
}

describe('a deposit in German', () => {
  const BANK_READY = {
    ...BANK_PENDING,
    status: 'ready',
    bank: {
      bank_name: 'Bank',
      account_no: '1',
      holder_name: 'H',
      branch: '',
      swift_code: '',
      reference: 'R',
    },
    currencies: [{ code: 'EUR', rate: '0.9' }],
  };

  it('reads a decimal comma for the amount and its equivalent, and sends the plain decimal', async () => {
    const { scope, api } = setup('de', BANK_READY);
    await allSettled(RechargeGate.open, { scope, params: {} });
    await allSettled(methodChanged, { scope, params: 'bank' });
    await allSettled(proofSelected, {
      scope,
      params: new File(['x'], 'slip.png', { type: 'image/png' }),
    });

    await allSettled(amountChanged, { scope, params: '1.000,5' });
    expect(scope.getState($equivalent)).toBe('900.45');
    await allSettled(submitClicked, { scope });

    expect(api.callsTo(endpoints.account.addRech).map((call) => call.body)).toMatchObject([
      { method: 'bank', amount: '1000.5', currency: 'EUR' },
    ]);
  });

  it('explains a point, shows no equivalent, and sends nothing', async () => {
    const { scope, api } = setup('de', BANK_READY);
    await allSettled(RechargeGate.open, { scope, params: {} });
    await allSettled(methodChanged, { scope, params: 'bank' });

    await allSettled(amountChanged, { scope, params: '100.5' });
    expect(scope.getState($equivalent)).toBeNull();
    await allSettled(submitClicked, { scope });

    expect(scope.getState($errors).amount).toStrictEqual({ key: 'numberInput.otherMark' });
    expect(api.callsTo(endpoints.account.addRech)).toHaveLength(0);
  });
});

describe('a deposit', () => {
  it('asks for the account of the chosen method and network', async () => {
    const { scope, api } = setup();

    await allSettled(RechargeGate.open, { scope, params: {} });
    expect(scope.getState($infoView)).toBe('ready');
    await allSettled(networkChanged, { scope, params: 'ERC20' });
    await allSettled(methodChanged, { scope, params: 'bank' });

    expect(api.callsTo(endpoints.account.getRechInfo).map((call) => call.body)).toStrictEqual([
      { method: 'usdt', network: 'TRC20' },
      { method: 'usdt', network: 'ERC20' },
      { method: 'bank' },
    ]);
    // the bank account is still being obtained: the screen says an e-mail will follow
    expect(scope.getState($infoView)).toBe('pending');
  });

  it('copies the address', async () => {
    const { scope, copied, toasts } = setup();

    await allSettled(copyClicked, { scope, params: READY.wallet.address });

    expect(copied).toStrictEqual([READY.wallet.address]);
    expect(toasts).toStrictEqual(['funds.deposit.copied']);
  });

  it('refuses an amount under the minimum and a USDT deposit without its hash, keeping both', async () => {
    const { scope, api } = setup();
    await allSettled(RechargeGate.open, { scope, params: {} });

    await allSettled(amountChanged, { scope, params: '9.99' });
    await allSettled(submitClicked, { scope });

    expect(scope.getState($errors)).toStrictEqual({
      amount: { key: 'funds.errors.belowMin' },
      txHash: { key: 'validation.required' },
    });
    expect(api.callsTo(endpoints.account.addRech)).toHaveLength(0);
  });

  it("refuses a hash that is not its network's, keeping it, and sends it once it is", async () => {
    const { scope, api } = setup();
    await allSettled(RechargeGate.open, { scope, params: {} });
    await allSettled(amountChanged, { scope, params: '100' });

    await allSettled(txHashChanged, { scope, params: 'paid on Monday' });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($errors)).toStrictEqual({
      txHash: { key: 'funds.deposit.txHashProblem.malformed' },
    });
    await allSettled(txHashChanged, { scope, params: `0x${HASH}` });
    await allSettled(submitClicked, { scope });
    expect(scope.getState($errors)).toStrictEqual({
      txHash: { key: 'funds.deposit.txHashProblem.wrong_network' },
    });
    expect(scope.getState($txHash)).toBe(`0x${HASH}`);
    expect(api.callsTo(endpoints.account.addRech)).toHaveLength(0);

    await allSettled(networkChanged, { scope, params: 'ERC20' });
    await allSettled(submitClicked, { scope });
    expect(api.callsTo(endpoints.account.addRech)[0]?.body).toMatchObject({
      network: 'ERC20',
      tx_hash: `0x${HASH}`,
    });
  });

  it('sends a USDT deposit with its hash once, then shows the records', async () => {
    const { scope, api, navigate } = setup();
    await allSettled(RechargeGate.open, { scope, params: {} });

    await allSettled(amountChanged, { scope, params: '100' });
    await allSettled(txHashChanged, { scope, params: ` ${HASH} ` });
    await Promise.all([allSettled(submitClicked, { scope }), allSettled(submitClicked, { scope })]);

    const sent = api.callsTo(endpoints.account.addRech);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      method: 'usdt',
      network: 'TRC20',
      amount: '100',
      currency: 'USDT',
      tx_hash: HASH,
    });
    expect(navigate.mock.calls.flat()).toContainEqual(
      expect.objectContaining({ to: '/pages/recharge/log/log' }),
    );
  });

  it('needs a proof photo for a bank deposit, compressed before upload', async () => {
    const { scope, api } = setup();
    await allSettled(RechargeGate.open, { scope, params: {} });
    await allSettled(methodChanged, { scope, params: 'bank' });
    await allSettled(amountChanged, { scope, params: '100' });

    await allSettled(submitClicked, { scope });
    expect(scope.getState($errors)).toStrictEqual({
      proof: { key: 'funds.deposit.proofRequired' },
    });

    await allSettled(proofSelected, {
      scope,
      params: new File(['x'], 'slip.jpg', { type: 'image/jpeg' }),
    });
    expect(scope.getState($proof)).toBe(PROOF);
    await allSettled(submitClicked, { scope });

    expect(api.callsTo(endpoints.account.addRech)[0]?.body).toMatchObject({
      method: 'bank',
      currency: 'USD',
      proof_image: PROOF,
    });
  });

  it('refuses a file that is not a picture', () => {
    expect(proofFileProblem({ type: 'application/pdf', name: 'slip.pdf', size: 10 })).toBe(
      'funds.deposit.proofNotImage',
    );
    expect(proofFileProblem({ type: '', name: 'slip.HEIC', size: 10 })).toBeNull();
  });
});

describe('the exclusive deposit account being obtained', () => {
  const PENDING = { ...READY, status: 'pending', ready_at: null, wallet: null };
  const NOTICE = {
    func: 'Notice',
    topic: 'Notice',
    data: { id: '9', title: 'Deposit account ready', summary: '', created_at: 1_763_813_600_000 },
  } as const;

  it('shows the address when the Notice push says it is ready, without a tap', async () => {
    let ready = false;
    const api = fakeClient({
      [endpoints.account.getRechInfo.path]: () => (ready ? READY : PENDING),
    });
    const scope = fork({ values: [[$apiClient, api.client]] });

    await allSettled(RechargeGate.open, { scope, params: {} });
    expect(scope.getState($infoView)).toBe('pending');

    ready = true;
    await allSettled(pushReceived, { scope, params: NOTICE });

    expect(scope.getState($infoView)).toBe('ready');
    expect(scope.getState($info)?.wallet?.address).toBe(READY.wallet.address);
  });

  it('asks again when the feed is bound, for a Notice sent before it was', async () => {
    let ready = false;
    const api = fakeClient({
      [endpoints.account.getRechInfo.path]: () => (ready ? READY : PENDING),
    });
    const scope = fork({ values: [[$apiClient, api.client]] });

    await allSettled(RechargeGate.open, { scope, params: {} });
    expect(scope.getState($infoView)).toBe('pending');

    ready = true;
    await allSettled(feedBound, { scope });

    expect(scope.getState($infoView)).toBe('ready');
    expect(scope.getState($info)?.wallet?.address).toBe(READY.wallet.address);
  });

  it('does not ask again on a Notice once the address is there', async () => {
    const api = fakeClient({ [endpoints.account.getRechInfo.path]: () => READY });
    const scope = fork({ values: [[$apiClient, api.client]] });

    await allSettled(RechargeGate.open, { scope, params: {} });
    await allSettled(pushReceived, { scope, params: NOTICE });
    await allSettled(feedBound, { scope });

    expect(api.paths().filter((path) => path === endpoints.account.getRechInfo.path)).toHaveLength(
      1,
    );
  });
});

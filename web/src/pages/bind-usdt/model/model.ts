import { endpoints } from '@bourse/protocol';
import { walletAddressProblem, type WalletNetworkName } from '@bourse/protocol/wallet-address';
import { createApiEffect } from '#shared/api';
import { createFormSubmission, type FormErrors } from '#shared/api/form';
import { goBackFx, PATHS } from '#shared/routing';
import { notifyFx } from '#shared/ui/toast';
import { createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { createBindRule } from '#entities/viewer';
import { addressFromQrText, type ScannedAddress } from '../lib/qr-address.ts';

export const NETWORKS: readonly WalletNetworkName[] = ['TRC20', 'ERC20'];

export interface WalletForm {
  network: WalletNetworkName;
  address: string;
}
export type WalletField = 'address';

export const BindUsdtGate = createGate<Record<string, never>>({
  name: 'BindUsdtPage',
  defaultState: {},
});

/** The identity status, asked as the page opens: the form shows only once it is verified. */
export const { $identityStatus } = createBindRule(BindUsdtGate.open, BindUsdtGate.close);

export const setUserWalletFx = createApiEffect(endpoints.user.setUserWallet);

export const networkChanged = createEvent<WalletNetworkName>();
export const addressChanged = createEvent<string>();
export const submitted = createEvent();

const EMPTY: WalletForm = { network: 'TRC20', address: '' };
export const $form = createStore<WalletForm>(EMPTY);
export const $errors = createStore<FormErrors<WalletField>>({});
export const $formError = createStore<string | null>(null);
export const $submitting = setUserWalletFx.pending;

/** An image picked to read a wallet address from its QR code. */
export const imagePicked = createEvent<File>();

/**
 * The texts of the QR codes in an image. The reader and its decoder load with the first image
 * picked, never with the page.
 */
export const readQrFx = createEffect(async (image: Blob): Promise<string[]> => {
  const { readQrTexts } = await import('../lib/read-qr.ts');
  return readQrTexts(image);
});
export const $scanning = readQrFx.pending;

/** What reading an image gave, as a translation key, shown by the address field. */
export interface ScanMessage {
  tone: 'info' | 'error';
  key: string;
  values?: Record<string, string>;
}
export const $scanMessage = createStore<ScanMessage | null>(null);

/** An address read from an image, and whether the network had to change for it. */
const addressScanned = createEvent<ScannedAddress & { switched: boolean }>();

$form
  .on(networkChanged, (form, network) => ({ ...form, network }))
  .on(addressChanged, (form, address) => ({ ...form, address }))
  .on(addressScanned, (_, { network, address }) => ({ network, address }))
  .reset(BindUsdtGate.open);
$errors.reset(BindUsdtGate.open, networkChanged, addressChanged);
$formError.reset(BindUsdtGate.open);
$scanMessage.reset(BindUsdtGate.open, networkChanged, addressChanged, imagePicked);

/**
 * The same check as the server's (contracts' walletAddressProblem): a mistyped character, the
 * wrong case in a checksummed address or an address of the other network is caught here.
 */
export function validateWallet(form: WalletForm): FormErrors<WalletField> {
  const problem = walletAddressProblem(form.network, form.address);
  if (problem === null) return {};
  return {
    address: {
      key: problem === 'required' ? 'validation.required' : `bindUsdt.problem.${problem}`,
    },
  };
}

sample({ clock: imagePicked, target: readQrFx });

type ScanResult = (ScannedAddress & { switched: boolean }) | { missing: ScanMessage };

const scanRead = sample({
  clock: readQrFx.doneData,
  source: $form,
  fn: (form, texts): ScanResult => {
    const found = texts.map(addressFromQrText).find((entry) => entry !== null);
    if (found !== undefined) return { ...found, switched: found.network !== form.network };
    const key = texts.length === 0 ? 'bindUsdt.scan.noCode' : 'bindUsdt.scan.noAddress';
    return { missing: { tone: 'error', key } };
  },
});
sample({
  clock: scanRead,
  filter: (result): result is ScannedAddress & { switched: boolean } => !('missing' in result),
  target: addressScanned,
});
// Nothing read: the field keeps what it had, and the message says why.
sample({
  clock: scanRead,
  filter: (result) => 'missing' in result,
  fn: (result) => ('missing' in result ? result.missing : null),
  target: $scanMessage,
});
sample({
  clock: readQrFx.fail,
  fn: (): ScanMessage => ({ tone: 'error', key: 'bindUsdt.scan.unreadable' }),
  target: $scanMessage,
});
sample({
  clock: addressScanned,
  fn: ({ network, switched }): ScanMessage =>
    switched
      ? { tone: 'info', key: 'bindUsdt.scan.switched', values: { network } }
      : { tone: 'info', key: 'bindUsdt.scan.read' },
  target: $scanMessage,
});
// A scanned address is checked at once, as a typed one is when sent: a code that holds a
// mistyped or damaged address says so before the user taps Bind.
sample({ clock: addressScanned, source: $form, fn: validateWallet, target: $errors });

createFormSubmission({
  clock: submitted,
  source: $form,
  check: validateWallet,
  request: (form) => ({ network: form.network, address: form.address.trim() }),
  effect: setUserWalletFx,
  $errors,
  $formError,
  wireFields: { address: 'address' },
});

sample({ clock: setUserWalletFx.done, fn: () => 'bindUsdt.bound', target: notifyFx });
sample({ clock: setUserWalletFx.done, fn: () => PATHS.bind, target: goBackFx });

import { endpoints } from '@bourse/protocol';
import { walletAddressProblem, type WalletNetworkName } from '@bourse/protocol/wallet-address';
import { createApiEffect } from '#shared/api';
import { createFormSubmission, type FormErrors } from '#shared/api/form';
import { goBackFx, PATHS } from '#shared/routing';
import { notifyFx } from '#shared/ui/toast';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

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

export const setUserWalletFx = createApiEffect(endpoints.user.setUserWallet);

export const networkChanged = createEvent<WalletNetworkName>();
export const addressChanged = createEvent<string>();
export const submitted = createEvent();

const EMPTY: WalletForm = { network: 'TRC20', address: '' };
export const $form = createStore<WalletForm>(EMPTY);
export const $errors = createStore<FormErrors<WalletField>>({});
export const $formError = createStore<string | null>(null);
export const $submitting = setUserWalletFx.pending;

$form
  .on(networkChanged, (form, network) => ({ ...form, network }))
  .on(addressChanged, (form, address) => ({ ...form, address }))
  .reset(BindUsdtGate.open);
$errors.reset(BindUsdtGate.open, networkChanged, addressChanged);
$formError.reset(BindUsdtGate.open);

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

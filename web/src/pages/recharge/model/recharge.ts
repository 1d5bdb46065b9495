import {
  endpoints,
  imageDataUrl,
  txHashProblem,
  type DepositAccount,
  type DepositMethod,
} from '@bourse/protocol';
import { FUNC } from '@bourse/protocol/socket/wire';
import { amountProblem } from '#entities/balance';
import { preparePhoto, type PhotoTarget } from '#shared/lib';
import { createApiEffect, type FormMessage } from '#shared/api';
import { $numberStyle, readTypedNumber, typedValue } from '#shared/typed-number';
import {
  checkMessages,
  createFormSubmission,
  withoutErrors,
  type FormErrors,
} from '#shared/api/form';
import { createMoneyIntent } from '#shared/api/intent';
import { navigated, PATHS } from '#shared/routing';
import { $accountType } from '#shared/session';
import { feedBound, pushReceived } from '#shared/socket';
import { createCopyAction } from '#shared/ui/copy';
import { notifyFx } from '#shared/ui/toast';
import Decimal from 'decimal.js';
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

export type Network = 'TRC20' | 'ERC20';
export type DepositField = 'amount' | 'txHash' | 'proof';

export const NETWORKS: readonly Network[] = ['TRC20', 'ERC20'];
export const METHODS: readonly DepositMethod[] = ['usdt', 'bank'];

/** A proof photo larger than this is refused before any work. */
export const PROOF_SOURCE_MAX_BYTES = 20 * 1024 * 1024;
/** The longest side of the uploaded proof: enough to read a bank slip. */
export const PROOF_SIZE_PX = 1600;

export const RechargeGate = createGate<Record<string, never>>({
  name: 'RechargePage',
  defaultState: {},
});

export const methodChanged = createEvent<DepositMethod>();
export const networkChanged = createEvent<Network>();
export const amountChanged = createEvent<string>();
export const currencyChanged = createEvent<string>();
export const txHashChanged = createEvent<string>();
export const proofSelected = createEvent<File>();
export const proofRemoved = createEvent();
export const infoRetried = createEvent();
export const submitClicked = createEvent();

export const $method = createStore<DepositMethod>('usdt').on(methodChanged, (_, method) => method);
export const $network = createStore<Network>('TRC20').on(networkChanged, (_, network) => network);
export const $amount = createStore('').on(amountChanged, (_, amount) => amount);
export const $currency = createStore('USDT').on(currencyChanged, (_, code) => code);
export const $txHash = createStore('').on(txHashChanged, (_, hash) => hash);
/** The compressed proof photo, a data URL ready to upload. */
export const $proof = createStore<string | null>(null);
export const $errors = createStore<FormErrors<DepositField>>({});
export const $formError = createStore<string | null>(null);

// ---- the exclusive deposit account -----------------------------------------------------

export const fetchInfoFx = createApiEffect(endpoints.account.getRechInfo, { loading: false });

/** The deposit account of the chosen method and network; null while not known. */
export const $info = createStore<DepositAccount | null>(null);
export const $infoFailed = createStore(false);

// the real deposit account, on the real account only: on demo, Deposit tops up play money
const infoWanted = sample({
  clock: [RechargeGate.open, methodChanged, networkChanged, infoRetried],
  source: { method: $method, network: $network, mode: $accountType },
  filter: ({ mode }) => mode === 'real',
  fn: ({ method, network }) => (method === 'usdt' ? { method, network } : { method }),
});
sample({ clock: infoWanted, target: fetchInfoFx });

// The account being obtained ends with an e-mail and a Notice push: the screen asks again then,
// so the address appears without the user having to tap "Check again". A push sent while the
// feed was not bound (the page just opened, or the connection dropped) is lost, so the screen
// also asks again whenever the feed is bound.
const noticePushed = sample({ clock: pushReceived, filter: (push) => push.func === FUNC.notice });
sample({
  clock: [noticePushed, feedBound],
  source: { info: $info, method: $method, network: $network },
  filter: ({ info }) => info !== null && info.status === 'pending',
  fn: ({ method, network }) => (method === 'usdt' ? { method, network } : { method }),
  target: fetchInfoFx,
});
$info
  .on(fetchInfoFx.doneData, (_, info) => info)
  .reset(methodChanged, networkChanged, RechargeGate.close);
$infoFailed.on(fetchInfoFx.fail, () => true).reset(fetchInfoFx);

/**
 * What the screen shows of the account: loading, an error, "being obtained" (an e-mail follows),
 * or the account itself with the form.
 */
export const $infoView = combine(
  $info,
  $infoFailed,
  fetchInfoFx.pending,
  (info, failed, pending): 'loading' | 'error' | 'pending' | 'ready' => {
    if (info !== null) return info.status === 'pending' ? 'pending' : 'ready';
    return failed && !pending ? 'error' : 'loading';
  },
);

// The currency paid in: the method's first unless the user picked one it offers.
sample({
  clock: fetchInfoFx.doneData,
  source: $currency,
  fn: (code, info) =>
    info.currencies.some((currency) => currency.code === code)
      ? code
      : (info.currencies[0]?.code ?? 'USDT'),
  target: $currency,
});

/** What the entered USDT amount comes to in the currency paid in (plain); null when nothing to say. */
export const $equivalent = combine(
  $amount,
  $currency,
  $info,
  $numberStyle,
  (amount, currency, info, style): string | null => {
    if (currency === 'USDT' || info === null) return null;
    const typed = readTypedNumber(amount, style);
    if (typed.kind !== 'number' || typed.value.startsWith('-')) return null;
    const rate = info.currencies.find((one) => one.code === currency)?.rate ?? '1';
    return new Decimal(typed.value).mul(rate).toFixed();
  },
);

// ---- copying the address ---------------------------------------------------------------

export const { copyRequested: copyClicked, copyTextFx } = createCopyAction({
  copied: 'funds.deposit.copied',
  failed: 'funds.deposit.copyFailed',
});

// ---- the proof photo (bank) ------------------------------------------------------------

const IMAGE_NAME = /\.(jpe?g|png|webp|gif|bmp|heic|heif|avif)$/i;

/** Why a chosen file cannot be a proof, as a translation key; null when it may be tried. */
export function proofFileProblem(file: Pick<File, 'type' | 'name' | 'size'>): string | null {
  const image = file.type === '' ? IMAGE_NAME.test(file.name) : file.type.startsWith('image/');
  if (!image) return 'funds.deposit.proofNotImage';
  if (file.size > PROOF_SOURCE_MAX_BYTES) return 'funds.deposit.proofTooLarge';
  return null;
}

/** The bank slip as the server takes it; a small screenshot goes as it is, with its sharp text. */
export const PROOF_PHOTO: PhotoTarget = {
  maxSide: PROOF_SIZE_PX,
  maxBytes: 400 * 1024,
  quality: 0.82,
  sendSmallAsIs: true,
};

/** Prepares the photo as a data URL. Most deposits are USDT and never load the image library. */
export const compressProofFx = createEffect((file: File) => preparePhoto(file, PROOF_PHOTO));

const proofChecked = sample({
  clock: proofSelected,
  fn: (file) => ({ file, problem: proofFileProblem(file) }),
});
sample({
  clock: proofChecked,
  filter: ({ problem }) => problem === null,
  fn: ({ file }) => file,
  target: compressProofFx,
});
const proofRefused = createEvent<FormMessage>();
sample({
  clock: proofChecked,
  filter: ({ problem }) => problem !== null,
  fn: ({ problem }): FormMessage => ({ key: problem ?? 'funds.deposit.proofNotImage' }),
  target: proofRefused,
});
sample({
  clock: compressProofFx.doneData,
  filter: (dataUrl) => !imageDataUrl.safeParse(dataUrl).success,
  fn: (): FormMessage => ({ key: 'funds.deposit.proofTooLarge' }),
  target: proofRefused,
});
sample({
  clock: compressProofFx.fail,
  fn: (): FormMessage => ({ key: 'funds.deposit.proofNotImage' }),
  target: proofRefused,
});
$proof
  .on(compressProofFx.doneData, (_, dataUrl) =>
    imageDataUrl.safeParse(dataUrl).success ? dataUrl : null,
  )
  .reset(proofRemoved, proofRefused);
export const $proofBusy = compressProofFx.pending;

// ---- sending ---------------------------------------------------------------------------

const formEdited = [
  methodChanged,
  networkChanged,
  amountChanged,
  currencyChanged,
  txHashChanged,
  proofSelected,
  proofRemoved,
];

// A changed form is a new deposit; a retry or a double tap until then is the same one.
export const deposit = createMoneyIntent({
  effect: createApiEffect(endpoints.account.addRech),
  renewOn: formEdited,
});
export const $submitting = deposit.$pending;

$errors
  .on(amountChanged, (errors) => withoutErrors(errors, 'amount'))
  .on(txHashChanged, (errors) => withoutErrors(errors, 'txHash'))
  .on([proofSelected, proofRemoved], (errors) => withoutErrors(errors, 'proof'))
  .on(proofRefused, (errors, message) => ({ ...errors, proof: message }))
  .reset(methodChanged, RechargeGate.close);
$formError.reset(...formEdited, RechargeGate.close);

/** The hash of a USDT deposit has its network's shape, checked as the wire checks it. */
function txHashMessage(network: Network, txHash: string): string | null {
  const problem = txHashProblem(network, txHash);
  if (problem === null) return null;
  return problem === 'required' ? 'validation.required' : `funds.deposit.txHashProblem.${problem}`;
}

createFormSubmission({
  clock: submitClicked,
  source: combine({
    method: $method,
    network: $network,
    amount: $amount,
    currency: $currency,
    txHash: $txHash,
    proof: $proof,
    info: $info,
    style: $numberStyle,
  }),
  check: ({ method, network, amount, txHash, proof, info, style }) =>
    checkMessages<DepositField>({
      amount: amountProblem(amount, style, { min: info?.min_amount, max: info?.max_amount }),
      txHash: method === 'usdt' ? txHashMessage(network, txHash) : null,
      proof: method === 'bank' && proof === null ? 'funds.deposit.proofRequired' : null,
    }),
  request: ({ method, network, amount, currency, txHash, proof, style }) => ({
    method,
    amount: typedValue(amount, style),
    currency,
    ...(method === 'usdt' ? { network, tx_hash: txHash.trim() } : {}),
    ...(method === 'bank' && proof !== null ? { proof_image: proof } : {}),
  }),
  effect: deposit.sendFx,
  $errors,
  $formError,
  wireFields: { amount: 'amount', tx_hash: 'txHash', proof_image: 'proof' },
});

sample({ clock: deposit.sendFx.done, fn: () => 'funds.deposit.submitted', target: notifyFx });
sample({
  clock: deposit.sendFx.done,
  fn: () => ({ to: PATHS.rechargeLog }),
  target: navigated,
});
$amount.reset(deposit.sendFx.done);
$txHash.reset(deposit.sendFx.done);
$proof.reset(deposit.sendFx.done);

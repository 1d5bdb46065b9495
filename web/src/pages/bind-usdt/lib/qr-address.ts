import { walletAddressShapeProblem, type WalletNetworkName } from '@bourse/protocol/wallet-address';

/** An address read from a QR code, and the network its shape belongs to. */
export interface ScannedAddress {
  network: WalletNetworkName;
  address: string;
}

const NETWORKS: readonly WalletNetworkName[] = ['TRC20', 'ERC20'];

/** The payment URI schemes wallets put in their QR codes, and the network each names. */
const SCHEMES: Readonly<Record<string, WalletNetworkName>> = {
  tron: 'TRC20',
  ethereum: 'ERC20',
};

/** `scheme:[pay-]target[@chain][/function][?query]` (EIP-681, and Tron wallets' `tron:T…`). */
const PAYMENT_URI =
  /^([a-z]+):(?:\/\/)?(?:pay-)?([^@/?#]+)(?:@[^/?#]*)?(?:\/([^?#]*))?(?:\?([^#]*))?/i;

/** The network whose address shape `candidate` has (checksums are the form's check), or null. */
function networkOf(candidate: string): WalletNetworkName | null {
  return NETWORKS.find((network) => walletAddressShapeProblem(network, candidate) === null) ?? null;
}

/** `value` with its %-escapes decoded; as it is when they are malformed. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The wallet address in a QR code's text: the text itself when it is an address, or the
 * recipient of a payment URI (`tron:T…?amount=1`, `ethereum:0x…@1?value=1e18`, and EIP-681's
 * token transfer `ethereum:0x<token>@1/transfer?address=0x<recipient>&uint256=1`, whose
 * recipient is its `address` parameter, not the token contract). Null when there is none.
 */
export function addressFromQrText(text: string): ScannedAddress | null {
  const trimmed = text.trim();
  const bare = networkOf(trimmed);
  if (bare !== null) return { network: bare, address: trimmed };

  const match = PAYMENT_URI.exec(trimmed);
  if (match === null) return null;
  const [, scheme = '', target = '', method, query = ''] = match;
  const expected = SCHEMES[scheme.toLowerCase()];
  if (expected === undefined) return null;
  let address = target;
  if (method !== undefined && method !== '') {
    if (method !== 'transfer') return null;
    address = new URLSearchParams(query).get('address') ?? '';
  }
  address = decoded(address).trim();
  return networkOf(address) === expected ? { network: expected, address } : null;
}

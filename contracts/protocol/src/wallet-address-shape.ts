/**
 * The shape of a USDT wallet address, without its checksum: what the setUserWallet schema checks
 * on every route that loads the catalogue. The checksums need hashing code (about 5 KB
 * compressed), so they live in `wallet-address.ts`, which only the code that binds a wallet
 * imports (the mock's payout targets, the bind-USDT page).
 */

/** The networks a USDT wallet may be bound on. */
export type WalletNetworkName = 'TRC20' | 'ERC20';

/**
 * Why an address cannot receive USDT on a network, or null when it can:
 * - `required`: nothing was entered;
 * - `wrong_network`: a well-formed address of the other network;
 * - `malformed`: not an address of this network at all (length, alphabet, version byte);
 * - `checksum`: shaped right but its checksum fails (a character mistyped, or the wrong case
 *   in a checksummed ERC20 address).
 */
export type WalletAddressProblem = 'required' | 'wrong_network' | 'malformed' | 'checksum';

/** A Tron address: 34 base58 characters starting with T. */
export const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/** An Ethereum address: 0x and 40 hex digits. */
export const ETH_SHAPE = /^0x[0-9a-fA-F]{40}$/;

/** What is wrong with the shape of `address` on `network` (surrounding spaces ignored). */
export function walletAddressShapeProblem(
  network: WalletNetworkName,
  address: string,
): Exclude<WalletAddressProblem, 'checksum'> | null {
  const trimmed = address.trim();
  if (trimmed === '') return 'required';
  const [own, other] = network === 'TRC20' ? [TRON_SHAPE, ETH_SHAPE] : [ETH_SHAPE, TRON_SHAPE];
  if (own.test(trimmed)) return null;
  return other.test(trimmed) ? 'wrong_network' : 'malformed';
}

/**
 * The reason a schema gives for each problem: the very sentences the mock's engine and the bind
 * page give (in English), so that a TRC20 and an ERC20 address, refused by the schema or by the
 * checksum, read in one form. An empty field is "is required", as every field's.
 */
export const WALLET_ADDRESS_REASONS: Readonly<Record<WalletAddressProblem, string>> = {
  required: 'is required',
  wrong_network: 'This address belongs to the other network',
  malformed: 'This is not an address of the selected network',
  checksum: 'This address fails its checksum: a character is mistyped',
};

import type { WalletNetworkName } from './wallet-address-shape.ts';

/**
 * The shape of a USDT transaction hash on each network, checked as wallet addresses are: by the
 * addRech schema (the wire), the mock's deposits and the deposit page, from this one definition.
 * - TRC20 (Tron): the transaction id, 64 hex digits, no prefix;
 * - ERC20 (Ethereum): `0x` and 64 hex digits.
 */
export const TX_HASH_SHAPES: Readonly<Record<WalletNetworkName, RegExp>> = {
  TRC20: /^[0-9a-fA-F]{64}$/,
  ERC20: /^0x[0-9a-fA-F]{64}$/,
};

/**
 * Why a transaction hash cannot be one of `network`, or null when it can:
 * - `required`: nothing was entered;
 * - `wrong_network`: a well-formed hash of the other network (a Tron id with `0x`, an Ethereum
 *   hash without it);
 * - `malformed`: not a transaction hash at all (length, alphabet).
 */
export type TxHashProblem = 'required' | 'wrong_network' | 'malformed';

/** What is wrong with the shape of `hash` on `network` (surrounding spaces ignored). */
export function txHashProblem(network: WalletNetworkName, hash: string): TxHashProblem | null {
  const trimmed = hash.trim();
  if (trimmed === '') return 'required';
  if (TX_HASH_SHAPES[network].test(trimmed)) return null;
  const other: WalletNetworkName = network === 'TRC20' ? 'ERC20' : 'TRC20';
  return TX_HASH_SHAPES[other].test(trimmed) ? 'wrong_network' : 'malformed';
}

/** The reason the schema gives for each problem: the deposit page's sentences, as addresses'. */
export const TX_HASH_REASONS: Readonly<Record<TxHashProblem, string>> = {
  required: 'is required',
  wrong_network: 'This transaction hash belongs to the other network',
  malformed: 'This is not a transaction hash of the selected network',
};

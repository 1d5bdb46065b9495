import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * USDT wallet address checks, shared by the setUserWallet schema, the mock and the web app.
 * Imported as `@bourse/protocol/wallet-address` (not re-exported from the package root, so that
 * only the code that checks addresses carries the hashing).
 */

import {
  ETH_SHAPE,
  TRON_SHAPE,
  type WalletAddressProblem,
  type WalletNetworkName,
} from './wallet-address-shape.ts';

export {
  WALLET_ADDRESS_REASONS,
  walletAddressShapeProblem,
  type WalletAddressProblem,
  type WalletNetworkName,
} from './wallet-address-shape.ts';

// The networks' other rule: the shape of a transaction hash (for a USDT deposit).
export { TX_HASH_REASONS, txHashProblem, type TxHashProblem } from './tx-hash-shape.ts';

/**
 * Base58Check as Bitcoin and Tron use it: the checksum is the first 4 bytes of sha256(sha256).
 * Made on first use, so that a bundle importing this module without calling it drops it.
 */
let base58check: ReturnType<typeof createBase58check> | undefined;

/** A Tron address: version byte 0x41 and a 20-byte account hash. */
const TRON_VERSION = 0x41;

function tronProblem(address: string): WalletAddressProblem | null {
  if (!TRON_SHAPE.test(address)) return 'malformed';
  let payload: Uint8Array;
  try {
    base58check ??= createBase58check(sha256);
    payload = base58check.decode(address);
  } catch {
    return 'checksum';
  }
  return payload.length === 21 && payload[0] === TRON_VERSION ? null : 'malformed';
}

/** EIP-55: the hex letters are upper case where the keccak-256 of the lower-case address is ≥ 8. */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  let out = '0x';
  for (let i = 0; i < hex.length; i += 1) {
    const char = hex.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

function ethereumProblem(address: string): WalletAddressProblem | null {
  if (!ETH_SHAPE.test(address)) return 'malformed';
  const hex = address.slice(2);
  // All one case carries no checksum (EIP-55): accepted as it is.
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return null;
  return toChecksumAddress(address) === address ? null : 'checksum';
}

/**
 * The address of a 20-byte account hash on a network, as a wallet shows it: TRC20 base58check of
 * the version byte 0x41 and the hash; ERC20 `0x` and the hash in hex, EIP-55 checksummed. The
 * inverse of what `walletAddressProblem` checks (the mock hands out deposit addresses with it).
 */
export function encodeWalletAddress(network: WalletNetworkName, accountHash: Uint8Array): string {
  if (accountHash.length !== 20) throw new RangeError('an account hash is 20 bytes');
  if (network === 'ERC20') return toChecksumAddress(`0x${bytesToHex(accountHash)}`);
  base58check ??= createBase58check(sha256);
  const payload = new Uint8Array(21);
  payload[0] = TRON_VERSION;
  payload.set(accountHash, 1);
  return base58check.encode(payload);
}

/** What is wrong with `address` as a USDT address on `network` (surrounding spaces ignored). */
export function walletAddressProblem(
  network: WalletNetworkName,
  address: string,
): WalletAddressProblem | null {
  const trimmed = address.trim();
  if (trimmed === '') return 'required';
  if (network === 'TRC20') {
    if (ETH_SHAPE.test(trimmed)) return 'wrong_network';
    return tronProblem(trimmed);
  }
  if (TRON_SHAPE.test(trimmed) && tronProblem(trimmed) === null) return 'wrong_network';
  return ethereumProblem(trimmed);
}

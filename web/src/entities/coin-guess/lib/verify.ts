import { digitSum, drawDigitsAsync } from '@bourse/formulas/digits';
import type { DrawResult } from '@bourse/protocol';

/** What the browser found when it checked a draw's proof on its own. */
export interface DrawCheck {
  /** SHA-256 of the revealed seed, as computed here */
  readonly commitment: string;
  /** the digits HMAC-SHA256(seed, period) gives, as computed here */
  readonly digits: readonly number[];
  readonly commitmentMatches: boolean;
  readonly digitsMatch: boolean;
}

const bytesOfHex = (hex: string): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let at = 0; at < bytes.length; at += 1) {
    bytes[at] = Number.parseInt(hex.slice(at * 2, at * 2 + 2), 16);
  }
  return bytes;
};

const hexOf = (buffer: ArrayBuffer): string =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Recomputes a draw from its revealed seed with WebCrypto (FORMULAS.md, Coin Guess): the
 * commitment is SHA-256 of the seed's bytes, the digits come from HMAC-SHA256 keyed by them. Both
 * are compared with what the server published; nothing is taken on trust.
 */
export async function verifyDraw(
  draw: DrawResult,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<DrawCheck> {
  const seed = bytesOfHex(draw.seed);
  const commitment = hexOf(await subtle.digest('SHA-256', seed));
  const key = await subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const encoder = new TextEncoder();
  const digits = await drawDigitsAsync(
    draw.issue,
    async (message) => new Uint8Array(await subtle.sign('HMAC', key, encoder.encode(message))),
  );
  return {
    commitment,
    digits,
    commitmentMatches: commitment === draw.commitment,
    digitsMatch:
      digits.length === draw.digits.length &&
      digits.every((digit, at) => digit === draw.digits[at]) &&
      digitSum(digits) === draw.number,
  };
}

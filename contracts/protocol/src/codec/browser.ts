import AES from 'crypto-js/aes';
import Base64 from 'crypto-js/enc-base64';
import Utf8 from 'crypto-js/enc-utf8';
import MD5 from 'crypto-js/md5';
import ModeECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import { assertCipherSettings, DEFAULT_WIRE, type WireSettings } from '../config.ts';
import { composeCodec, type Codec } from './types.ts';

/** The browser's codec, on per-module crypto-js imports (the full bundle is 4× larger). */
export function createBrowserCodec(settings: WireSettings = DEFAULT_WIRE): Codec {
  assertCipherSettings(settings.cipher);
  const key = Utf8.parse(settings.cipher.key);
  const options =
    settings.cipher.mode === 'ECB'
      ? { mode: ModeECB, padding: Pkcs7 }
      : { iv: Utf8.parse(settings.cipher.iv), padding: Pkcs7 };
  return composeCodec(
    {
      md5hex: (text) => MD5(text).toString(),
      encrypt: (plainText) => AES.encrypt(Utf8.parse(plainText), key, options).toString(),
      decrypt: (payload) => {
        // A base64 string without the "Salted__" header is read as raw ciphertext.
        const words = AES.decrypt(Base64.parse(payload).toString(Base64), key, options);
        // crypto-js does not check the padding: a wrong key shows up as a negative length.
        if (words.sigBytes < 0) throw new Error('payload did not decrypt');
        return words.toString(Utf8);
      },
    },
    settings.defaultToken,
  );
}

/** Decrypts a reply's payload (base64 ciphertext) to its UTF-8 text. */
export type AsyncDecrypt = (payload: string) => Promise<string>;

/** The AES key sizes WebCrypto's AES-CBC takes in every browser (Chromium has no 192-bit AES). */
const WEB_CRYPTO_KEY_BYTES = [16, 32];

// Named from the global, so that this compiles with the DOM's types and with Node's alike.
type Subtle = (typeof globalThis.crypto)['subtle'];
type CipherKey = Awaited<ReturnType<Subtle['importKey']>>;

const base64Bytes = (payload: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(payload), (char) => char.charCodeAt(0));

/**
 * The payload cipher's decrypt on the browser's own WebCrypto: native code, off the main thread,
 * where crypto-js takes tens of milliseconds of a slow phone's main thread for a large reply.
 * WebCrypto is there only in a secure context (https, localhost: not the plain-http LAN demo), and
 * it has no ECB and no 192-bit AES: null then, and the client uses the codec's own decrypt. It
 * reads raw ciphertext only; a caller falls back to the codec when it fails.
 */
export function createWebCryptoDecrypt(
  settings: WireSettings = DEFAULT_WIRE,
  // absent outside a secure context
  subtle: Subtle | null = (globalThis.crypto as typeof globalThis.crypto | undefined)?.subtle ??
    null,
): AsyncDecrypt | null {
  assertCipherSettings(settings.cipher);
  const encoder = new TextEncoder();
  const keyBytes = encoder.encode(settings.cipher.key);
  if (
    subtle === null ||
    settings.cipher.mode !== 'CBC' ||
    !WEB_CRYPTO_KEY_BYTES.includes(keyBytes.length)
  ) {
    return null;
  }
  const iv = encoder.encode(settings.cipher.iv);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let key: Promise<CipherKey> | null = null;
  return async (payload) => {
    key ??= subtle.importKey('raw', keyBytes, { name: 'AES-CBC' }, false, ['decrypt']);
    const plain = await subtle.decrypt({ name: 'AES-CBC', iv }, await key, base64Bytes(payload));
    return decoder.decode(plain);
  };
}

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

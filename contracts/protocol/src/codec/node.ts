import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { assertCipherSettings, DEFAULT_WIRE, type WireSettings } from '../config.ts';
import { composeCodec, type Codec } from './types.ts';

/** The server's codec, on node:crypto. */
export function createNodeCodec(settings: WireSettings = DEFAULT_WIRE): Codec {
  assertCipherSettings(settings.cipher);
  const key = Buffer.from(settings.cipher.key, 'utf8');
  const algorithm = `aes-${key.length * 8}-${settings.cipher.mode.toLowerCase()}`;
  const iv = settings.cipher.mode === 'ECB' ? null : Buffer.from(settings.cipher.iv, 'utf8');
  return composeCodec(
    {
      md5hex: (text) => createHash('md5').update(text, 'utf8').digest('hex'),
      encrypt: (plainText) => {
        const cipher = createCipheriv(algorithm, key, iv);
        return Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]).toString('base64');
      },
      decrypt: (payload) => {
        const decipher = createDecipheriv(algorithm, key, iv);
        const bytes = Buffer.concat([decipher.update(payload, 'base64'), decipher.final()]);
        return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      },
    },
    settings.defaultToken,
  );
}

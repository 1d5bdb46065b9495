import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN, DEFAULT_WIRE, type WireSettings } from '../config.ts';
import { createBrowserCodec, createWebCryptoDecrypt } from './browser.ts';
import { createNodeCodec } from './node.ts';
import { createPlainCodec } from './plain.ts';
import { CIPHER_VECTORS, MD5_VECTORS, SIGNATURE_VECTORS } from './vectors.ts';

const implementations = [
  ['browser (crypto-js)', createBrowserCodec],
  ['server (node:crypto)', createNodeCodec],
] as const;

describe.each(implementations)('%s codec', (_name, create) => {
  it.each(CIPHER_VECTORS)('encrypts $name exactly as OpenSSL does', (vector) => {
    const codec = create({ cipher: vector.cipher, defaultToken: DEFAULT_TOKEN });
    expect(codec.encrypt(vector.plain)).toBe(vector.encrypted);
  });

  it.each(CIPHER_VECTORS)('decrypts $name back to the plain text', (vector) => {
    const codec = create({ cipher: vector.cipher, defaultToken: DEFAULT_TOKEN });
    expect(codec.decrypt(vector.encrypted)).toBe(vector.plain);
  });

  it.each(MD5_VECTORS)('md5hex($text)', ({ text, md5hex }) => {
    expect(create().md5hex(text)).toBe(md5hex);
  });

  it.each(SIGNATURE_VECTORS)('signs a $name call', (vector) => {
    expect(create().signToken(vector.sessionToken, vector.time, vector.uuid)).toBe(vector.token);
  });

  it('refuses a payload encrypted with another key', () => {
    const other: WireSettings = {
      defaultToken: DEFAULT_TOKEN,
      cipher: { mode: 'CBC', key: 'AnotherKey012345', iv: 'BourseWireIv0016' },
    };
    const payload = create(other).encrypt('{"balance":"1.00","note":"a longer text to decrypt"}');
    expect(() => JSON.parse(create().decrypt(payload)) as unknown).toThrow();
  });

  it('refuses a key of the wrong length at construction', () => {
    expect(() =>
      create({ defaultToken: DEFAULT_TOKEN, cipher: { mode: 'CBC', key: 'short', iv: 'x' } }),
    ).toThrow(/PAYLOAD_KEY/);
  });

  it.each(CIPHER_VECTORS)(
    'refuses a $name payload that decrypts to bytes that are not UTF-8, rather than guess at them',
    (vector) => {
      const codec = create({ cipher: vector.cipher, defaultToken: DEFAULT_TOKEN });
      expect(() => codec.decrypt(encryptBytes(vector.cipher, NOT_UTF8))).toThrow();
      // the same cipher reads a payload of valid UTF-8 made the same way
      expect(codec.decrypt(encryptBytes(vector.cipher, Buffer.from('{"a":"ß"}')))).toBe(
        '{"a":"ß"}',
      );
    },
  );
});

/** bytes no UTF-8 text has: a lone continuation byte and an invalid lead byte */
const NOT_UTF8 = Buffer.from([0x7b, 0x80, 0xff, 0x7d]);

/** encrypts raw bytes with a cipher setting, outside the codecs */
function encryptBytes(cipher: WireSettings['cipher'], bytes: Buffer): string {
  const key = Buffer.from(cipher.key, 'utf8');
  const algorithm = `aes-${String(key.length * 8)}-${cipher.mode.toLowerCase()}`;
  const iv = cipher.mode === 'ECB' ? null : Buffer.from(cipher.iv, 'utf8');
  const encryptor = createCipheriv(algorithm, key, iv);
  return Buffer.concat([encryptor.update(bytes), encryptor.final()]).toString('base64');
}

describe('the browser codec (crypto-js)', () => {
  it('says a payload did not decrypt when another key leaves no valid padding', () => {
    const other = createBrowserCodec({
      defaultToken: DEFAULT_TOKEN,
      cipher: { mode: 'CBC', key: 'AnotherKey012345', iv: 'BourseWireIv0016' },
    });
    expect(() => createBrowserCodec().decrypt(other.encrypt('{"a":1}'))).toThrow(
      /^payload did not decrypt$/,
    );
  });
});

describe('the WebCrypto decrypt (browsers in a secure context)', () => {
  const supported = CIPHER_VECTORS.filter(
    ({ cipher }) => cipher.mode === 'CBC' && new TextEncoder().encode(cipher.key).length !== 24,
  );
  const unsupported = CIPHER_VECTORS.filter((vector) => !supported.includes(vector));

  it('has AES-128 and AES-256 CBC vectors to check, and the others to refuse', () => {
    expect(supported.length).toBeGreaterThan(0);
    expect(unsupported.length).toBeGreaterThan(0);
  });

  it.each(supported)('decrypts $name back to the plain text, as crypto-js does', async (vector) => {
    const decrypt = createWebCryptoDecrypt({ cipher: vector.cipher, defaultToken: DEFAULT_TOKEN });
    expect(await decrypt?.(vector.encrypted)).toBe(vector.plain);
  });

  it.each(unsupported)('is not offered for $name (WebCrypto has no ECB nor AES-192)', (vector) => {
    expect(
      createWebCryptoDecrypt({ cipher: vector.cipher, defaultToken: DEFAULT_TOKEN }),
    ).toBeNull();
  });

  it('is not offered where the page has no WebCrypto (plain http on a LAN address)', () => {
    expect(createWebCryptoDecrypt(undefined, null)).toBeNull();
  });

  it("uses the page's own WebCrypto when none is passed", async () => {
    const decrypt = createWebCryptoDecrypt();
    const vector = supported.find(({ cipher }) => cipher.key === DEFAULT_WIRE.cipher.key);
    if (vector === undefined) throw new Error('no vector with the default key');
    expect(await decrypt?.(vector.encrypted)).toBe(vector.plain);
  });

  it('refuses cipher settings that are not valid at construction, as the codecs do', () => {
    expect(() =>
      createWebCryptoDecrypt({
        defaultToken: DEFAULT_TOKEN,
        cipher: { mode: 'CBC', key: 'short', iv: 'x' },
      }),
    ).toThrow(/PAYLOAD_KEY/);
  });

  it('rejects a payload that decrypts to bytes that are not UTF-8', async () => {
    const decrypt = createWebCryptoDecrypt();
    await expect(decrypt?.(encryptBytes(DEFAULT_WIRE.cipher, NOT_UTF8))).rejects.toThrow();
    // and decrypts again afterwards, with the key it imported once
    const vector = supported.find(({ cipher }) => cipher.key === DEFAULT_WIRE.cipher.key);
    expect(await decrypt?.(vector?.encrypted ?? '')).toBe(vector?.plain);
  });

  it('refuses a payload encrypted with another key', async () => {
    const other: WireSettings = {
      defaultToken: DEFAULT_TOKEN,
      cipher: { mode: 'CBC', key: 'AnotherKey012345', iv: 'BourseWireIv0016' },
    };
    const payload = createNodeCodec(other).encrypt('{"balance":"1.00","note":"a longer text"}');
    const decrypt = createWebCryptoDecrypt();
    await expect(
      (async () => JSON.parse((await decrypt?.(payload)) ?? '') as unknown)(),
    ).rejects.toThrow();
  });
});

describe('the two codecs together', () => {
  it('each decrypts what the other encrypted', () => {
    const browser = createBrowserCodec();
    const server = createNodeCodec();
    const text = JSON.stringify({ list: [{ price: '64123.45' }], note: 'ß∂ƒ 中文 😀' });
    expect(browser.decrypt(server.encrypt(text))).toBe(text);
    expect(server.decrypt(browser.encrypt(text))).toBe(text);
  });

  it('the plain codec signs like the browser but leaves payloads readable', () => {
    const plain = createPlainCodec();
    const { sessionToken, time, uuid, token } = SIGNATURE_VECTORS[1];
    expect(plain.signToken(sessionToken, time, uuid)).toBe(token);
    expect(plain.encrypt('{"a":1}')).toBe('{"a":1}');
    expect(plain.decrypt('{"a":1}')).toBe('{"a":1}');
    expect(plain.md5hex('abc')).toBe(createBrowserCodec().md5hex('abc'));
  });
});

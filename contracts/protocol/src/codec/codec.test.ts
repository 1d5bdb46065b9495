import { describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN, type WireSettings } from '../config.ts';
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
  });
});

/**
 * Fixed test vectors, computed once with OpenSSL and coreutils, independently of both codecs:
 *   printf %s "$PLAIN" | openssl enc -aes-$BITS-cbc -K $(printf %s "$KEY" | xxd -p) \
 *     -iv $(printf %s "$IV" | xxd -p) -nosalt -base64 -A
 *   printf %s "$TEXT" | md5sum
 * Both codecs must reproduce each in both directions.
 */
import type { CipherSettings } from '../config.ts';

export interface CipherVector {
  readonly name: string;
  readonly cipher: CipherSettings;
  readonly plain: string;
  readonly encrypted: string;
}

const IV = 'BourseWireIv0016';
const KEY_128 = 'BourseWireKey128';
const KEY_192 = 'BourseWireKey192BourseWi';
const KEY_256 = 'BourseWireKey256BourseWireKey256';
const ASCII = '{"uid":"10001","balance":"1234.50"}';
const NON_ASCII = '{"nickname":"交易員 Ünïcödé 🚀"}';

export const CIPHER_VECTORS: readonly CipherVector[] = [
  {
    name: 'AES-128-CBC, ASCII JSON',
    cipher: { mode: 'CBC', key: KEY_128, iv: IV },
    plain: ASCII,
    encrypted: 'lMk47BDI63HdX0JDD3j66JMA0EV/OuVGLJx13/ThZXrzV4ujiAIDW/hK3ub3etGb',
  },
  {
    name: 'AES-128-CBC, empty',
    cipher: { mode: 'CBC', key: KEY_128, iv: IV },
    plain: '',
    encrypted: 'T6GJXhKKkIT9RARY/Ml5oA==',
  },
  {
    name: 'AES-128-CBC, non-ASCII',
    cipher: { mode: 'CBC', key: KEY_128, iv: IV },
    plain: NON_ASCII,
    encrypted: 'pb64UBJVh16ocApT06w+a4tLXfCpwdOh3M+6jZ5PYFv8FFz97NjqywM9oQ4sk2Ri',
  },
  {
    name: 'AES-192-CBC, ASCII JSON',
    cipher: { mode: 'CBC', key: KEY_192, iv: IV },
    plain: ASCII,
    encrypted: '4umDz6TlkUXudex++Bm2fTWXLXhs1yecErh4r2G8Ss5OG/wNhY88jbY9pVrr3XbN',
  },
  {
    name: 'AES-192-CBC, empty',
    cipher: { mode: 'CBC', key: KEY_192, iv: IV },
    plain: '',
    encrypted: 'Vc7ZsCydzMiGSbq/txlapw==',
  },
  {
    name: 'AES-256-CBC, ASCII JSON',
    cipher: { mode: 'CBC', key: KEY_256, iv: IV },
    plain: ASCII,
    encrypted: 'LB5Gf3snUUr0M1/Ru/ihs0u7Hqs/oKkZ0VcnqwLqRl3su62MwQAhgTeplLJduR+Z',
  },
  {
    name: 'AES-256-CBC, empty',
    cipher: { mode: 'CBC', key: KEY_256, iv: IV },
    plain: '',
    encrypted: 'Ci79EClsxr8fHegI09+44Q==',
  },
  {
    name: 'AES-256-CBC, non-ASCII',
    cipher: { mode: 'CBC', key: KEY_256, iv: IV },
    plain: NON_ASCII,
    encrypted: 'bHIs06LHu2dkYWGZsnzojz+i5cwoWzIZhAy5azFuiaLy43KDUpLnHN8W21ooAJsz',
  },
  {
    name: 'AES-128-ECB, ASCII JSON',
    cipher: { mode: 'ECB', key: KEY_128, iv: IV },
    plain: '{"a":1}',
    encrypted: 'f8z4GPi9gZRzsyJczrZGig==',
  },
];

export interface Md5Vector {
  readonly text: string;
  readonly md5hex: string;
}

export const MD5_VECTORS: readonly Md5Vector[] = [
  { text: '', md5hex: 'd41d8cd98f00b204e9800998ecf8427e' },
  { text: 'bourse-guest-v1', md5hex: '4ca812d7b6b9289d0b85bd35adb35111' },
  { text: '交易', md5hex: '2685c0a029761532fc8ebeccc4e39413' },
];

/** A signed guest call and a signed user call. */
export const SIGNATURE_VECTORS = [
  {
    name: 'guest (DEFAULT_TOKEN)',
    sessionToken: null,
    time: 1700000000000,
    uuid: '9b2c4e6f-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
    token: '4ca812d7b6b9289d0b85bd35adb35111' + '41a74406c38b9b1732f7a256616e2ca4',
  },
  {
    name: 'user session',
    sessionToken: 'f3c1a9e2b7d64c0e9a1b2c3d4e5f6a7b',
    time: 1700000000000,
    uuid: '9b2c4e6f-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
    token: '001f9761ccfea42b94d6e02fdfd9c05c' + '41a74406c38b9b1732f7a256616e2ca4',
  },
] as const;

/**
 * A codec is one implementation of the signature header and of the payload cipher
 * (PROTOCOL.md §1 and §2). The browser and the server have their own; fixed test vectors
 * hold them together.
 */
export interface Codec {
  /** lowercase hex MD5 of the UTF-8 string */
  md5hex(text: string): string;
  /** `md5hex(token ?? DEFAULT_TOKEN) + md5hex(String(time) + uuid)` */
  signToken(sessionToken: string | null | undefined, time: number, uuid: string): string;
  /** base64(AES-PKCS7(UTF-8 JSON text)) */
  encrypt(plainText: string): string;
  /** the inverse of `encrypt`; throws when the payload does not decrypt to UTF-8 */
  decrypt(payload: string): string;
}

export interface CodecPrimitives {
  md5hex(text: string): string;
  encrypt(plainText: string): string;
  decrypt(payload: string): string;
}

export function composeCodec(primitives: CodecPrimitives, defaultToken: string): Codec {
  return {
    ...primitives,
    signToken: (sessionToken, time, uuid) =>
      primitives.md5hex(sessionToken ?? defaultToken) + primitives.md5hex(String(time) + uuid),
  };
}

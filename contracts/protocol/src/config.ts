/**
 * Every name PROTOCOL.md marks *(configurable)* lives here, once. Pointing the client and the
 * mock at a backend that uses other names is a change to this file (or, for the key, IV and
 * default token, to run-time configuration that falls back to these defaults).
 */
export const LANGUAGES = ['en', 'zh', 'es', 'pt', 'de', 'fr', 'jp', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Each language's BCP 47 tag (jp and zh are the protocol's own codes): the web's `<html lang>`
 * and number style, and the mock's numbers in its messages, read it from here.
 */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = {
  en: 'en',
  zh: 'zh-Hant',
  es: 'es',
  pt: 'pt',
  de: 'de',
  fr: 'fr',
  jp: 'ja',
  it: 'it',
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const HEADERS = {
  /** The app language; the server answers `msg` in it. */
  language: 'Accept-Language',
  /** The per-install id. */
  uuid: 'uuid',
  /** md5hex(token ?? DEFAULT_TOKEN) + md5hex(String(time) + uuid). */
  token: 'token',
} as const;

/** The three header names, as a backend that names them otherwise would set them. */
export type HeaderNames = { readonly [K in keyof typeof HEADERS]: string };

/** A header name as HTTP allows it (RFC 9110 token), for checking configured names. */
export const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The field every request body carries: the client's clock in ms, taken once per request. */
export const TIME_FIELD = 'time';

/**
 * The query parameter of an invite link that carries the inviter's code (`team/shareInfo`'s
 * link): the register page reads it, and the mock's links carry it.
 */
export const INVITE_CODE_PARAM = 'invite_code';

/** The built-in token a guest signs with. */
export const DEFAULT_TOKEN = 'bourse-guest-v1';

/** How far the client's `time` may be from the server's wall clock. */
export const TIME_WINDOW_MS = 300_000;

export const CIPHER_MODES = ['CBC', 'ECB'] as const;
export type CipherMode = (typeof CIPHER_MODES)[number];

export interface CipherSettings {
  /** Block cipher mode; padding is always PKCS#7 and the output carries no salt header. */
  readonly mode: CipherMode;
  /** UTF-8 key: 16, 24 or 32 characters give AES-128, AES-192 or AES-256. */
  readonly key: string;
  /** UTF-8 IV of 16 characters (ignored by ECB). */
  readonly iv: string;
}

/** Defaults for development and the mock; a deployment sets its own key and IV. */
export const DEFAULT_CIPHER: CipherSettings = {
  mode: 'CBC',
  key: 'BourseWireKey128',
  iv: 'BourseWireIv0016',
};

export interface WireSettings {
  readonly cipher: CipherSettings;
  readonly defaultToken: string;
}

export const DEFAULT_WIRE: WireSettings = { cipher: DEFAULT_CIPHER, defaultToken: DEFAULT_TOKEN };

/** Checks a cipher configuration, so that a wrong key length fails loudly at start-up. */
export function assertCipherSettings(settings: CipherSettings): void {
  const keyBytes = new TextEncoder().encode(settings.key).length;
  if (![16, 24, 32].includes(keyBytes)) {
    throw new Error(`PAYLOAD_KEY must be 16, 24 or 32 bytes of UTF-8, got ${keyBytes}`);
  }
  if (settings.mode !== 'ECB' && new TextEncoder().encode(settings.iv).length !== 16) {
    throw new Error('PAYLOAD_IV must be 16 bytes of UTF-8');
  }
  if (!(CIPHER_MODES as readonly string[]).includes(settings.mode)) {
    throw new Error(`cipher mode must be one of ${CIPHER_MODES.join(', ')}`);
  }
}

/** Request and upload limits shared by client and server. */
export const LIMITS = {
  /** Largest request body the server accepts, in bytes (an avatar data URL fits). */
  bodyBytes: 1_048_576,
  /** Largest avatar data URL, in characters. */
  avatarChars: 700_000,
  /** Largest socket frame, in bytes. */
  socketFrameBytes: 16_384,
  /** Request timeout, ms (SPEC.md §9). */
  requestTimeoutMs: 60_000,
} as const;

// Plain data, no imports: the web build reads it too (index.html's preload script), and the
// mock's single-use sign-in page writes a session under these keys.

/**
 * The client state kept in local storage: the list of SPEC.md §3, each under one key, and the
 * few keys of our own marked below.
 * The model that owns a value persists its store with `persistLocal`; the defaults live with
 * those stores (see `CLIENT_DEFAULTS`).
 */
export const STORAGE_KEYS = {
  uuid: 'uuid',
  token: 'token',
  apiType: 'api_type',
  appVersion: 'app_version',
  isLogin: 'is_login',
  language: 'app_language',
  userInfo: 'user_info',
  rememberPassword: 'remember_password',
  rememberInfo: 'remember_info',
  selectedSymbol: 'selected_symbol',
  currency: 'currency',
  accountType: 'account_type',
  theme: 'theme',
  data24h: 'data_24h',
  leverageId: 'leverage_id',
  inviteCode: 'invite_code',
  /** not in SPEC.md §3: the Market screen's favourite symbols (ids), kept on this device */
  favourites: 'favourites',
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

/** Defaults of SPEC.md §3 and §9. */
export const CLIENT_DEFAULTS = {
  apiType: 'app',
  appVersion: '1.0.1',
  language: 'en',
  theme: 'day',
  accountType: 'real',
  currency: 'USD',
} as const;

/** What every key is kept under. */
export const PREFIX = 'bourse.';

/** The raw key in local storage (for tests and support). */
export const storageKey = (key: StorageKey): string => `${PREFIX}${STORAGE_KEYS[key]}`;

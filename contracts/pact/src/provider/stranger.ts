/**
 * For tests: the mock started as a stranger to our defaults, as a real backend would be: its
 * own key, IV and cipher mode, its own header names and guest token, encryption on. `ARGS` are
 * the verify:backend options that describe it.
 */
import type { AppOptions } from '@bourse/mock-server';

export const STRANGER = {
  key: 'AnotherBackendKey-24byte',
  iv: 'AnotherBackendIv',
  mode: 'ECB',
  defaultToken: 'stranger-guest-2026',
  headers: { language: 'X-Lang', uuid: 'X-Device', token: 'X-Sign' },
} as const;

export const strangerOptions: AppOptions = {
  dataDir: null,
  encrypt: true,
  scenario: 'empty',
  passwordCost: 1024,
  marketTickMs: 0,
  wire: {
    cipher: { key: STRANGER.key, iv: STRANGER.iv, mode: STRANGER.mode },
    defaultToken: STRANGER.defaultToken,
  },
  headers: STRANGER.headers,
};

/** The command line that describes the stranger to verify:backend. */
export const strangerArgs = (url: string): string[] => [
  '--url',
  url,
  '--key',
  STRANGER.key,
  '--iv',
  STRANGER.iv,
  '--mode',
  STRANGER.mode.toLowerCase(),
  '--default-token',
  STRANGER.defaultToken,
  '--header-uuid',
  STRANGER.headers.uuid,
  '--header-token',
  STRANGER.headers.token,
  '--header-language',
  STRANGER.headers.language,
];

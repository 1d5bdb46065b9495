import { DEFAULT_WIRE, type WireSettings } from '../config.ts';
import { createBrowserCodec } from './browser.ts';
import type { Codec } from './types.ts';

/**
 * A codec that signs like the browser's but leaves payloads in the clear: the injection
 * point Pact consumer tests use, so that contracts record readable JSON.
 */
export function createPlainCodec(settings: WireSettings = DEFAULT_WIRE): Codec {
  const signing = createBrowserCodec(settings);
  return { ...signing, encrypt: (text) => text, decrypt: (text) => text };
}

import type { StoreWritable, Unit } from 'effector';
import { persist } from 'effector-storage/local';
import type { z } from 'zod';
import { appStarted } from '#shared/lib';
import { PREFIX, STORAGE_KEYS, type StorageKey } from './keys.ts';

export { CLIENT_DEFAULTS, STORAGE_KEYS, storageKey, type StorageKey } from './keys.ts';

/**
 * Keeps a store in local storage under its SPEC key. The stored value is read when the app
 * starts (in its scope) and checked against `schema`: a value that does not fit is ignored.
 * A model whose code loads later than the app start (a lazily loaded page) names the units that
 * should read it again, such as its page gate's `open`.
 */
export function persistLocal<T>(
  store: StoreWritable<T>,
  key: StorageKey,
  schema: z.ZodType<T>,
  readAgainOn: readonly Unit<unknown>[] = [],
): void {
  persist({
    store,
    key: STORAGE_KEYS[key],
    keyPrefix: PREFIX,
    contract: schema,
    pickup: [appStarted, ...readAgainOn],
  });
}

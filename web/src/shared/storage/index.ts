import { createEvent, type Store, type StoreWritable, type Unit } from 'effector';
import { persist } from 'effector-storage/local';
import type { z } from 'zod/mini';
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
  schema: z.ZodMiniType<T>,
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

/**
 * Writes a derived store under its SPEC key, for whoever reads the device's keys, and never reads
 * it back: what it is derived from is kept itself, so there is one copy of the truth.
 */
export function mirrorLocal<T>(store: Store<T>, key: StorageKey, schema: z.ZodMiniType<T>): void {
  persist({
    source: store,
    target: createEvent<T>(),
    key: STORAGE_KEYS[key],
    keyPrefix: PREFIX,
    contract: schema,
    pickup: appStarted,
  });
}

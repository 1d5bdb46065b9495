import { createEffect, createEvent, sample } from 'effector';
import { appStarted } from '#shared/lib';
import { storageKey } from '#shared/storage';

/**
 * The login form's "Remember me" keeps the account (an e-mail, or a phone number and its
 * country) on this device, never a password: the browser's password manager keeps that. The
 * login page owns what is remembered; the moments that forget it (a password reset, a deleted
 * account, a log out with "Forget me") belong to other pages, so they meet here.
 */
export const rememberedAccountForgotten = createEvent();

type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Forgets the remembered account in storage, whether or not the login page's code is loaded. */
export function forgetRememberedAccount(storage: KeptStorage): void {
  storage.removeItem(storageKey('rememberInfo'));
  storage.removeItem(storageKey('rememberPassword'));
}

/**
 * Versions before 1.0.2 kept the password itself, in clear, with the remembered account: it is
 * taken out (the account stays remembered). Anything unreadable there is dropped as a whole.
 */
export function dropKeptPassword(storage: KeptStorage): void {
  const key = storageKey('rememberInfo');
  const raw = storage.getItem(key);
  if (raw === null) return;
  let kept: unknown;
  try {
    kept = JSON.parse(raw);
  } catch {
    storage.removeItem(key);
    return;
  }
  if (typeof kept !== 'object' || kept === null || !('password' in kept)) return;
  const account: Record<string, unknown> = { ...kept };
  delete account['password'];
  storage.setItem(key, JSON.stringify(account));
}

/** Reading or writing storage may throw (privacy modes): then there is nothing kept to clean. */
const withStorage = (use: (storage: KeptStorage) => void) => () => {
  try {
    use(localStorage);
  } catch {
    // nothing kept, nothing to forget
  }
};

export const forgetRememberedAccountFx = createEffect(withStorage(forgetRememberedAccount));
export const dropKeptPasswordFx = createEffect(withStorage(dropKeptPassword));

sample({ clock: rememberedAccountForgotten, target: forgetRememberedAccountFx });
sample({ clock: appStarted, target: dropKeptPasswordFx });

import type { Store } from 'effector';
import { useUnit } from 'effector-react';
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

/**
 * False while the build prerenders a screen and while the app hydrates it, true from the render
 * after (and at once on a screen drawn in the browser alone). A part of a screen that draws what
 * the server cannot know (what this device keeps: the user, cached prices, the chosen symbol)
 * draws its placeholder while false, so the prerendered frame and the app's first draw match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, inBrowser, onServer);
}

/**
 * A store's value as a screen may draw it: what the device keeps (the user, the account mode, the
 * chosen symbol) only once hydrated, the store's first value before, as the build drew it.
 */
export function useKept<T>(store: Store<T>): T {
  const value = useUnit(store);
  return useHydrated() ? value : store.defaultState;
}

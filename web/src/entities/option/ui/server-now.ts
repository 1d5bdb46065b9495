import { useUnit } from 'effector-react';
import { useSyncExternalStore } from 'react';
import { $serverOffset } from '../model/server-clock.ts';

/** How often a countdown is drawn again; what it shows is read from the clock each time. */
const TICK_MS = 500;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let lastTick = Date.now();

const tick = () => {
  lastTick = Date.now();
  for (const listener of listeners) listener();
};

// A tab that comes back from the background draws at once: its timers were held back meanwhile.
const onVisibility = () => {
  if (document.visibilityState === 'visible') tick();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    lastTick = Date.now();
    timer = setInterval(tick, TICK_MS);
    document.addEventListener('visibilitychange', onVisibility);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
      document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}

const snapshot = () => lastTick;

/**
 * The server's time now, in ms: this device's clock plus the offset measured from the server's
 * replies. The component re-renders twice a second while mounted and at once when the page shows
 * again; each draw reads the clock, so nothing counts down by itself and nothing drifts.
 */
export function useServerNow(): number {
  const offset = useUnit($serverOffset);
  return useSyncExternalStore(subscribe, snapshot, snapshot) + offset;
}

import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const subscribe = (changed: () => void) => {
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', changed);
  return () => {
    query.removeEventListener('change', changed);
  };
};

/** Whether the user asked the system for less motion (no autoplay, no scrolling text). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}

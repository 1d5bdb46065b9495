/**
 * Runs `run` once the page has drawn and the main thread is free, within three seconds at most;
 * a second later on Safari, which has no requestIdleCallback. For work the first screen does not
 * draw but the next action will want loaded.
 */
export function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, { timeout: 3_000 });
  else window.setTimeout(run, 1_000);
}

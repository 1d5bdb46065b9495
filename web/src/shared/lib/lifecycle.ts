import { createEvent } from 'effector';

/** The app has started in its scope: stored state is read, the session resumes. */
export const appStarted = createEvent();

/**
 * The page was hidden or is being left (`visibilitychange` to hidden, `pagehide`): data kept
 * locally but written lazily is written now, as the page may not run again (a phone may discard
 * a hidden tab without unload events).
 */
export const pageHidden = createEvent();

import { createEvent } from 'effector';

/** The app has started in its scope: stored state is read, the session resumes. */
export const appStarted = createEvent();

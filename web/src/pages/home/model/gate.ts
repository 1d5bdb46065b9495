import { createGate } from 'effector-react';

/** The home screen is on screen. */
export const HomeGate = createGate<Record<string, never>>('HomeGate');

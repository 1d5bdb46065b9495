import { PATHS } from './paths.ts';

/** Where a user lands after signing in: the home screen. */
export const LANDING_PATH = PATHS.home;

import { PATHS } from './paths.ts';

/**
 * Where a user lands after signing in. The personal centre until the home screen (Market
 * milestone) is registered; then it becomes PATHS.home.
 */
export const LANDING_PATH = PATHS.user;

/**
 * The user domains' tests stand on the shared engine world (engine/testing.ts), with real
 * (cheapened) scrypt: a user's record must show a hash, never the password.
 */
import { createPasswordHasher } from '../passwords.ts';
import { engineWorld } from '../testing.ts';

export { PASSWORD, refusalOf, START } from '../testing.ts';

export const userWorld = () => engineWorld({ hasher: createPasswordHasher(1024) });

import { $userInfo } from '#shared/session';
import { persistLocal } from '#shared/storage';
import { idString } from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import { z } from 'zod/mini';
import { symbolsRequested } from './symbols.ts';

/** The star of a symbol was tapped: adds it to the favourites, or takes it out. */
export const favouriteToggled = createEvent<string>();

/** Whose favourites are shown: the signed-in user's id ('' for a guest). */
const $owner = $userInfo.map((user) => user?.user_id ?? '');

/**
 * Each user's favourite symbols on this device, by user id: two people sharing a phone each
 * keep their own. (A list stored by an older build, for nobody in particular, does not fit and
 * is dropped.)
 */
const $favouritesByUser = createStore<Readonly<Record<string, readonly string[]>>>({});
persistLocal(
  $favouritesByUser,
  'favourites',
  z.readonly(z.record(z.string(), z.readonly(z.array(idString)))),
  [symbolsRequested],
);

/** Ids of the signed-in user's favourite symbols, in the order they were added. */
export const $favourites = combine(
  $favouritesByUser,
  $owner,
  (byUser, owner): readonly string[] => byUser[owner] ?? [],
);

sample({
  clock: favouriteToggled,
  source: { byUser: $favouritesByUser, owner: $owner, ids: $favourites },
  fn: ({ byUser, owner, ids }, id) => ({
    ...byUser,
    [owner]: ids.includes(id) ? ids.filter((kept) => kept !== id) : [...ids, id],
  }),
  target: $favouritesByUser,
});

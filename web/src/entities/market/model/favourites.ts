import { persistLocal } from '#shared/storage';
import { idString } from '@bourse/protocol';
import { createEvent, createStore } from 'effector';
import { z } from 'zod';
import { symbolsRequested } from './symbols.ts';

/** The star of a symbol was tapped: adds it to the favourites, or takes it out. */
export const favouriteToggled = createEvent<string>();

/** Ids of the favourite symbols, in the order they were added; kept on this device. */
export const $favourites = createStore<readonly string[]>([]).on(favouriteToggled, (ids, id) =>
  ids.includes(id) ? ids.filter((kept) => kept !== id) : [...ids, id],
);
persistLocal($favourites, 'favourites', z.array(idString).readonly(), [symbolsRequested]);

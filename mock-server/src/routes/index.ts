import { accountHandlers } from './account.ts';
import { authHandlers } from './auth.ts';
import { contentHandlers } from './content.ts';
import { servedHandlers } from '../domains.ts';
import { endpoints, type Endpoint } from '@bourse/protocol';
import type { Handlers } from './handlers.ts';
import { marketHandlers } from './market.ts';
import { teamHandlers } from './team.ts';
import { userHandlers } from './user.ts';

/**
 * Every domain the mock serves. `satisfies` (not an annotation) keeps which domains these are in
 * the type, so tests can demand a row for every served call at compile time.
 */
export const handlers = {
  auth: authHandlers,
  user: userHandlers,
  index: contentHandlers,
  market: marketHandlers,
  account: accountHandlers,
  team: teamHandlers,
  ...servedHandlers(),
} satisfies Handlers;

/** The domains the mock answers; the calls of any other domain get 404. */
export type ServedDomain = keyof typeof handlers;

/** Every call the mock answers, from the handler table: what the fuzz and the coverage read. */
export const servedEndpoints: readonly Endpoint[] = (
  Object.keys(handlers) as ServedDomain[]
).flatMap((domain) => Object.values(endpoints[domain]) as Endpoint[]);

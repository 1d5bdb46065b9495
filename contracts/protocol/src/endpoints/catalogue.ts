import { account } from './account.ts';
import { auth } from './auth.ts';
import { contract } from './contract.ts';
import { digits } from './digits.ts';
import type { Endpoint } from './endpoint.ts';
import { index } from './index.ts';
import { ipo, market } from './market.ts';
import { options } from './options.ts';
import { team } from './team.ts';
import { user } from './user.ts';

/**
 * Every endpoint, by domain. Paths are exactly those of SPEC.md §7, plus the few marked `extra`
 * (IPO offerings) that a screen needs and §7 does not list.
 * The mock server's handler table is typed against this object.
 */
export const endpoints = {
  auth,
  user,
  index,
  market: { ...market, ...ipo },
  options,
  contract,
  account,
  team,
  digits,
} as const;

export type Endpoints = typeof endpoints;
export type Domain = keyof Endpoints;

/** Every endpoint as a flat list, for tables and table-driven tests. */
export const allEndpoints: readonly Endpoint[] = Object.values(endpoints).flatMap(
  (domain) => Object.values(domain) as Endpoint[],
);

export const endpointByPath: ReadonlyMap<string, Endpoint> = new Map(
  allEndpoints.map((entry) => [entry.path, entry]),
);

import * as endpoints from './domains.ts';
import type { Endpoint } from './endpoint.ts';

/**
 * Every endpoint, by domain. Paths are exactly those of SPEC.md §7, plus the few marked `extra`
 * (IPO offerings) that a screen needs and §7 does not list.
 * The mock server's handler table is typed against this object. It is a module namespace, so that
 * a bundle carries only the domains its code reads (`endpoints.auth.login`).
 */
export { endpoints };

export type Endpoints = typeof endpoints;
export type Domain = keyof Endpoints;

const listOf = (catalogue: Endpoints): readonly Endpoint[] =>
  Object.values(catalogue).flatMap((domain) => Object.values(domain) as Endpoint[]);

const indexByPath = (list: readonly Endpoint[]): ReadonlyMap<string, Endpoint> =>
  new Map(list.map((entry) => [entry.path, entry]));

// Built by pure calls, so that a bundle that does not read them does not keep every domain.
/** Every endpoint as a flat list, for tables and table-driven tests. */
export const allEndpoints: readonly Endpoint[] = /* @__PURE__ */ listOf(endpoints);

export const endpointByPath: ReadonlyMap<string, Endpoint> =
  /* @__PURE__ */ indexByPath(allEndpoints);

import type { PushFunc } from '@bourse/protocol';
import type { DomainName } from './engine/domains.ts';
import { servedContracts } from './domains/contracts.ts';
import { servedDigits } from './domains/digits.ts';
import { servedOptions } from './domains/options.ts';
import type { ServedEntry } from './domains/served.ts';

/**
 * Each engine domain (engine/domains.ts) as the mock serves it: its calls, its pushes and its
 * control routes, declared in domains/<name>.ts (domains/served.ts says what). The type asks for
 * one entry per engine domain, so a domain added to the engine and not served does not compile;
 * the handler table, the socket feed and the control API take theirs from here.
 */
export const SERVED = {
  contracts: servedContracts,
  options: servedOptions,
  digits: servedDigits,
} as const satisfies { [K in DomainName]: ServedEntry<K> };

/**
 * The same entries, typed per domain: `SERVED_ENTRIES[name]` for a generic `name` is that
 * domain's entry (its push takes that domain's events), which a loop over the domains needs.
 */
export const SERVED_ENTRIES: { readonly [K in DomainName]: ServedEntry<K> } = SERVED;

/** the served domains' handler tables, by the wire domain each answers */
export type ServedHandlers = {
  [K in DomainName as (typeof SERVED)[K]['wire']]: (typeof SERVED)[K]['handlers'];
};

/** every func the served domains push (the contract coverage reads them here) */
export const servedPushes = (): PushFunc[] => [
  ...new Set(Object.values(SERVED).flatMap((served) => served.pushes)),
];

export const servedHandlers = (): ServedHandlers => {
  const table: Record<string, object> = {};
  for (const served of Object.values(SERVED)) table[served.wire] = served.handlers;
  return table as ServedHandlers;
};

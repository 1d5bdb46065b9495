import type { PushFunc } from '@bourse/protocol';
import type { DomainName } from './engine/domains.ts';
import { servedContracts } from './domains/contracts.ts';
import type { ServedEntry } from './domains/served.ts';

/**
 * Each engine domain (engine/domains.ts) as the mock serves it: its calls, its pushes and its
 * control routes, declared in domains/<name>.ts (domains/served.ts says what). The type asks for
 * one entry per engine domain, so a domain added to the engine and not served does not compile;
 * the handler table, the socket feed and the control API take theirs from here.
 */
export const SERVED = {
  contracts: servedContracts,
} as const satisfies { [K in DomainName]: ServedEntry<K> };

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

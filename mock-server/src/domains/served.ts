import type { Domain, PushFunc } from '@bourse/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DomainApis, DomainEvents, DomainName } from '../engine/domains.ts';
import type { Exchange } from '../engine/exchange.ts';
import type { DomainHandlers } from '../routes/handlers.ts';

/** A push: to one user's own sockets, or to every socket subscribed to a public topic. */
export type DomainPush =
  | { userId: string; func: PushFunc; data: unknown }
  | { topic: string; func: PushFunc; data: unknown };

/** The control API as a domain's routes see it: zod-typed, under /__control. */
export const zodApi = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export type ControlApi = ReturnType<typeof zodApi>;

/**
 * What an engine domain is outside the engine: the /api/<Domain>/ calls it answers, where each
 * of its events is pushed, and its control API routes. Declared once per domain, beside its
 * handlers; the list in ../domains.ts must hold one for every engine domain (engine/domains.ts),
 * or the mock does not compile.
 */
export interface ServedDomain<K extends DomainName, W extends Domain> {
  /** the wire's domain whose calls it answers */
  readonly wire: W;
  readonly handlers: DomainHandlers<W>;
  /** every func it pushes (what the contract coverage reads; the feed refuses any other) */
  readonly pushes: readonly PushFunc[];
  /** a domain event as a push (to its user, or to a public topic), or null when it is not pushed */
  readonly push: (event: DomainEvents[K]) => DomainPush | null;
  /** its routes in the control API (reads QA needs), given the domain's api */
  readonly control?: (api: ControlApi, domain: DomainApis[K], exchange: Exchange) => void;
}

export const defineServed = <K extends DomainName, W extends Domain>(
  served: ServedDomain<K, W>,
): ServedDomain<K, W> => served;

/** What the list in ../domains.ts checks of each entry (its handlers are checked where declared). */
export interface ServedEntry<K extends DomainName> {
  readonly wire: Domain;
  readonly handlers: object;
  readonly pushes: readonly PushFunc[];
  readonly push: (event: DomainEvents[K]) => DomainPush | null;
  readonly control?: (api: ControlApi, domain: DomainApis[K], exchange: Exchange) => void;
}

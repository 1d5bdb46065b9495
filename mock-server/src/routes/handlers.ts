import type { Domain, Endpoint, Endpoints, Language, ParsedRequestOf } from '@bourse/protocol';
import type { z } from 'zod';
import type { Exchange } from '../engine/exchange.ts';
import type { UserRecord } from '../engine/state.ts';

/** What a handler knows of the call besides its fields. */
export interface CallContext {
  readonly exchange: Exchange;
  readonly language: Language;
  /** the signed-in user, or null for a guest */
  readonly user: UserRecord | null;
  /** the MD5 of the session token the call was signed with, or null for a guest */
  readonly tokenMd5: string | null;
  /** who is calling, for rate limits (the client's IP address) */
  readonly client: string;
}

/** A call that needs a user gets one: the wire answers 401 before a handler sees a guest. */
export interface UserCallContext extends CallContext {
  readonly user: UserRecord;
  readonly tokenMd5: string;
}

export type Handler<E extends Endpoint> = (
  body: ParsedRequestOf<E>,
  context: E['auth'] extends 'user' ? UserCallContext : CallContext,
) => z.input<E['response']> | Promise<z.input<E['response']>>;

export type DomainHandlers<D extends Domain> = {
  readonly [K in keyof Endpoints[D]]: Endpoints[D][K] extends Endpoint
    ? Handler<Endpoints[D][K]>
    : never;
};

/**
 * The handler table, by domain: a domain that is served must answer every one of its calls, or
 * the mock does not compile. Domains of later milestones are not served yet (their calls get 404).
 */
export type Handlers = { readonly [D in Domain]?: DomainHandlers<D> };

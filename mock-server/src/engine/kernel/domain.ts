import type Decimal from 'decimal.js';
import type { Ledger } from '../ledger/ledger.ts';
import type { Requests } from '../ledger/requests.ts';
import type { Market } from '../market/market.ts';
import type { StateStore } from '../state.ts';
import type { Users } from '../users/users.ts';
import type { EngineClock, PriceWatcher } from './clockwork.ts';

/** What every domain is built on: the exchange's shared services. */
export interface DomainServices {
  /** the one state (its core part), the moment being settled, and `changed()` */
  readonly store: StateStore;
  /** the engine's time: now, and due work to schedule */
  readonly clock: EngineClock;
  readonly users: Users;
  readonly ledger: Ledger;
  readonly requests: Requests;
  readonly market: Market;
  /** random bytes from a secure source (the operating system's; a seeded one in tests) */
  readonly randomBytes: (size: number) => Uint8Array;
  /** pays the invite rewards on a real trading fee */
  readonly rewardFee: (payerId: string, fee: Decimal.Value, refId: string) => void;
}

/** A built domain: what the outside calls, and what the engine's time needs of it. */
export interface DomainParts<Api extends object, Event> {
  /** the calls the routes, the feeds and the control API make (served settled up to now) */
  readonly api: Api;
  /** its pushes: calls `listener` on each change worth telling a user about; returns stop */
  readonly onEvent: (listener: (event: Event) => void) => () => void;
  /**
   * Puts its due work (`services.clock.schedule`) and price watches back from its slice: after a
   * scenario load or a restore, when nothing is scheduled. Work found overdue runs once.
   */
  readonly reschedule: () => void;
  /** the prices it watches (resting orders, triggers, an option's expiry), if any */
  readonly watcher?: PriceWatcher;
  /**
   * Whether the user has something open in it that the clock or a price will still settle (a
   * position, a resting order, a running option): an account is not closed under it.
   */
  readonly holdsOpen: (userId: string) => boolean;
}

/**
 * An engine domain, declared once: its slice of the state (the key it lives under is its name
 * in engine/domains.ts) and how it is built. The exchange makes the slice of a new scenario,
 * gives a state saved before the domain existed an empty one, builds the domain on the shared
 * services, watches its prices, reschedules it after every load, and serves its api.
 */
export interface EngineDomain<Slice, Api extends object, Event> {
  /** its part of a new scenario's state (plain JSON) */
  readonly initial: () => Slice;
  readonly create: (services: DomainServices, slice: () => Slice) => DomainParts<Api, Event>;
}

/** Declares a domain, keeping its slice, api and event types. */
export const defineDomain = <Slice, Api extends object, Event>(
  domain: EngineDomain<Slice, Api, Event>,
): EngineDomain<Slice, Api, Event> => domain;

type Built<D> = D extends { create: (...args: never[]) => infer P } ? P : never;
export type SliceOf<D> = D extends { initial: () => infer S } ? S : never;
export type ApiOf<D> = Built<D> extends { api: infer A } ? A : never;
export type EventOf<D> =
  Built<D> extends { onEvent: (listener: (event: infer E) => void) => unknown } ? E : never;

/**
 * Helpers for the order desk's tests: a refusal checked against the whole state, and the
 * ledger transactions an order booked.
 */
import { expect } from 'vitest';
import type { EngineError } from '../errors.ts';
import type { Exchange } from '../exchange.ts';
import { refusal } from './testing.ts';

/** The whole state as persisted, settled up to now first (as every call is). */
export const settledState = (exchange: Exchange): unknown => {
  exchange.time.serve(() => undefined);
  return JSON.parse(JSON.stringify(exchange.live())) as unknown;
};

/** The EngineError a call throws, after checking that it left the whole state as it was. */
export const refusedUnchanged = (exchange: Exchange, call: () => unknown): EngineError => {
  const before = settledState(exchange);
  const error = refusal(call);
  expect(JSON.parse(JSON.stringify(exchange.live()))).toEqual(before);
  return error;
};

/** The ledger transactions booked for an order (by its order number): kind and ref, in order. */
export const bookedFor = (exchange: Exchange, orderNo: string) =>
  exchange
    .live()
    .ledger.transactions.filter((transaction) => transaction.ref_id === orderNo)
    .map((transaction) => transaction.kind);

/**
 * The matchers the contracts are written with. A reply is matched on the shape the web client
 * reads (the endpoint's response schema), never on values a real backend may legitimately
 * answer differently: ids, names, times and amounts are matched by type or by format.
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { EXAMPLE_TIME } from '../pact.ts';

export const {
  like,
  eachLike,
  integer,
  boolean,
  regex,
  equal,
  arrayContaining,
  fromProviderState,
} = MatchersV3;

/**
 * The example a value with matchers stands for (MatchersV3.reify, which leaves `arrayContaining`
 * as it is: its example is its variants, in order).
 */
export function reify(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(reify);
  if (typeof input !== 'object' || input === null) return input;
  const record = input as Record<string, unknown>;
  const variants = record['variants'];
  if (record['pact:matcher:type'] === 'arrayContains' && Array.isArray(variants)) {
    return variants.map(reify);
  }
  if ('pact:matcher:type' in record) return MatchersV3.reify(record);
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, reify(value)]));
}

/** A string; its content is the provider's business. */
export const text = (example: string) => like(example);

/** An id: a string (PROTOCOL.md §4), whatever its content. */
export const id = (example: string) => like(example);

/** A decimal string, as amounts, prices and rates travel (the protocol's `decimalString`). */
export const decimal = (example: string) => regex(/^-?\d+(\.\d+)?$/, example);

/** Times are integer milliseconds since the epoch. */
export const millis = (example: number = EXAMPLE_TIME) => integer(example);

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One value of an enumeration the client's schema knows. */
export const oneOf = <const T extends string>(values: readonly T[], example: NoInfer<T>) =>
  regex(new RegExp(`^(${values.map(escapeRegExp).join('|')})$`), example);

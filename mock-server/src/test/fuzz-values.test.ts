import { allEndpoints, decimalString, endpoints, idString } from '@bourse/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  absurdDecimal,
  brokenBodyOf,
  hostileBodyOf,
  isDecimalField,
  isPoisoned,
  jsonSchemaOf,
  validBodyOf,
} from './fuzz-values.ts';

const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns = 60) =>
  fc.sample(arbitrary, { numRuns, seed: 7 });

// Every call of the catalogue, served or not yet: the fuzz takes each one as soon as it is served.
describe.each(allEndpoints.map((entry) => [entry.path, entry] as const))('%s', (_path, entry) => {
  const schema = jsonSchemaOf(entry.request);

  it('gets bodies its request schema accepts', () => {
    const accepted = sample(validBodyOf(entry)).filter(
      (body) => entry.request.safeParse(body).success,
    );
    // most of them: a call refused at its fields would never reach its handler
    expect(accepted.length).toBeGreaterThan(20);
  });

  it('gets only bodies its request schema refuses when they are meant to be broken', () => {
    const broken = brokenBodyOf(schema);
    if (!broken) return;
    const accepted = sample(broken).filter((body) => entry.request.safeParse(body).success);
    expect(accepted).toEqual([]);
  });
});

describe('poisoned bodies', () => {
  it('are told by a __proto__ key or a constructor.prototype, at any depth', () => {
    expect(isPoisoned(JSON.parse('{"a":{"__proto__":{}}}'))).toBe(true);
    expect(isPoisoned(JSON.parse('{"constructor":{"prototype":{}}}'))).toBe(true);
    expect(isPoisoned(JSON.parse('{"constructor":"x","proto":1}'))).toBe(false);
  });
});

describe('amounts', () => {
  it('tells a field that holds a number written as a string', () => {
    const field = (schema: z.core.$ZodType) =>
      jsonSchemaOf(z.object({ value: schema })).properties?.['value'];
    expect(isDecimalField(field(decimalString)!)).toBe(true);
    expect(isDecimalField(field(idString)!)).toBe(false);
    expect(isDecimalField(field(z.string().regex(/^\d{6}$/))!)).toBe(false);
  });

  it('puts negative and absurd amounts into the decimal fields of a money call', () => {
    const withAmount = allEndpoints.find((entry) =>
      Object.values(jsonSchemaOf(entry.request).properties ?? {}).some(isDecimalField),
    );
    expect(withAmount).toBeDefined();
    const schema = jsonSchemaOf(withAmount!.request);
    const [field] = Object.entries(schema.properties ?? {}).find(([, value]) =>
      isDecimalField(value),
    )!;
    const amounts = sample(hostileBodyOf(schema), 300).map((body) => body[field]);
    expect(amounts.some((amount) => typeof amount === 'string' && amount.startsWith('-'))).toBe(
      true,
    );
    expect(amounts.some((amount) => typeof amount === 'string' && amount.length > 100)).toBe(true);
    // every absurd amount is one the wire's own schema refuses or the engine must judge
    expect(sample(absurdDecimal).length).toBeGreaterThan(0);
  });

  it('keeps a field the catalogue names', () => {
    expect(Object.keys(jsonSchemaOf(endpoints.market.getSymbol.request).properties ?? {})).toEqual([
      'symbol_id',
    ]);
  });
});

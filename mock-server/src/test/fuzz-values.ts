/**
 * Values for the protocol fuzz, derived from a call's request schema (through zod's JSON Schema
 * output, so that any call a later issue adds is covered without new code): bodies the schema
 * accepts, bodies it refuses, and the hostile strings and absurd amounts a client could send.
 * zod-fast-check would do the first part, but it supports neither zod 4 nor fast-check 4.
 */
import fc from 'fast-check';
import { z } from 'zod';

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** The part of JSON Schema zod's output uses for request bodies. */
export interface JsonSchema {
  readonly type?: JsonType;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly items?: JsonSchema;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly default?: unknown;
}

/** A request schema as JSON Schema: what a client may send (defaults make fields optional). */
export const jsonSchemaOf = (schema: z.core.$ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

export type Body = Record<string, unknown>;

// ---- hostile text ------------------------------------------------------------------------

const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];
const BIDI = ['\u202e', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069', '\u200f'];

/** Strings that have broken servers: markup, SQL, path tricks, odd and broken Unicode. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    "' OR '1'='1' --",
    '1; DROP TABLE users; --',
    '" UNION SELECT password FROM users --',
    '${7*7}{{7*7}}<%= 7*7 %>',
    '../../../../etc/passwd',
    '%00%2e%2e%2f',
    '\u0000',
    '__proto__',
    'constructor',
    '\ud800',
    '\udfff',
    'a\ud83dz',
    '\u202eevil\u202c.exe',
    'مرحبا بالعالم',
    'שלום\u200f',
    '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦 🏳️‍🌈',
    'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
    '\r\n\t\v\f',
    ' ',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  // a lone surrogate, and zero-width or direction marks, inside otherwise plain text
  fc
    .tuple(
      fc.string({ maxLength: 10 }),
      fc.oneof(
        fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
        fc.constantFrom(...ZERO_WIDTH, ...BIDI),
      ),
      fc.string({ maxLength: 10 }),
    )
    .map((parts) => parts.join('')),
);

/** Amounts and prices no one should be able to enter, written as decimal strings. */
export const absurdDecimal: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '-1',
    '-0.00000001',
    '-0',
    '0',
    '0.000000000',
    '1e308',
    '1E-9',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '1,000.00',
    ' 1 ',
    '+1',
    '.5',
    '5.',
    '1.123456789',
    '１２３',
    '١٢٣',
    '9'.repeat(400),
    `0.${'0'.repeat(300)}1`,
  ),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.tuple(fc.nat(), fc.nat()).map(([whole, part]) => `-${String(whole)}.${String(part)}`),
);

/** Numbers at the edges: negative, zero, huge, unsafe, fractional. */
export const absurdNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, -0.5, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Whether a string field holds a number (an amount, a price, a quantity). */
export const isDecimalField = (schema: JsonSchema): boolean =>
  schema.type === 'string' &&
  schema.pattern !== undefined &&
  new RegExp(schema.pattern).test('1') &&
  new RegExp(schema.pattern).test('12.5');

// ---- values the schema accepts ------------------------------------------------------------

const INT32 = 2 ** 31 - 1;

const patternsOf = (schema: JsonSchema): string[] => [
  ...(schema.pattern === undefined ? [] : [schema.pattern]),
  ...(schema.allOf ?? []).flatMap((part) => (part.pattern === undefined ? [] : [part.pattern])),
];

const stringArbitrary = (schema: JsonSchema): fc.Arbitrary<string> => {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 24, Math.max(minLength, 24));
  const [first, ...others] = patternsOf(schema);
  if (first === undefined) return fc.string({ minLength, maxLength });
  // the first pattern shapes the string; any further ones (allOf) are met by appending a match
  return fc
    .tuple(
      fc.stringMatching(
        new RegExp(first),
        schema.maxLength === undefined ? {} : { maxLength: schema.maxLength },
      ),
      ...others.map((pattern) => fc.stringMatching(new RegExp(pattern), { maxLength: 4 })),
    )
    .map((parts) => parts.join(''));
};

const integerArbitrary = (schema: JsonSchema): fc.Arbitrary<number> => {
  const min = Math.max(schema.minimum ?? -INT32, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? INT32, Number.MAX_SAFE_INTEGER);
  const small = fc.integer({ min: Math.max(min, -INT32), max: Math.min(max, INT32) });
  return min >= -INT32 && max <= INT32 ? small : fc.oneof(small, fc.constantFrom(min, max));
};

/** Values the JSON Schema describes (refinements it cannot express may still refuse them). */
export function valueOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(valueOf));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e12,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e12,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? valueOf(schema.items) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'object':
      return bodyOf(schema);
    case undefined:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Objects the schema accepts: every required field, and any of the optional ones. */
export function bodyOf(schema: JsonSchema): fc.Arbitrary<Body> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, field]) => [key, valueOf(field)]),
  );
  return fc.record(model, { requiredKeys: [...(schema.required ?? [])] });
}

/**
 * Bodies a call accepts: from its schema, and from the catalogue's example with some fields
 * swapped for generated ones (refinements JSON Schema cannot carry, such as login's "an e-mail or
 * a phone number", refuse most purely generated bodies; the example reaches the handler).
 */
export function validBodyOf(entry: {
  readonly request: z.core.$ZodType;
  readonly example: { readonly request: unknown };
}): fc.Arbitrary<Body> {
  const schema = jsonSchemaOf(entry.request);
  const example = entry.example.request as Body;
  const properties = schema.properties ?? {};
  const mixed = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, field]) => [
        key,
        key in example ? fc.oneof(fc.constant(example[key]), valueOf(field)) : valueOf(field),
      ]),
    ),
    { requiredKeys: Object.keys(properties).filter((key) => key in example) },
  );
  return fc.oneof(bodyOf(schema), fc.constant(example), mixed);
}

/** Whether a JSON body carries a prototype-poisoning key, which the wire's JSON parser refuses. */
export function isPoisoned(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Object.hasOwn(value, '__proto__')) return true;
  const constructor: unknown = Object.hasOwn(value, 'constructor')
    ? (value as Record<string, unknown>)['constructor']
    : undefined;
  if (
    typeof constructor === 'object' &&
    constructor !== null &&
    Object.hasOwn(constructor, 'prototype')
  ) {
    return true;
  }
  return Object.values(value).some(isPoisoned);
}

// ---- values the schema refuses ------------------------------------------------------------

/** The JSON types a field accepts. */
const typesOf = (schema: JsonSchema): Set<JsonType> => {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return new Set(alternatives.flatMap((part) => [...typesOf(part)]));
  if (schema.enum ?? schema.const !== undefined) {
    const values = schema.enum ?? [schema.const];
    return new Set(values.map((value) => (value === null ? 'null' : (typeof value as JsonType))));
  }
  if (schema.type === 'integer') return new Set(['integer']);
  return schema.type ? new Set([schema.type]) : new Set();
};

const VALUES_BY_TYPE: readonly (readonly [JsonType, fc.Arbitrary<unknown>])[] = [
  ['string', fc.oneof(fc.constantFrom('1', 'true', ''), fc.string({ maxLength: 8 }))],
  ['number', fc.constantFrom(0, -1, 1.5, 1e308)],
  ['boolean', fc.boolean()],
  ['null', fc.constant(null)],
  ['array', fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 })],
  ['object', fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }))],
];

/** A value of a JSON type the field does not take; null when it takes anything. */
export function wrongTypeFor(schema: JsonSchema): fc.Arbitrary<unknown> | null {
  const accepted = typesOf(schema);
  if (accepted.size === 0) return null;
  const wrong = VALUES_BY_TYPE.filter(
    ([type]) => !accepted.has(type) && !(type === 'number' && accepted.has('integer')),
  ).map(([, arbitrary]) => arbitrary);
  // an integer field refuses a fraction; a string field with a pattern, the wrong kind of text
  if (accepted.has('integer') && !accepted.has('number')) wrong.push(fc.constant(1.5));
  return wrong.length > 0 ? fc.oneof(...wrong) : null;
}

/** A body the schema must refuse: one declared field of the wrong type, or a required one gone. */
export function brokenBodyOf(schema: JsonSchema): fc.Arbitrary<Body> | null {
  const properties = Object.entries(schema.properties ?? {});
  const mistyped = properties.flatMap(([key, field]) => {
    const wrong = wrongTypeFor(field);
    return wrong ? [fc.tuple(bodyOf(schema), fc.constant(key), wrong)] : [];
  });
  const required = schema.required ?? [];
  const options: fc.Arbitrary<Body>[] = [];
  if (mistyped.length > 0) {
    options.push(fc.oneof(...mistyped).map(([body, key, value]) => ({ ...body, [key]: value })));
  }
  if (required.length > 0) {
    options.push(
      fc
        .tuple(bodyOf(schema), fc.constantFrom(...required))
        .map(([body, key]) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== key))),
    );
  }
  return options.length > 0 ? fc.oneof(...options) : null;
}

/**
 * A body shaped like the schema's with hostile content: string fields hold hostile text,
 * amounts are absurd, numbers sit at the edges, and unknown fields ride along. The server may
 * accept or refuse it, but must answer with a code the protocol allows.
 */
export function hostileBodyOf(schema: JsonSchema): fc.Arbitrary<Body> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, field]) => {
      const plain = valueOf(field);
      const hostile: fc.Arbitrary<unknown>[] = [plain];
      if (field.type === 'string') hostile.push(hostileString);
      if (isDecimalField(field)) hostile.push(absurdDecimal, absurdDecimal);
      if (field.type === 'integer' || field.type === 'number') hostile.push(absurdNumber);
      return [key, fc.oneof(...hostile)];
    }),
  );
  const unknownFields = fc.dictionary(
    fc.oneof(hostileString, fc.constantFrom('admin', 'user_id', 'role', 'balance', 'token')),
    fc.oneof(hostileString, absurdNumber, fc.jsonValue({ maxDepth: 3 })),
    { maxKeys: 3 },
  );
  return fc
    .tuple(fc.record(model, { requiredKeys: [...(schema.required ?? [])] }), unknownFields)
    .map(([body, extra]) => {
      const merged: Body = {};
      // defineProperty, so that a key such as __proto__ becomes a field, as JSON would have it
      for (const [key, value] of [...Object.entries(extra), ...Object.entries(body)]) {
        Object.defineProperty(merged, key, { value, enumerable: true, writable: true });
      }
      return merged;
    });
}

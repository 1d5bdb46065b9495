/**
 * Replaces personal data in recorded calls with stand-ins, consistently: one original value
 * becomes one stand-in everywhere, in every call of the set, in requests and replies, in its
 * own field and inside any other text (a message that names the e-mail it wrote to). Session
 * tokens are replaced too, and so is their MD5 (the first half of every signature the client
 * made with them), so a replay signs with the stand-in and still matches.
 *
 * What counts as personal is named by field (below), plus any e-mail address anywhere.
 * Stand-ins keep the original's shape where a schema may look at it (digits stay digits, a
 * masked `****6789` stays masked, a hex token stays hex of the same length).
 */
import { createHash } from 'node:crypto';
import type { RecordedCall } from '@bourse/fixtures/recorded';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

type Kind =
  | 'email'
  | 'phone'
  | 'name'
  | 'id-number'
  | 'bank-number'
  | 'address'
  | 'token'
  | 'password'
  | 'birth-date'
  | 'image';

/** Fields that hold personal data, by name, wherever they appear. */
const FIELD_KINDS: Readonly<Record<string, Kind>> = {
  email: 'email',
  mail: 'email',
  phone: 'phone',
  mobile: 'phone',
  nickname: 'name',
  holder_name: 'name',
  real_name: 'name',
  first_name: 'name',
  last_name: 'name',
  full_name: 'name',
  username: 'name',
  id_number: 'id-number',
  id_no: 'id-number',
  id_card: 'id-number',
  passport_no: 'id-number',
  document_number: 'id-number',
  account_no: 'bank-number',
  card_no: 'bank-number',
  card_number: 'bank-number',
  iban: 'bank-number',
  bank_account: 'bank-number',
  address: 'address',
  wallet_address: 'address',
  token: 'token',
  access_token: 'token',
  refresh_token: 'token',
  password: 'password',
  old_password: 'password',
  new_password: 'password',
  confirm_password: 'password',
  birth_date: 'birth-date',
  birthday: 'birth-date',
  front_image: 'image',
  back_image: 'image',
  avatar: 'image',
};

/** Fields whose meaning depends on the call: `name` is a person only where identity is sent. */
const PATH_FIELD_KINDS: Readonly<Record<string, Readonly<Record<string, Kind>>>> = {
  '/api/users/setAuthentication': { name: 'name' },
};

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** A 1×1 transparent PNG: the stand-in for every picture of a person or a document. */
export const STAND_IN_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A deterministic stream of characters drawn from `alphabet`, seeded by `seed`. */
const drawn = (seed: string, alphabet: string, count: number): string => {
  let out = '';
  for (let round = 0; out.length < count; round += 1) {
    for (const byte of createHash('sha256')
      .update(`${seed}:${String(round)}`)
      .digest()) {
      if (out.length === count) break;
      out += alphabet[byte % alphabet.length] ?? '';
    }
  }
  return out;
};

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';

/** Same length and punctuation (a mask's `*` too); digits and letters drawn anew. */
const shapeOf = (original: string, seed: string): string => {
  const digits = drawn(`${seed}:d`, DIGITS, original.length);
  const upper = drawn(`${seed}:u`, UPPER, original.length);
  const lower = drawn(`${seed}:l`, LOWER, original.length);
  return original.replace(/[0-9A-Za-z]/g, (char: string, index: number) => {
    if (/[0-9]/.test(char)) return digits[index] ?? '0';
    if (/[A-Z]/.test(char)) return upper[index] ?? 'X';
    return lower[index] ?? 'x';
  });
};

const standIn = (kind: Kind, original: string, n: number): string => {
  const seed = `bourse-redact:${kind}:${String(n)}`;
  switch (kind) {
    case 'email':
      return `person${String(n)}@example.com`;
    case 'name':
      return `Person ${String(n)}`;
    case 'password':
      return `Redacted-password-${String(n)}`;
    case 'birth-date':
      return `1970-01-${String(((n - 1) % 28) + 1).padStart(2, '0')}`;
    case 'image':
      return original.startsWith('data:') ? STAND_IN_IMAGE : original;
    case 'token':
      return /^[0-9a-f]+$/.test(original)
        ? drawn(seed, '0123456789abcdef', original.length)
        : drawn(seed, DIGITS + UPPER + LOWER, original.length);
    case 'address':
      return /\s/.test(original) ? `${String(n)} Example Street` : shapeOf(original, seed);
    case 'phone':
    case 'id-number':
    case 'bank-number':
      return shapeOf(original, seed);
  }
};

/** A call as the recorder saw it: real values, the real session's MD5. */
export interface RawCall {
  readonly path: string;
  /** `guest`, or the MD5 of the real session token (the signature's first half) */
  readonly caller: string;
  readonly language: string;
  readonly request: Readonly<Record<string, unknown>>;
  readonly reply: { readonly code: number; readonly msg: string; readonly data: unknown };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Visits every string leaf with the field it sits in (the nearest object key). */
const visit = (
  value: unknown,
  field: string | null,
  see: (text: string, field: string | null) => void,
) => {
  if (typeof value === 'string') see(value, field);
  else if (Array.isArray(value)) for (const item of value) visit(item, field, see);
  else if (isRecord(value)) for (const [key, item] of Object.entries(value)) visit(item, key, see);
};

const rewrite = (
  value: unknown,
  field: string | null,
  change: (text: string, field: string | null) => string,
): unknown => {
  if (typeof value === 'string') return change(value, field);
  if (Array.isArray(value)) return value.map((item) => rewrite(item, field, change));
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, rewrite(item, key, change)]),
    );
  }
  return value;
};

/**
 * The calls with every personal value replaced by its stand-in. A pure function of the whole
 * list: the recorder runs it over every call so far each time it writes, so a value first met
 * in a later call is replaced in the earlier ones too.
 */
export function redactCalls(calls: readonly RawCall[]): RecordedCall[] {
  const found = new Map<string, { kind: Kind; standIn: string }>();
  const counters = new Map<Kind, number>();
  const note = (kind: Kind, original: string) => {
    if (original === '' || found.has(original)) return;
    if (kind === 'image' && !original.startsWith('data:')) return;
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    found.set(original, { kind, standIn: standIn(kind, original, n) });
  };
  const kindOf = (path: string, field: string | null, text: string): Kind | undefined => {
    if (field === null) return undefined;
    // login's `account` is an e-mail or a phone number
    if (field === 'account') return text.includes('@') ? 'email' : 'phone';
    return PATH_FIELD_KINDS[path]?.[field] ?? FIELD_KINDS[field];
  };

  for (const call of calls) {
    for (const part of [call.request, call.reply.data, call.reply.msg]) {
      visit(part, null, (text, field) => {
        const kind = kindOf(call.path, field, text);
        if (kind !== undefined) note(kind, text);
        for (const email of text.match(EMAIL) ?? []) note('email', email);
      });
    }
  }

  // a session token's MD5 signs every call made with it
  const sessions = new Map<string, string>();
  for (const [original, { kind, standIn: replacement }] of found) {
    if (kind === 'token') sessions.set(md5(original), md5(replacement));
  }
  const callerOf = (caller: string): string => {
    if (caller === 'guest') return caller;
    const known = sessions.get(caller);
    if (known !== undefined) return known;
    // a session the recording never saw opened: a stand-in of its own
    const standInMd5 = md5(`bourse-redact:session:${String(sessions.size + 1)}`);
    sessions.set(caller, standInMd5);
    return standInMd5;
  };

  // inside free text, longer originals first, so a name inside an e-mail goes with the e-mail
  const inText = [...found.entries()]
    .filter(([original, { kind }]) => kind !== 'image' && original.length >= 3)
    .sort(([a], [b]) => b.length - a.length);
  const change = (path: string) => (text: string, field: string | null) => {
    const exact = found.get(text);
    if (
      exact !== undefined &&
      (kindOf(path, field, text) !== undefined || exact.kind !== 'image')
    ) {
      return exact.standIn;
    }
    let out = text;
    for (const [original, { standIn: replacement }] of inText) {
      if (out.includes(original)) out = out.split(original).join(replacement);
    }
    return out;
  };

  return calls.map((call) => ({
    path: call.path,
    caller: callerOf(call.caller),
    language: call.language,
    request: rewrite(call.request, null, change(call.path)) as Record<string, unknown>,
    reply: {
      code: call.reply.code,
      msg: rewrite(call.reply.msg, null, change(call.path)) as string,
      data: rewrite(call.reply.data, null, change(call.path)),
    },
  }));
}

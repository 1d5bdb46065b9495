import { createHash } from 'node:crypto';
import { DEFAULT_TOKEN, endpoints, HEADERS, type Envelope } from '@bourse/protocol';
import { createBrowserCodec, createWebCryptoDecrypt } from '@bourse/protocol/codec/browser';
import { createNodeCodec } from '@bourse/protocol/codec/node';
import { createPlainCodec } from '@bourse/protocol/codec/plain';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions, type Credentials } from './client.ts';
import { ApiError, fieldErrorOf, isApiError, parseFieldError } from './errors.ts';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

const BASE = 'https://api.test';
const TIME = 1_763_900_000_123;
const user: Credentials = {
  uuid: '5f0c3f9e-7a51-4c3e-9d1a-2b6f7e8d9c01',
  token: 'tok-abc',
  language: 'es',
};
const guest: Credentials = { uuid: 'guest-uuid', token: null, language: 'en' };

interface Recorded {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
}

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that records every request and answers with `reply`. */
function fakeFetch(reply: () => Response | Promise<Response>) {
  const requests: Recorded[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: JSON.parse(await request.text()) as unknown,
    });
    return reply();
  });
  return { fetch, requests };
}

const envelope = (code: number, msg: string, data: unknown): Envelope => ({ code, msg, data });

function setup(reply: () => Response | Promise<Response>, options: Partial<ApiClientOptions> = {}) {
  const { fetch, requests } = fakeFetch(reply);
  const logger = { error: vi.fn() };
  const now = vi.fn(() => TIME);
  const client = createApiClient({
    baseUrl: BASE,
    codec: createBrowserCodec(),
    now,
    fetch,
    logger,
    ...options,
  });
  return { client, fetch, requests, logger, now };
}

/** The rejection of a call, which must be an ApiError. */
async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => new Error('the call resolved'),
    (reason: unknown) => reason,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('the request', () => {
  it('POSTs the fields plus the clock as an integer time to {baseUrl}{path}', async () => {
    const { client, requests, now } = setup(() =>
      jsonResponse(envelope(200, '', { nickname: 'Moonwalker' })),
    );

    await client.call(endpoints.user.setNickname, { nickname: 'Moonwalker' }, user);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`${BASE}/api/users/setNickname`);
    expect(request?.headers.get('content-type')).toMatch(/^application\/json/);
    expect(request?.body).toStrictEqual({ nickname: 'Moonwalker', time: TIME });
    expect(Number.isInteger((request?.body as { time: unknown }).time)).toBe(true);
    // one clock reading per request: the body and the signature cannot disagree
    expect(now).toHaveBeenCalledTimes(1);
  });

  it('signs with the language, the uuid and md5(token) + md5(time + uuid)', async () => {
    const { client, requests } = setup(() =>
      jsonResponse(envelope(200, '', { nickname: 'Moonwalker' })),
    );

    await client.call(endpoints.user.setNickname, { nickname: 'Moonwalker' }, user);

    const headers = requests[0]!.headers;
    expect(headers.get(HEADERS.language)).toBe('es');
    expect(headers.get(HEADERS.uuid)).toBe(user.uuid);
    expect(headers.get(HEADERS.token)).toBe(md5('tok-abc') + md5(String(TIME) + user.uuid));
  });

  it('signs a guest with the default token', async () => {
    const { client, requests } = setup(() => jsonResponse(envelope(200, '', {})));

    await client.call(endpoints.user.logout, {}, guest);

    expect(requests[0]!.headers.get(HEADERS.token)).toBe(
      md5(DEFAULT_TOKEN) + md5(String(TIME) + guest.uuid),
    );
    expect(requests[0]!.headers.get(HEADERS.language)).toBe('en');
  });

  it('takes a fresh time for each request', async () => {
    let clock = TIME;
    const { client, requests } = setup(() => jsonResponse(envelope(200, '', {})), {
      now: () => clock++,
    });

    await client.call(endpoints.user.logout, {}, user);
    await client.call(endpoints.user.logout, {}, user);

    expect(requests.map((request) => (request.body as { time: number }).time)).toStrictEqual([
      TIME,
      TIME + 1,
    ]);
    expect(requests[1]!.headers.get(HEADERS.token)?.slice(32)).toBe(
      md5(String(TIME + 1) + user.uuid),
    );
  });

  it('joins a base URL that ends in a slash without doubling it', async () => {
    const { client, requests } = setup(() => jsonResponse(envelope(200, '', {})), {
      baseUrl: `${BASE}/`,
    });

    await client.call(endpoints.user.logout, {}, user);

    expect(requests[0]!.url).toBe(`${BASE}/api/users/logout`);
  });
});

describe('a code-200 reply', () => {
  it('decrypts string data written by the server codec and parses it with the schema', async () => {
    const user = { nickname: 'Moonwalker' };
    const { client, logger } = setup(() =>
      jsonResponse(envelope(200, '', createNodeCodec().encrypt(JSON.stringify(user)))),
    );

    await expect(
      client.call(endpoints.user.setNickname, { nickname: 'Moonwalker' }, guest),
    ).resolves.toStrictEqual(user);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('decrypts with the faster (WebCrypto) decrypt when it has one, and not with the codec', async () => {
    const user = { nickname: 'Moonwalker' };
    const codec = createBrowserCodec();
    const codecDecrypt = vi.spyOn(codec, 'decrypt');
    const fast = vi.fn(
      createWebCryptoDecrypt() ?? (() => Promise.reject(new Error('no WebCrypto'))),
    );
    const { client, logger } = setup(
      () => jsonResponse(envelope(200, '', createNodeCodec().encrypt(JSON.stringify(user)))),
      { codec, decrypt: fast },
    );

    await expect(
      client.call(endpoints.user.setNickname, { nickname: 'Moonwalker' }, guest),
    ).resolves.toStrictEqual(user);
    expect(fast).toHaveBeenCalledTimes(1);
    expect(codecDecrypt).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('reads with the codec what the faster decrypt could not', async () => {
    const user = { nickname: 'Moonwalker' };
    const { client, logger } = setup(
      () => jsonResponse(envelope(200, '', createNodeCodec().encrypt(JSON.stringify(user)))),
      { decrypt: () => Promise.reject(new Error('OperationError')) },
    );

    await expect(
      client.call(endpoints.user.setNickname, { nickname: 'Moonwalker' }, guest),
    ).resolves.toStrictEqual(user);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('takes plain object data as it is', async () => {
    const sent = { expires_in: 600, resend_in: 60 };
    const { client } = setup(() => jsonResponse(envelope(200, '', sent)), {
      codec: createPlainCodec(),
    });

    await expect(
      client.call(endpoints.auth.sendEmail, { email: 'a@b.co', purpose: 'register' }, guest),
    ).resolves.toStrictEqual(sent);
  });

  it('logs data that does not decrypt and fails a call that needs data as invalid-reply', async () => {
    const { client, logger } = setup(() => jsonResponse(envelope(200, '', 'bm90IGEgY2lwaGVy')));

    const error = await failureOf(
      client.call(endpoints.user.setNickname, { nickname: 'Moonwalker' }, user),
    );

    expect(error.kind).toBe('invalid-reply');
    expect(error.path).toBe('/api/users/setNickname');
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining('did not decrypt'),
      expect.anything(),
    );
  });

  it('logs data that decrypts to something other than JSON and goes on with no data', async () => {
    const { client, logger } = setup(() =>
      jsonResponse(envelope(200, '', createNodeCodec().encrypt('<html>'))),
    );

    // logout needs no data, so the call still succeeds
    await expect(client.call(endpoints.user.logout, {}, user)).resolves.toStrictEqual({});
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('fails data that does not match the schema as invalid-reply, and logs it', async () => {
    const { client, logger } = setup(() => jsonResponse(envelope(200, '', { nickname: 42 })));

    const error = await failureOf(
      client.call(endpoints.user.setNickname, { nickname: 'Moonwalker' }, user),
    );

    expect(error.kind).toBe('invalid-reply');
    expect(error.code).toBeUndefined();
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});

describe('a reply with another code', () => {
  it.each([
    [401, 'Please sign in again'],
    [500, 'Saldo insuficiente'],
    [403, 'request expired'],
    [400, 'nickname: is required'],
  ])('%i becomes an ApiError of kind code with its msg', async (code, msg) => {
    const { client, logger } = setup(() => jsonResponse(envelope(code, msg, null)));

    const error = await failureOf(
      client.call(endpoints.user.setNickname, { nickname: 'Moonwalker' }, user),
    );

    expect(error).toBeInstanceOf(ApiError);
    expect({ kind: error.kind, code: error.code, msg: error.msg }).toStrictEqual({
      kind: 'code',
      code,
      msg,
    });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('does not try to decrypt the data of a failed call', async () => {
    const { client, logger } = setup(() => jsonResponse(envelope(500, 'failed', 'garbage')));

    const error = await failureOf(client.call(endpoints.user.logout, {}, user));

    expect(error.code).toBe(500);
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe('a transport failure', () => {
  it('a network error becomes kind transport', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('fetch failed')));

    const error = await failureOf(client.call(endpoints.user.logout, {}, user));

    expect(error.kind).toBe('transport');
    expect(error.code).toBeUndefined();
  });

  it('an HTTP 502 becomes kind transport and is not retried', async () => {
    const { client, fetch } = setup(() => new Response('Bad gateway', { status: 502 }));

    const error = await failureOf(client.call(endpoints.user.logout, {}, user));

    expect(error.kind).toBe('transport');
    expect(error.msg).toBe('HTTP 502');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['not JSON', () => new Response('<html>oops</html>', { status: 200 })],
    ['JSON that is not an envelope', () => jsonResponse({ ok: true })],
  ])('a body that is %s becomes kind transport', async (_, reply) => {
    const { client } = setup(reply);

    const error = await failureOf(client.call(endpoints.user.logout, {}, user));

    expect(error.kind).toBe('transport');
  });

  it('a fetch that hangs times out as kind transport', async () => {
    const { client } = setup(() => new Promise<Response>(() => undefined), { timeoutMs: 50 });
    const started = Date.now();

    const error = await failureOf(client.call(endpoints.user.logout, {}, user));

    expect(error.kind).toBe('transport');
    expect(error.msg).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('field errors', () => {
  it('reads "{field}: {reason}"', () => {
    expect(parseFieldError('nickname: is required')).toStrictEqual({
      field: 'nickname',
      reason: 'is required',
    });
    expect(parseFieldError('area_code: must look like +1')).toStrictEqual({
      field: 'area_code',
      reason: 'must look like +1',
    });
    expect(parseFieldError('list.0.price: must be: a decimal')).toStrictEqual({
      field: 'list.0.price',
      reason: 'must be: a decimal',
    });
  });

  it('finds no field in other messages', () => {
    expect(parseFieldError('Insufficient balance')).toBeNull();
    expect(parseFieldError('Invalid request: try again')).toBeNull();
    expect(parseFieldError(': no field')).toBeNull();
    expect(parseFieldError('nickname:')).toBeNull();
  });

  it('takes the field only from a code-400 failure', () => {
    const badRequest = new ApiError({ kind: 'code', code: 400, msg: 'email: is required' });
    const failed = new ApiError({ kind: 'code', code: 500, msg: 'email: is taken' });

    expect(fieldErrorOf(badRequest)).toStrictEqual({ field: 'email', reason: 'is required' });
    expect(fieldErrorOf(failed)).toBeNull();
    expect(fieldErrorOf(new Error('email: x'))).toBeNull();
  });
});

import { CODES, endpoints, HEADERS } from '@bourse/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserApiClient, createLazyApiClient } from './browser-client.ts';
import type { ApiClient, Credentials } from './client.ts';
import { isApiError } from './errors.ts';
import { fakeClient } from './testing/index.ts';

const guest: Credentials = { uuid: 'guest-uuid', token: null, language: 'en' };
const getLang = endpoints.index.getLang;
const languages = getLang.example.response;

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
};

describe('createLazyApiClient', () => {
  it('loads the real client once, at the first call, and passes every call through', async () => {
    const fake = fakeClient({ [getLang.path]: () => languages });
    const load = vi.fn(() => Promise.resolve(fake.client));
    const client = createLazyApiClient(load);
    expect(load).not.toHaveBeenCalled();

    const replies = await Promise.all([
      client.call(getLang, {}, guest),
      client.call(getLang, {}, guest),
    ]);
    await client.call(getLang, {}, guest);

    expect(replies).toEqual([languages, languages]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(fake.calls).toHaveLength(3);
    expect(fake.calls[0]).toEqual({ path: getLang.path, body: {}, credentials: guest });
  });

  it('fails a call as a transport error when the client does not load, and tries again next time', async () => {
    const fake = fakeClient({ [getLang.path]: () => languages });
    const load = vi
      .fn<() => Promise<ApiClient>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(fake.client);
    const client = createLazyApiClient(load);

    const error = await rejection(client.call(getLang, {}, guest));
    expect(isApiError(error) && error.kind).toBe('transport');
    expect(isApiError(error) && error.path).toBe(getLang.path);

    await expect(client.call(getLang, {}, guest)).resolves.toEqual(languages);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('createBrowserApiClient', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signs and sends the call to the configured origin with the configured header names', async () => {
    const requests: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(input instanceof Request ? input : new Request(input, init));
        return Promise.resolve(
          new Response(JSON.stringify({ code: CODES.ok, msg: '', data: languages }), {
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
    const client = createBrowserApiClient({
      baseUrl: 'https://api.test/',
      headers: { ...HEADERS, token: 'X-Sign' },
    });

    await expect(client.call(getLang, {}, guest)).resolves.toEqual(languages);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`https://api.test${getLang.path}`);
    expect(requests[0]?.headers.get(HEADERS.uuid)).toBe(guest.uuid);
    expect(requests[0]?.headers.get('X-Sign')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses cipher settings the codec cannot use at once, not at the first call', () => {
    expect(() =>
      createBrowserApiClient({
        baseUrl: '',
        wire: { cipher: { mode: 'CBC', key: 'short', iv: 'short' }, defaultToken: 'guest' },
      }),
    ).toThrow();
  });
});

import { endpoints, type Endpoint, type ResponseOf } from '@bourse/protocol';
import { allSettled, createWatch, fork, type Scope, type Subscription } from 'effector';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient, Credentials } from './client.ts';
import { ApiError } from './errors.ts';
import {
  $apiClient,
  $credentials,
  $loadingVisible,
  createApiEffect,
  credentialsChanged,
  serverFailed,
  sessionExpired,
  transportFailed,
} from './model.ts';

// Feature models create their effects at module level; so do the tests.
const setNicknameFx = createApiEffect(endpoints.user.setNickname); // loading: true
const logoutFx = createApiEffect(endpoints.user.logout); // loading: false
const quietNoticeDetailFx = createApiEffect(endpoints.index.noticeDetail, { loading: false });
const loudGetLangFx = createApiEffect(endpoints.index.getLang, { loading: true });

const exampleReply = <E extends Endpoint>(endpoint: E): ResponseOf<E> =>
  endpoint.response.parse(endpoint.example.response) as ResponseOf<E>;

interface Call {
  readonly path: string;
  readonly body: unknown;
  readonly credentials: Credentials;
}

/** A client that answers every call with the endpoint's example reply and records the call. */
function answeringClient(calls: Call[] = []): ApiClient {
  return {
    call: (endpoint, body, credentials) => {
      calls.push({ path: endpoint.path, body, credentials });
      return Promise.resolve(exampleReply(endpoint));
    },
  };
}

const failingClient = (error: ApiError): ApiClient => ({ call: () => Promise.reject(error) });

/** A client whose calls stay pending until released, one at a time, in order. */
function pendingClient() {
  const pending: (() => void)[] = [];
  const client: ApiClient = {
    call: (endpoint) =>
      new Promise((resolve) => {
        pending.push(() => {
          resolve(exampleReply(endpoint));
        });
      }),
  };
  /**
   * Answers the oldest pending call and lets its effect finish. The calls reach the client
   * synchronously when their effects start, so one must be pending here. The zero-delay tick
   * waits for nothing timed: it lets the promise chain that settles the effect in the scope run
   * to its end, which this client cannot see (the tests then read the scope's state).
   */
  const releaseNext = async () => {
    const release = pending.shift();
    if (!release) throw new Error('no call is pending to release');
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { client, pending, releaseNext };
}

const codeError = (code: number, msg: string) => new ApiError({ kind: 'code', code, msg });

const subscriptions: Subscription[] = [];
afterEach(() => {
  subscriptions.splice(0).forEach((subscription) => {
    subscription.unsubscribe();
  });
});

/** Counts what reaches the app-wide failure events in one scope. */
function watchFailures(scope: Scope) {
  const seen = { sessionExpired: 0, serverFailed: [] as string[], transportFailed: 0 };
  subscriptions.push(
    createWatch({
      unit: sessionExpired,
      scope,
      fn: () => {
        seen.sessionExpired += 1;
      },
    }),
    createWatch({
      unit: serverFailed,
      scope,
      fn: (msg) => {
        seen.serverFailed.push(msg);
      },
    }),
    createWatch({
      unit: transportFailed,
      scope,
      fn: () => {
        seen.transportFailed += 1;
      },
    }),
  );
  return seen;
}

describe('failures the whole app handles', () => {
  it('a 401 fires sessionExpired, and the effect fails with it', async () => {
    const expired = codeError(401, 'Please sign in again');
    const scope = fork({ values: [[$apiClient, failingClient(expired)]] });
    const seen = watchFailures(scope);

    const result = await allSettled(setNicknameFx, { scope, params: { nickname: 'Moonwalker' } });

    expect(result).toStrictEqual({ status: 'fail', value: expired });
    expect(seen).toStrictEqual({ sessionExpired: 1, serverFailed: [], transportFailed: 0 });
  });

  it('several 401s failing together each fire sessionExpired', async () => {
    const scope = fork({ values: [[$apiClient, failingClient(codeError(401, 'expired'))]] });
    const seen = watchFailures(scope);

    await Promise.all([
      allSettled(setNicknameFx, { scope, params: { nickname: 'A' } }),
      allSettled(logoutFx, { scope, params: {} }),
      allSettled(quietNoticeDetailFx, { scope, params: { id: '1' } }),
    ]);

    expect(seen.sessionExpired).toBe(3);
  });

  it('a 500 fires serverFailed with the msg to show', async () => {
    const scope = fork({
      values: [[$apiClient, failingClient(codeError(500, 'Saldo insuficiente'))]],
    });
    const seen = watchFailures(scope);

    const result = await allSettled(logoutFx, { scope, params: {} });

    expect(result.status).toBe('fail');
    expect(seen).toStrictEqual({
      sessionExpired: 0,
      serverFailed: ['Saldo insuficiente'],
      transportFailed: 0,
    });
  });

  it('a transport failure fires transportFailed', async () => {
    const offline = new ApiError({ kind: 'transport', msg: 'network error' });
    const scope = fork({ values: [[$apiClient, failingClient(offline)]] });
    const seen = watchFailures(scope);

    const result = await allSettled(logoutFx, { scope, params: {} });

    expect(result).toStrictEqual({ status: 'fail', value: offline });
    expect(seen).toStrictEqual({ sessionExpired: 0, serverFailed: [], transportFailed: 1 });
  });
});

describe('failures left to the caller', () => {
  it.each([
    ['a 403', codeError(403, 'request expired')],
    ['a 400', codeError(400, 'nickname: is required')],
    ['an invalid reply', new ApiError({ kind: 'invalid-reply', msg: 'schema' })],
  ])('%s fires no app-wide event; the effect fails with it', async (_, error) => {
    const scope = fork({ values: [[$apiClient, failingClient(error)]] });
    const seen = watchFailures(scope);

    const result = await allSettled(setNicknameFx, { scope, params: { nickname: 'Moonwalker' } });

    expect(result).toStrictEqual({ status: 'fail', value: error });
    expect(seen).toStrictEqual({ sessionExpired: 0, serverFailed: [], transportFailed: 0 });
  });
});

describe('the loading overlay', () => {
  it('shows while a loading endpoint is under way and hides after', async () => {
    const { client, releaseNext } = pendingClient();
    const scope = fork({ values: [[$apiClient, client]] });

    const settled = allSettled(setNicknameFx, { scope, params: { nickname: 'Moonwalker' } });

    expect(scope.getState($loadingVisible)).toBe(true);
    await releaseNext();
    await settled;
    expect(scope.getState($loadingVisible)).toBe(false);
  });

  it('stays up until the last of several loading calls ends', async () => {
    const { client, releaseNext } = pendingClient();
    const scope = fork({ values: [[$apiClient, client]] });

    const settled = Promise.all([
      allSettled(setNicknameFx, { scope, params: { nickname: 'A' } }),
      allSettled(loudGetLangFx, { scope, params: {} }),
    ]);

    await releaseNext();
    expect(scope.getState($loadingVisible)).toBe(true);
    await releaseNext();
    await settled;
    expect(scope.getState($loadingVisible)).toBe(false);
  });

  it('hides after a loading call fails', async () => {
    const scope = fork({ values: [[$apiClient, failingClient(codeError(403, 'no'))]] });

    await allSettled(setNicknameFx, { scope, params: { nickname: 'Moonwalker' } });

    expect(scope.getState($loadingVisible)).toBe(false);
  });

  it('does not show for an endpoint with loading: false', async () => {
    const { client, releaseNext } = pendingClient();
    const scope = fork({ values: [[$apiClient, client]] });

    const settled = allSettled(logoutFx, { scope, params: {} });

    expect(scope.getState($loadingVisible)).toBe(false);
    await releaseNext();
    await settled;
  });

  it('follows options.loading over the endpoint', async () => {
    const { client, pending, releaseNext } = pendingClient();
    const scope = fork({ values: [[$apiClient, client]] });

    // noticeDetail has loading: true, overridden to false
    const settled = allSettled(quietNoticeDetailFx, { scope, params: { id: '1' } });

    expect(pending).toHaveLength(1);
    expect(scope.getState($loadingVisible)).toBe(false);
    await releaseNext();
    await settled;
  });
});

describe('credentials', () => {
  it('reach the client as $credentials holds them, with the params as the body', async () => {
    const calls: Call[] = [];
    const scope = fork({ values: [[$apiClient, answeringClient(calls)]] });
    const signedIn: Credentials = { uuid: 'uuid-9', token: 'tok-9', language: 'de' };

    await allSettled(logoutFx, { scope, params: {} });
    await allSettled(credentialsChanged, { scope, params: signedIn });
    const result = await allSettled(setNicknameFx, { scope, params: { nickname: 'Moonwalker' } });

    expect(calls).toStrictEqual([
      {
        path: '/api/users/logout',
        body: {},
        credentials: { uuid: '', token: null, language: 'en' },
      },
      { path: '/api/users/setNickname', body: { nickname: 'Moonwalker' }, credentials: signedIn },
    ]);
    expect(scope.getState($credentials)).toStrictEqual(signedIn);
    expect(result).toStrictEqual({
      status: 'done',
      value: exampleReply(endpoints.user.setNickname),
    });
  });

  it('are kept per scope', async () => {
    const calls: Call[] = [];
    const one = fork({ values: [[$apiClient, answeringClient(calls)]] });
    const other = fork({ values: [[$apiClient, answeringClient(calls)]] });

    await allSettled(credentialsChanged, {
      scope: one,
      params: { uuid: 'one', token: 't', language: 'fr' },
    });
    await allSettled(logoutFx, { scope: other, params: {} });

    expect(calls).toHaveLength(1);
    expect(calls[0]?.credentials.uuid).toBe('');
    expect(one.getState($credentials).uuid).toBe('one');
  });
});

import { $apiClient, ApiError, type ApiClient } from '#shared/api';
import { endpoints, type ConfigKey, type Endpoint, type ResponseOf } from '@bourse/protocol';
import { allSettled, fork, type EventCallable } from 'effector';
import { describe, expect, it } from 'vitest';
import { $page, $status, ConfigPageGate, retryClicked } from './config-page.ts';

function configServer() {
  const asked: string[] = [];
  let failure: ApiError | null = null;
  const client: ApiClient = {
    call: <E extends Endpoint>(endpoint: E, body: unknown) => {
      expect(endpoint.path).toBe(endpoints.index.getConfigDetail.path);
      const { key } = body as { key: ConfigKey };
      asked.push(key);
      if (failure) return Promise.reject(failure);
      return Promise.resolve({
        key,
        title: `Title of ${key}`,
        content: `<p>${key}</p>`,
        updated_at: 1_763_900_000_000,
      } as ResponseOf<E>);
    },
  };
  return {
    client,
    asked,
    fail: (error: ApiError | null) => {
      failure = error;
    },
  };
}

/** What useGate calls when the address changes under a mounted screen (not in the typings). */
const gateSet = (ConfigPageGate as unknown as { set: EventCallable<{ id: string | null }> }).set;

describe('a policy or information page', () => {
  it('loads the page of the key in the address', async () => {
    const server = configServer();
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(ConfigPageGate.open, { scope, params: { id: 'privacy_policy' } });

    expect(server.asked).toStrictEqual(['privacy_policy']);
    expect(scope.getState($status)).toBe('ready');
    expect(scope.getState($page)?.title).toBe('Title of privacy_policy');
  });

  it.each([['terms'], [''], [null], ['__proto__']])(
    'refuses the key %j without a call',
    async (key) => {
      const server = configServer();
      const scope = fork({ values: [[$apiClient, server.client]] });

      await allSettled(ConfigPageGate.open, { scope, params: { id: key } });

      expect(scope.getState($status)).toBe('notFound');
      expect(scope.getState($page)).toBeNull();
      expect(server.asked).toStrictEqual([]);
    },
  );

  it('shows not found when the server has no such page (code 404)', async () => {
    const server = configServer();
    server.fail(new ApiError({ kind: 'code', code: 404, msg: 'Not found' }));
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(ConfigPageGate.open, { scope, params: { id: 'about_us' } });

    expect(scope.getState($status)).toBe('notFound');
  });

  it('follows a link to another policy while open', async () => {
    const server = configServer();
    const scope = fork({ values: [[$apiClient, server.client]] });
    await allSettled(ConfigPageGate.open, { scope, params: { id: 'service_policy' } });

    await allSettled(gateSet, { scope, params: { id: 'user_agreement' } });

    expect(server.asked).toStrictEqual(['service_policy', 'user_agreement']);
    expect(scope.getState($page)?.key).toBe('user_agreement');
  });

  it('shows the error state when the call fails otherwise, and retry loads it', async () => {
    const server = configServer();
    server.fail(new ApiError({ kind: 'transport', msg: 'fetch failed' }));
    const scope = fork({ values: [[$apiClient, server.client]] });

    await allSettled(ConfigPageGate.open, { scope, params: { id: 'about_us' } });
    expect(scope.getState($status)).toBe('error');

    server.fail(null);
    await allSettled(retryClicked, { scope });

    expect(server.asked).toStrictEqual(['about_us', 'about_us']);
    expect(scope.getState($status)).toBe('ready');
  });
});

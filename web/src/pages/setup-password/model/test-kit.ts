import type { Endpoint } from '@bourse/protocol';
import { ApiError, type ApiClient, type Credentials } from '#shared/api';

export interface RecordedCall {
  readonly path: string;
  readonly body: unknown;
  readonly credentials: Credentials;
}

export type Reply = (body: unknown) => unknown;

/**
 * A client for tests: answers by path (a reply that throws fails the call), records every call,
 * and checks each reply against the endpoint's schema as the real client does.
 */
export function fakeClient(replies: Record<string, Reply>) {
  const calls: RecordedCall[] = [];
  const client: ApiClient = {
    call: (endpoint: Endpoint, body: unknown, credentials: Credentials) => {
      calls.push({ path: endpoint.path, body, credentials });
      const reply = replies[endpoint.path];
      if (reply === undefined) {
        return Promise.reject(
          new ApiError({ kind: 'transport', msg: `no reply for ${endpoint.path}` }),
        );
      }
      try {
        return Promise.resolve(endpoint.response.parse(reply(body)) as never);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
  return { client, calls, paths: () => calls.map((call) => call.path) };
}

/** A reply that fails the call with an envelope code and message. */
export const failWith = (code: number, msg: string) => (): never => {
  throw new ApiError({ kind: 'code', code, msg });
};

import type { Endpoint } from '@bourse/protocol';
import type { ApiClient, Credentials } from '../client.ts';
import { ApiError } from '../errors.ts';

/** What a test's fake server was asked: the endpoint's path, the request and who asked. */
export interface RecordedCall {
  readonly path: string;
  readonly body: unknown;
  readonly credentials: Credentials;
}

/** What was sent, without who sent it. */
export interface SentRequest {
  readonly path: string;
  readonly body: unknown;
}

/**
 * A reply to one path: the data, or a promise of it. A reply that throws (or a promise that
 * rejects) fails the call with what it threw.
 */
export type Reply = (body: unknown) => unknown;

export interface FakeClient {
  /** for `fork({ values: [[$apiClient, client]] })` */
  readonly client: ApiClient;
  /** every call, in order, as it happens */
  readonly calls: readonly RecordedCall[];
  /** every request, in order, as it happens (the calls without their credentials) */
  readonly sent: readonly SentRequest[];
  /** the paths called so far, in order */
  readonly paths: () => string[];
  /** what was sent to one endpoint so far, in order */
  readonly callsTo: (endpoint: Endpoint) => SentRequest[];
}

/**
 * A client for tests: answers by path, records every call, and checks each reply against the
 * endpoint's response schema as the real client does. A path with no reply fails the call as a
 * lost connection would.
 */
export function fakeClient(replies: Partial<Record<string, Reply>>): FakeClient {
  const calls: RecordedCall[] = [];
  const sent: SentRequest[] = [];
  const client: ApiClient = {
    call: async (endpoint, body, credentials) => {
      calls.push({ path: endpoint.path, body, credentials });
      sent.push({ path: endpoint.path, body });
      const reply = replies[endpoint.path];
      if (reply === undefined) {
        throw new ApiError({ kind: 'transport', msg: `no reply for ${endpoint.path}` });
      }
      return endpoint.response.parse(await reply(body)) as never;
    },
  };
  return {
    client,
    calls,
    sent,
    paths: () => calls.map((call) => call.path),
    callsTo: (endpoint) => sent.filter((call) => call.path === endpoint.path),
  };
}

/** A reply that fails the call with an envelope code and message. */
export const failWith = (code: number, msg: string) => (): never => {
  throw new ApiError({ kind: 'code', code, msg });
};

import type { Codec } from '@bourse/protocol';
import {
  HEADERS,
  LIMITS,
  TIME_FIELD,
  type HeaderNames,
  type Language,
} from '@bourse/protocol/config';
import type { Endpoint, RequestOf, ResponseOf } from '@bourse/protocol/endpoints/endpoint';
import { CODES, envelopeSchema, type Envelope } from '@bourse/protocol/envelope';
import ky, {
  isHTTPError,
  isNetworkError,
  isTimeoutError,
  SchemaValidationError,
  type BeforeRequestHook,
} from 'ky';
import type { z } from 'zod/mini';
import { ApiError } from './errors.ts';

/** Who is calling: what the signature and the headers are made of. */
export interface Credentials {
  /** the per-install id */
  readonly uuid: string;
  /** the session token; null for a guest (the codec signs with the default token) */
  readonly token: string | null;
  readonly language: Language;
}

export interface ApiLogger {
  error(message: string, ...details: unknown[]): void;
}

export interface ApiClientOptions {
  /** the API origin, e.g. 'https://api.example.com'; '' for the page's own origin */
  readonly baseUrl: string;
  /** the signature and payload cipher; tests and Pact inject the plain codec */
  readonly codec: Codec;
  /**
   * a faster decrypt of a reply's payload (the browser's native WebCrypto), tried first; the
   * codec's own decrypt reads what it cannot
   */
  readonly decrypt?: ((payload: string) => Promise<string>) | null;
  /** the clock, ms since the epoch */
  readonly now?: () => number;
  readonly fetch?: typeof fetch;
  /** default LIMITS.requestTimeoutMs (60 s) */
  readonly timeoutMs?: number;
  /** default console */
  readonly logger?: ApiLogger;
  /** header names, for a backend that names them otherwise; default HEADERS */
  readonly headers?: HeaderNames;
}

export interface ApiClient {
  /**
   * Calls one catalogue endpoint. Resolves with the reply's data parsed by the endpoint's
   * response schema; rejects with an ApiError and nothing else.
   */
  call<E extends Endpoint>(
    endpoint: E,
    body: RequestOf<E>,
    credentials: Credentials,
  ): Promise<ResponseOf<E>>;
}

/** What a reply's data holds when it could not be read (PROTOCOL.md §2: "goes on with no data"). */
const NO_DATA = null;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { codec, now = Date.now, logger = console, headers = HEADERS } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const http = ky.create({
    // POSTs are not idempotent: a retried order could be placed twice.
    retry: 0,
    timeout: options.timeoutMs ?? LIMITS.requestTimeoutMs,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });

  /** Adds the language, uuid and signature headers, signed with the body's own `time`. */
  const signWith =
    (credentials: Credentials, time: number): BeforeRequestHook =>
    ({ request }) => {
      request.headers.set(headers.language, credentials.language);
      request.headers.set(headers.uuid, credentials.uuid);
      request.headers.set(
        headers.token,
        codec.signToken(credentials.token, time, credentials.uuid),
      );
    };

  const decrypt = async (payload: string): Promise<string> => {
    if (options.decrypt) {
      try {
        return await options.decrypt(payload);
      } catch {
        // read by the codec below, which says why it cannot
      }
    }
    return codec.decrypt(payload);
  };

  /** Turns a string `data` back into JSON; logs and gives no data when that fails. */
  const openData = async (path: string, data: unknown): Promise<unknown> => {
    if (typeof data !== 'string') return data;
    try {
      return JSON.parse(await decrypt(data)) as unknown;
    } catch (cause) {
      logger.error(`[api] ${path}: the reply's data did not decrypt to JSON`, cause);
      return NO_DATA;
    }
  };

  const readData = <E extends Endpoint>(endpoint: E, data: unknown): ResponseOf<E> => {
    const invalid = (cause: unknown): ApiError => {
      logger.error(`[api] ${endpoint.path}: the reply does not match its schema`, cause);
      return new ApiError({
        kind: 'invalid-reply',
        msg: 'the reply does not match its schema',
        path: endpoint.path,
        cause,
      });
    };
    // ResponseOf<E> is z.output<E['response']>; TypeScript reads a generic E's schema by its
    // constraint (output unknown), so this names the type it already has.
    const schema = endpoint.response as z.ZodMiniType<ResponseOf<E>>;
    let result: ReturnType<typeof schema.safeParse>;
    try {
      result = schema.safeParse(data);
      // A reply with nothing to say may come without data: read that as `{}`.
      if (!result.success && (data === null || data === undefined)) {
        result = schema.safeParse({});
      }
    } catch (cause) {
      // a refinement or transform that throws
      throw invalid(cause);
    }
    if (result.success) return result.data;
    throw invalid(result.error);
  };

  return {
    async call(endpoint, body, credentials) {
      // Taken once: the body and the signature must carry the same value.
      const time = Math.trunc(now());
      let envelope: Envelope;
      try {
        envelope = await http
          .post(`${baseUrl}${endpoint.path}`, {
            json: { ...body, [TIME_FIELD]: time },
            hooks: { beforeRequest: [signWith(credentials, time)] },
          })
          .json(envelopeSchema);
      } catch (cause) {
        throw new ApiError({
          kind: 'transport',
          msg: describeTransportFailure(cause),
          path: endpoint.path,
          cause,
        });
      }
      if (envelope.code !== CODES.ok) {
        throw new ApiError({
          kind: 'code',
          code: envelope.code,
          msg: envelope.msg,
          path: endpoint.path,
        });
      }
      return readData(endpoint, await openData(endpoint.path, envelope.data));
    },
  };
}

function describeTransportFailure(cause: unknown): string {
  if (isTimeoutError(cause)) return 'the request timed out';
  if (isHTTPError(cause)) return `HTTP ${cause.response.status}`;
  if (isNetworkError(cause)) return 'network error';
  if (cause instanceof SchemaValidationError) return 'the reply is not an envelope';
  if (cause instanceof SyntaxError) return 'the reply is not JSON';
  return 'the request failed';
}

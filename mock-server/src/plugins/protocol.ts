import {
  allEndpoints,
  CODES,
  endpoints,
  DEFAULT_LANGUAGE,
  HEADERS,
  isLanguage,
  TIME_FIELD,
  TIME_WINDOW_MS,
  type Codec,
  type Domain,
  type Endpoint,
  type Envelope,
  type HeaderNames,
  type Language,
} from '@bourse/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { setTimeout as sleep } from 'node:timers/promises';
import { EngineError } from '../engine/errors.ts';
import type { Exchange } from '../engine/exchange.ts';
import type { UserRecord } from '../engine/state.ts';
import { message, type MessageKey } from '../i18n/messages.ts';
import { WIRE_CODES } from '../routes/errors.ts';
import type { CallContext, Handlers } from '../routes/handlers.ts';
import type { Replay } from '../record/replay.ts';
import type { FaultTable } from './faults.ts';

export interface ProtocolOptions {
  codec: Codec;
  /** encrypt `data` of successful replies (PROTOCOL.md §2) */
  encrypt: boolean;
  /** the MD5 of DEFAULT_TOKEN: the first half of a guest's signature */
  guestTokenMd5: string;
  exchange: Exchange;
  handlers: Handlers;
  faults: FaultTable;
  /** the wall clock the `time` window is checked against; never the simulated clock */
  wallClock: () => number;
  /**
   * Answers a request no route took, before the 404 envelope: the web app's history-mode pages.
   * Returns whether it answered.
   */
  pageFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean;
  /** the header names calls carry (default the protocol's HEADERS) */
  headers?: HeaderNames;
  /** a recorded fixture set to answer from (SCENARIO=recorded:<name>) */
  replay?: Replay;
  /** tests only: rename one field of one endpoint's reply (see AppOptions.testOnlyDrift) */
  testOnlyDrift?: ReplyDrift;
}

/** A deliberate departure from the contract: `field` of `path`'s reply data is sent as `renameTo`. */
export interface ReplyDrift {
  readonly path: string;
  readonly field: string;
  readonly renameTo: string;
}

const drifted = (data: unknown, drift: ReplyDrift): unknown => {
  if (typeof data !== 'object' || data === null || !(drift.field in data)) return data;
  const { [drift.field]: value, ...rest } = data as Record<string, unknown>;
  return { ...rest, [drift.renameTo]: value };
};

const HEX64 = /^[0-9a-f]{64}$/;

/** The app language of a call: our own codes, and the usual browser tags mapped onto them. */
export function languageOf(header: string | string[] | undefined): Language {
  const raw = (Array.isArray(header) ? header[0] : header) ?? '';
  for (const part of raw.split(',')) {
    const tag = (part.split(';')[0] ?? '').trim().toLowerCase();
    const primary = tag.split('-')[0] ?? '';
    if (isLanguage(tag)) return tag;
    if (primary === 'ja') return 'jp';
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

const headerValue = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/** A refusal at the wire, before any handler runs: it carries the reply code itself. */
class WireRefusal extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Readonly<Record<string, string | number>>,
    readonly code: number,
  ) {
    super(key);
    this.name = 'WireRefusal';
  }
}

/**
 * The wire: checks every call as PROTOCOL.md §1 says, in that order, and wraps every reply,
 * success or failure, in the envelope with HTTP 200. Nothing answers HTML or a stack trace.
 */
export const protocolPlugin = fp(
  (app: FastifyInstance, options: ProtocolOptions) => {
    const { codec, exchange } = options;
    const names = options.headers ?? HEADERS;

    /** The language a reply's `msg` is written in, read from the configured header. */
    const callerLanguage = (request: FastifyRequest): Language =>
      languageOf(headerValue(request, names.language));

    const send = (reply: FastifyReply, envelope: Envelope): FastifyReply =>
      reply.code(200).type('application/json; charset=utf-8').send(envelope);

    const refusal = (
      reply: FastifyReply,
      language: Language,
      code: number,
      key: MessageKey,
      params: Record<string, string | number> = {},
    ) => send(reply, { code, msg: message(key, language, params), data: null });

    const fieldMessage = (language: Language, field: string, reason: string) =>
      message('field_invalid', language, { field, reason });

    /** A refusal's envelope; the engine's refusals take the code routes/errors.ts maps them to. */
    const errorEnvelope = (error: WireRefusal | EngineError, language: Language): Envelope => {
      const code = error instanceof WireRefusal ? error.code : WIRE_CODES[error.kind];
      const field = error.params['field'];
      const msg =
        code === CODES.badRequest && typeof field === 'string'
          ? fieldMessage(language, field, message(error.key, language, error.params))
          : message(error.key, language, error.params);
      return { code, msg, data: null };
    };

    /** Checks 1–3 of PROTOCOL.md §1; answers the signature's first half (whose token). */
    const checkSignature = (request: FastifyRequest): string => {
      const body: unknown = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new WireRefusal('bad_request', {}, CODES.badRequest);
      }
      const time = (body as Record<string, unknown>)[TIME_FIELD];
      if (typeof time !== 'number' || !Number.isSafeInteger(time)) {
        throw new WireRefusal('time_invalid', { field: TIME_FIELD }, CODES.badRequest);
      }
      if (Math.abs(options.wallClock() - time) > TIME_WINDOW_MS) {
        throw new WireRefusal('request_expired', {}, CODES.forbidden);
      }
      const uuid = headerValue(request, names.uuid);
      const token = headerValue(request, names.token).toLowerCase();
      if (uuid === '' || uuid.length > 64 || !HEX64.test(token)) {
        throw new WireRefusal('bad_signature', {}, CODES.forbidden);
      }
      if (token.slice(32) !== codec.md5hex(String(time) + uuid)) {
        throw new WireRefusal('bad_signature', {}, CODES.forbidden);
      }
      return token.slice(0, 32);
    };

    /** Checks 1–4 of PROTOCOL.md §1; answers who is calling. */
    const authenticate = (
      request: FastifyRequest,
      entry: Endpoint,
    ): { user: UserRecord | null; tokenMd5: string | null } => {
      const tokenMd5 = checkSignature(request);
      if (tokenMd5 !== options.guestTokenMd5) {
        const session = exchange.auth.touchSession(tokenMd5);
        const user = session ? exchange.users.get(session.user_id) : null;
        if (user) return { user, tokenMd5 };
      }
      if (entry.auth === 'user') throw new WireRefusal('unauthorized', {}, CODES.unauthorized);
      return { user: null, tokenMd5: null };
    };

    type AnyHandler = (body: unknown, context: CallContext) => unknown;
    const served = new Map<string, AnyHandler>();
    for (const domain of Object.keys(options.handlers) as Domain[]) {
      const table = options.handlers[domain] as Readonly<Record<string, AnyHandler>> | undefined;
      const entries = endpoints[domain] as Readonly<Record<string, Endpoint>>;
      for (const [name, entry] of Object.entries(entries)) {
        const handler = table?.[name];
        if (handler) served.set(entry.path, handler);
      }
    }

    app.register((scope, _opts, done) => {
      for (const entry of allEndpoints) {
        const handler = served.get(entry.path);
        const replayed = options.replay?.has(entry.path) === true;
        if (!handler && !replayed) continue;
        scope.post(entry.path, async (request, reply) => {
          const language = callerLanguage(request);
          const fault = options.faults.take(entry.path);
          if (fault) {
            if (fault.latency_ms > 0) await sleep(fault.latency_ms);
            if (fault.drop) {
              // Start a reply and cut it off: a connection closed before any byte is one a
              // browser silently retries on another, so the client would never see the fault.
              reply.hijack();
              request.raw.socket.end(
                'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 64\r\n\r\n{"code":',
              );
              return reply;
            }
            if (fault.code !== null) {
              const key: MessageKey =
                fault.code === CODES.unauthorized
                  ? 'unauthorized'
                  : fault.code === CODES.failed
                    ? 'internal_error'
                    : 'bad_request';
              return await refusal(reply, language, fault.code, key);
            }
          }
          try {
            if (replayed && options.replay) {
              const caller = checkSignature(request);
              const fields = { ...(request.body as Record<string, unknown>) };
              Reflect.deleteProperty(fields, TIME_FIELD);
              const guest = caller === options.guestTokenMd5;
              const recorded = options.replay.take(
                entry.path,
                guest ? 'guest' : caller,
                fields,
                guest && entry.auth === 'user',
              );
              if (recorded) {
                const data =
                  options.encrypt && recorded.code === CODES.ok && recorded.data !== null
                    ? codec.encrypt(JSON.stringify(recorded.data))
                    : recorded.data;
                return await send(reply, { code: recorded.code, msg: recorded.msg, data });
              }
            }
            if (!handler) throw new WireRefusal('not_found', {}, CODES.notFound);
            const { user, tokenMd5 } = authenticate(request, entry);
            const parsed = entry.request.safeParse(request.body);
            if (!parsed.success) {
              const issue = parsed.error.issues[0];
              const field = issue?.path.join('.') || 'body';
              return await send(reply, {
                code: CODES.badRequest,
                msg: fieldMessage(language, field, issue?.message ?? 'is invalid'),
                data: null,
              });
            }
            const context: CallContext = {
              exchange,
              language,
              user,
              tokenMd5,
              client: request.ip,
            };
            const result = await handler(parsed.data, context);
            const checked = entry.response.safeParse(result);
            if (!checked.success) {
              request.log.error(
                { path: entry.path, issues: checked.error.issues },
                'a handler answered outside its response schema',
              );
              return await refusal(reply, language, CODES.failed, 'internal_error');
            }
            const sent =
              options.testOnlyDrift?.path === entry.path
                ? drifted(checked.data, options.testOnlyDrift)
                : checked.data;
            const data = options.encrypt ? codec.encrypt(JSON.stringify(sent)) : sent;
            return await send(reply, { code: CODES.ok, msg: '', data });
          } catch (error) {
            if (error instanceof EngineError || error instanceof WireRefusal)
              return await send(reply, errorEnvelope(error, language));
            request.log.error({ err: error, path: entry.path }, 'handler failed');
            return await refusal(reply, language, CODES.failed, 'internal_error');
          }
        });
      }
      done();
    });

    app.setNotFoundHandler((request, reply) => {
      if (options.pageFallback?.(request, reply)) return reply;
      return refusal(reply, callerLanguage(request), CODES.notFound, 'not_found');
    });

    app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
      const language = callerLanguage(request);
      if (error.statusCode === 413) {
        return refusal(reply, language, CODES.payloadTooLarge, 'body_too_large');
      }
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return refusal(reply, language, CODES.badRequest, 'bad_request');
      }
      request.log.error({ err: error }, 'unhandled fault');
      return refusal(reply, language, CODES.failed, 'internal_error');
    });
  },
  { name: 'bourse-protocol' },
);

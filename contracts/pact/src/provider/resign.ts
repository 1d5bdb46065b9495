/**
 * The verifier's request filter. A pact records the request as the consumer sent it, with a
 * `time` long past the server's five-minute window and a signature made from that `time`: the
 * filter stamps each replayed call with the current time and signs it again, as the client
 * would have at that moment.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_TOKEN, HEADERS, TIME_FIELD, type HeaderNames } from '@bourse/protocol';
import { PACT_TOKEN } from '../pact.ts';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** A request as the verifier's proxy hands it over: body-parser has parsed a JSON body. */
export type FilteredRequest = IncomingMessage & { body?: unknown };
export type RequestFilter = (req: FilteredRequest, res: ServerResponse, next: () => void) => void;

export interface ResignOptions {
  /** the clock the new `time` is read from */
  readonly now?: () => number;
  /**
   * The provider's guest token, when it is not the protocol's DEFAULT_TOKEN: a guest call's
   * first half is then the MD5 of this one.
   */
  readonly guestToken?: string;
  /**
   * The provider's header names, when they are not the protocol's HEADERS: the pact records
   * HEADERS, and each replayed call carries its language, uuid and token under these instead.
   */
  readonly headers?: HeaderNames;
  /**
   * The session the signed-in calls sign with instead of PACT_TOKEN's, when the provider state
   * was set up by signing a test account in (account-states.ts); null: PACT_TOKEN's, as recorded.
   */
  readonly session?: () => string | null;
  /**
   * What a recorded `request_id` becomes: a backend that keeps its users' requests answers a
   * request id it has seen with its first reply, so each interaction needs ids of its own.
   */
  readonly requestId?: (recorded: string) => string;
  /** told of each signed call as it goes on: its path and body */
  readonly observe?: (path: string, body: Readonly<Record<string, unknown>>) => void;
}

/** The body field that names one intent to move money (the protocol's `requestId`). */
const REQUEST_ID_FIELD = 'request_id';

const headerOf = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Sets body `time` to now and the second half of `token` to md5hex(String(time) + uuid). The
 * first half stays as recorded: the MD5 of the guest token, or of PACT_TOKEN, whose session the
 * provider state opened. Requests that carry no signature (state set-up, messages) pass as they
 * are. With other header names, the three headers are then moved to them.
 */
export function resignRequests(options: ResignOptions = {}): RequestFilter {
  const now = options.now ?? Date.now;
  const recordedGuest = md5(DEFAULT_TOKEN);
  const providerGuest = md5(options.guestToken ?? DEFAULT_TOKEN);
  const recordedSession = md5(PACT_TOKEN);
  const names = options.headers ?? HEADERS;
  const rename = (from: string, to: string) => {
    const [source, target] = [from.toLowerCase(), to.toLowerCase()];
    return (req: FilteredRequest) => {
      const value = req.headers[source];
      if (source === target || value === undefined) return;
      req.headers[target] = value;
      Reflect.deleteProperty(req.headers, source);
    };
  };
  const renames = (Object.keys(HEADERS) as (keyof HeaderNames)[]).map((key) =>
    rename(HEADERS[key], names[key]),
  );
  return (req, _res, next) => {
    const token = headerOf(req, HEADERS.token);
    const uuid = headerOf(req, HEADERS.uuid);
    const body = req.body;
    if (token !== undefined && uuid !== undefined && isRecord(body) && TIME_FIELD in body) {
      const time = Math.trunc(now());
      body[TIME_FIELD] = time;
      const recordedId = body[REQUEST_ID_FIELD];
      if (options.requestId !== undefined && typeof recordedId === 'string') {
        body[REQUEST_ID_FIELD] = options.requestId(recordedId);
      }
      const sessionHalf = token.slice(0, 32);
      const session = sessionHalf === recordedSession ? (options.session?.() ?? null) : null;
      const first =
        sessionHalf === recordedGuest
          ? providerGuest
          : session === null
            ? sessionHalf
            : md5(session);
      req.headers[HEADERS.token.toLowerCase()] = first + md5(String(time) + uuid);
      options.observe?.(req.url ?? '', body);
      // the proxy sends JSON.stringify(req.body) on: the length must be that of the new body
      req.headers['content-length'] = String(Buffer.byteLength(JSON.stringify(body)));
    }
    for (const move of renames) move(req);
    next();
  };
}

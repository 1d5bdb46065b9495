/**
 * The verifier's request filter. A pact records the request as the consumer sent it, with a
 * `time` long past the server's five-minute window and a signature made from that `time`: the
 * filter stamps each replayed call with the current time and signs it again, as the client
 * would have at that moment.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_TOKEN, HEADERS, TIME_FIELD } from '@bourse/protocol';

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
}

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
 * are.
 */
export function resignRequests(options: ResignOptions = {}): RequestFilter {
  const now = options.now ?? Date.now;
  const recordedGuest = md5(DEFAULT_TOKEN);
  const providerGuest = md5(options.guestToken ?? DEFAULT_TOKEN);
  return (req, _res, next) => {
    const token = headerOf(req, HEADERS.token);
    const uuid = headerOf(req, HEADERS.uuid);
    const body = req.body;
    if (token !== undefined && uuid !== undefined && isRecord(body) && TIME_FIELD in body) {
      const time = Math.trunc(now());
      body[TIME_FIELD] = time;
      const sessionHalf = token.slice(0, 32);
      const first = sessionHalf === recordedGuest ? providerGuest : sessionHalf;
      req.headers[HEADERS.token.toLowerCase()] = first + md5(String(time) + uuid);
      // the proxy sends JSON.stringify(req.body) on: the length must be that of the new body
      req.headers['content-length'] = String(Buffer.byteLength(JSON.stringify(body)));
    }
    next();
  };
}

/**
 * Record mode: the mock as a proxy in front of a real backend. A client (the web app, a QA
 * script) speaks to it with the mock's own wire settings; each catalogue call is re-signed
 * (current `time`, the backend's guest token, its header names; a call whose own signature or
 * `time` is bad is sent on unmended, for the backend to refuse, and not recorded) and forwarded, the reply's
 * `data` is decrypted with the backend's key, the call is added to the fixture set (redacted:
 * redact.ts) and the reply goes back to the client, encrypted with the mock's key as the mock
 * would send it. Anything else (pictures under /static…) is passed through unrecorded.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  allEndpoints,
  DEFAULT_WIRE,
  HEADERS,
  LIMITS,
  TIME_FIELD,
  TIME_WINDOW_MS,
  type HeaderNames,
  type WireSettings,
} from '@bourse/protocol';
import { createNodeCodec } from '@bourse/protocol/codec/node';
import { recordingPath, RECORDINGS_DIR, type Recording } from '@bourse/fixtures/recorded';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { redactCalls, type RawCall } from './redact.ts';

export interface RecorderOptions {
  /** the backend: origin, and base path if any */
  readonly upstream: string;
  /** the backend's key, IV, mode and guest token */
  readonly upstreamWire: WireSettings;
  /** the backend's header names */
  readonly upstreamHeaders?: HeaderNames;
  /** what clients of the recorder speak (default the protocol's, as the mock) */
  readonly wire?: WireSettings;
  readonly headers?: HeaderNames;
  /** encrypt `data` towards the client (default on, as the mock) */
  readonly encrypt?: boolean;
  /** the fixture set's name and folder (default fixtures/recorded) */
  readonly name: string;
  readonly dir?: string;
  readonly logger?: boolean | { level: string };
  readonly wallClock?: () => number;
}

export interface Recorder {
  readonly app: FastifyInstance;
  /** the file the set is written to */
  readonly file: string;
  /** how many calls were recorded */
  count(): number;
}

const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'accept-encoding',
  'content-encoding',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const headerOf = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

export function buildRecorder(options: RecorderOptions): Recorder {
  const local = options.wire ?? DEFAULT_WIRE;
  const localCodec = createNodeCodec(local);
  const localNames = options.headers ?? HEADERS;
  const upstreamCodec = createNodeCodec(options.upstreamWire);
  const upstreamNames = options.upstreamHeaders ?? HEADERS;
  const localGuest = localCodec.md5hex(local.defaultToken);
  const upstreamGuest = upstreamCodec.md5hex(options.upstreamWire.defaultToken);
  const encrypt = options.encrypt ?? true;
  const now = options.wallClock ?? Date.now;
  const target = new URL(options.upstream);
  const basePath = target.pathname.replace(/\/+$/, '');
  const file = recordingPath(options.name, options.dir ?? RECORDINGS_DIR);
  const recordedAt = new Date(now()).toISOString();
  const calls: RawCall[] = [];

  // Every write is the whole set, redacted afresh (consistent stand-ins across calls), written
  // to a temporary file and renamed, one write at a time.
  let writing: Promise<void> = Promise.resolve();
  const save = () => {
    const recording: Recording = {
      name: options.name,
      recorded_at: recordedAt,
      calls: redactCalls(calls),
    };
    writing = writing.then(async () => {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(`${file}.tmp`, `${JSON.stringify(recording, null, 2)}\n`);
      await rename(`${file}.tmp`, file);
    });
    return writing;
  };

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: LIMITS.bodyBytes });
  const upstreamUrl = (path: string) => new URL(`${basePath}${path}`, target);

  for (const entry of allEndpoints) {
    app.post(entry.path, async (request, reply) => {
      const body = isRecord(request.body) ? request.body : {};
      const uuid = headerOf(request, localNames.uuid);
      const language = headerOf(request, localNames.language);
      const signed = headerOf(request, localNames.token).toLowerCase();
      const sessionHalf = signed.slice(0, 32);
      const isGuest = sessionHalf === localGuest || sessionHalf === '';
      // A call the mock would refuse (stale `time`, bad signature) goes on unmended, so the
      // backend refuses it in its own words; a good one is signed again for the backend.
      const clientTime = body[TIME_FIELD];
      const sound =
        typeof clientTime === 'number' &&
        Math.abs(now() - clientTime) <= TIME_WINDOW_MS &&
        signed.slice(32) === localCodec.md5hex(String(clientTime) + uuid);
      const time = sound ? Math.trunc(now()) : clientTime;
      const token =
        (isGuest ? upstreamGuest : sessionHalf) +
        (sound ? upstreamCodec.md5hex(String(time) + uuid) : signed.slice(32));
      const response = await fetch(upstreamUrl(entry.path), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [upstreamNames.uuid]: uuid,
          [upstreamNames.token]: token,
          ...(language === '' ? {} : { [upstreamNames.language]: language }),
        },
        body: JSON.stringify({ ...body, [TIME_FIELD]: time }),
      });
      const envelope: unknown = await response.json().catch(() => null);
      if (!isRecord(envelope) || typeof envelope['code'] !== 'number') {
        request.log.warn({ path: entry.path, status: response.status }, 'not an envelope');
        return reply.code(502).send({ code: 500, msg: 'the backend sent no envelope', data: null });
      }
      const raw = envelope['data'];
      let data: unknown = raw;
      let readable = typeof raw !== 'string';
      if (typeof raw === 'string') {
        try {
          data = JSON.parse(upstreamCodec.decrypt(raw));
          readable = true;
        } catch {
          request.log.warn({ path: entry.path }, 'data did not decrypt: recorded as it came');
        }
      }
      const fields = { ...body };
      Reflect.deleteProperty(fields, TIME_FIELD);
      // a refusal of the client's own clock or signature says nothing about the backend's data
      if (sound) {
        calls.push({
          path: entry.path,
          caller: isGuest ? 'guest' : sessionHalf,
          language,
          request: fields,
          reply: {
            code: envelope['code'],
            msg: typeof envelope['msg'] === 'string' ? envelope['msg'] : '',
            data,
          },
        });
        await save();
      }
      // as the mock answers: a success's data encrypted (when on), anything else as it is
      const sent =
        encrypt && readable && envelope['code'] === 200 && data !== null && data !== undefined
          ? localCodec.encrypt(JSON.stringify(data))
          : data;
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send({ ...envelope, data: sent });
    });
  }

  // the rest (artwork, pictures) passes through as it is, unrecorded
  app.setNotFoundHandler(async (request, reply) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || NOT_FORWARDED.has(name)) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const method = request.method;
    const response = await fetch(upstreamUrl(request.url), {
      method,
      headers,
      redirect: 'manual',
      ...(method === 'GET' || method === 'HEAD' || request.body === undefined
        ? {}
        : { body: JSON.stringify(request.body) }),
    });
    response.headers.forEach((value, name) => {
      if (!NOT_FORWARDED.has(name)) void reply.header(name, value);
    });
    return reply.code(response.status).send(Buffer.from(await response.arrayBuffer()));
  });

  app.addHook('onClose', async () => {
    await writing;
  });
  return { app, file, count: () => calls.length };
}

// A client of the real wire, as the app speaks it: signed headers, the `time` field, replies
// decrypted with the protocol's node codec and checked against the catalogue's schemas. Paths
// and field names come from the catalogue only. Encryption must be on: a success whose data
// arrives in the clear is a failure here.
import { randomUUID } from 'node:crypto';
import {
  CMD,
  CODES,
  envelopeSchema,
  HEADERS,
  parseServerFrame,
  pushMessage,
  socketUrl,
  TIME_FIELD,
  type Endpoint,
  type PushMessage,
  type RequestOf,
  type ResponseOf,
  type Topic,
} from '@bourse/protocol';
import { createNodeCodec } from '@bourse/protocol/codec/node';

export interface WireReply<E extends Endpoint> {
  code: number;
  msg: string;
  /** the decrypted, schema-checked data of a success; null otherwise */
  data: ResponseOf<E> | null;
}

/** A call that got no reply at all (a dropped connection, a timeout). */
export class TransportError extends Error {
  override readonly name = 'TransportError';
}

export class WireClient {
  readonly uuid = randomUUID();
  /** the session token once signed in; null signs as a guest */
  token: string | null = null;
  private readonly codec = createNodeCodec();

  constructor(
    readonly origin: string,
    private readonly timeoutMs = 15_000,
  ) {}

  /** Calls `endpoint` with `body` and answers its envelope, data decrypted and checked. */
  async call<E extends Endpoint>(endpoint: E, body: RequestOf<E>): Promise<WireReply<E>> {
    const time = Date.now();
    let text: string;
    try {
      const response = await fetch(`${this.origin}${endpoint.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [HEADERS.language]: 'en',
          [HEADERS.uuid]: this.uuid,
          [HEADERS.token]: this.codec.signToken(this.token, time, this.uuid),
        },
        body: JSON.stringify({ ...body, [TIME_FIELD]: time }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new TransportError(`${endpoint.path}: no reply (${messageOf(error)})`);
    }
    const envelope = envelopeSchema.parse(JSON.parse(text));
    if (envelope.code !== CODES.ok || envelope.data === null) {
      return { code: envelope.code, msg: envelope.msg, data: null };
    }
    if (typeof envelope.data !== 'string') {
      throw new Error(`${endpoint.path}: data came in the clear; QA runs with encryption on`);
    }
    const data: unknown = JSON.parse(this.codec.decrypt(envelope.data));
    const checked = endpoint.response.parse(data) as ResponseOf<E>;
    return { code: envelope.code, msg: envelope.msg, data: checked };
  }

  /** Calls `endpoint` and answers its data, or throws with the code and message of a refusal. */
  async ok<E extends Endpoint>(endpoint: E, body: RequestOf<E>): Promise<ResponseOf<E>> {
    const reply = await this.call(endpoint, body);
    if (reply.code !== CODES.ok || reply.data === null) {
      throw new Error(`${endpoint.path} answered ${String(reply.code)} ${reply.msg}`);
    }
    return reply.data;
  }

  /** Opens the live feed, bound to this client's session when it has one. */
  async feed(): Promise<Feed> {
    const base = `${this.origin.replace(/^http/, 'ws')}/ws`;
    const socket = new WebSocket(socketUrl(base, this.uuid, Date.now()));
    const feed = new Feed(socket);
    await feed.opened;
    if (this.token !== null) feed.send({ cmd: CMD.bind, msg: this.token });
    return feed;
  }
}

/** The live feed as a client sees it: every push, checked against its func's schema. */
export class Feed {
  readonly pushes: PushMessage[] = [];
  readonly opened: Promise<void>;
  private waiters: (() => void)[] = [];

  constructor(private readonly socket: WebSocket) {
    this.opened = new Promise((resolve, reject) => {
      socket.addEventListener('open', () => {
        resolve();
      });
      socket.addEventListener('error', () => {
        reject(new TransportError('the live feed did not open'));
      });
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      const parsed = parseServerFrame(String(event.data));
      if (!parsed.ok) return;
      const frame = parsed.frame;
      if (frame.cmd === CMD.ping) this.send({ cmd: CMD.pong, msg: frame.msg });
      if (frame.cmd !== CMD.data) return;
      const push = pushMessage.safeParse(frame.msg);
      if (push.success) this.pushes.push(push.data);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  send(frame: { cmd: string; msg: string | number }): void {
    this.socket.send(JSON.stringify(frame));
  }

  subscribe(topic: Topic): void {
    this.send({ cmd: CMD.sub, msg: topic });
  }

  /** The first push (from now on, or already received when `seen` is true) that `match` finds. */
  async next<T>(
    match: (push: PushMessage) => T | undefined,
    timeoutMs = 5_000,
    what = 'a push',
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let from = 0;
    for (;;) {
      for (const push of this.pushes.slice(from)) {
        const found = match(push);
        if (found !== undefined) return found;
      }
      from = this.pushes.length;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${String(timeoutMs)} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Forgets what was received so far. */
  clear(): void {
    this.pushes.length = 0;
  }

  close(): void {
    this.socket.close();
  }
}

const messageOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
};

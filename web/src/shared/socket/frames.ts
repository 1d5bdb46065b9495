import {
  CMD,
  errorFrame,
  pingFrame,
  PRIVATE_FUNCS,
  PUBLIC_FUNCS,
  pushMessage,
  serverFrame,
  type PushMessage,
} from '@bourse/protocol';
import { z } from 'zod/mini';

/*
 * The web's reading of a server frame, pure and on its own so that the Pact message suites read
 * pushes exactly as the app does (`@bourse/web/socket-frames`).
 */

const KNOWN_FUNCS: readonly string[] = [...PUBLIC_FUNCS, ...PRIVATE_FUNCS];

/** A server frame as the model acts on it. */
export type ServerFrameReading =
  | { readonly kind: 'ping'; readonly msg: number }
  | { readonly kind: 'push'; readonly push: PushMessage }
  /** a frame that did not parse, or the server's own error frame: reported as `socketErrored` */
  | { readonly kind: 'error'; readonly message: string; readonly details: readonly unknown[] }
  /** a push of a func this client does not know yet: the protocol lets those through; logged */
  | { readonly kind: 'unknown'; readonly func: string };

const EXCERPT_LENGTH = 200;

const issuesText = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  issues
    .map((issue) =>
      issue.path.length > 0
        ? `${issue.path.map(String).join('.')}: ${issue.message}`
        : issue.message,
    )
    .join('; ');

/**
 * A server frame with its push checked against its func, in one pass: the frames that come
 * several times a second (pushes of known funcs, pings) are checked once. Only a frame this
 * refuses is read again with the protocol's looser `serverFrame`, to tell why.
 */
const knownServerFrame = z.discriminatedUnion('cmd', [
  pingFrame,
  z.object({ cmd: z.literal(CMD.data), msg: pushMessage }),
  errorFrame,
]);

/** Why a frame that parsed as JSON was refused. */
function refusalOf(json: unknown, data: string, issues: string): ServerFrameReading {
  const envelope = serverFrame.safeParse(json);
  if (!envelope.success) {
    return {
      kind: 'error',
      message: `a frame does not parse: ${z.prettifyError(envelope.error)}`,
      details: [data.slice(0, EXCERPT_LENGTH)],
    };
  }
  const frame = envelope.data;
  if (frame.cmd !== CMD.data) {
    return { kind: 'error', message: `a frame does not parse: ${issues}`, details: [] };
  }
  if (!KNOWN_FUNCS.includes(frame.msg.func)) return { kind: 'unknown', func: frame.msg.func };
  return {
    kind: 'error',
    message: `a ${frame.msg.func} push does not parse: ${issues}`,
    details: [data.slice(0, EXCERPT_LENGTH)],
  };
}

/** Reads one frame the server sent (one JSON.parse, one schema check); never throws. */
export function readServerFrame(data: unknown): ServerFrameReading {
  if (typeof data !== 'string') {
    return { kind: 'error', message: 'a frame is not text', details: [] };
  }
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return {
      kind: 'error',
      message: 'a frame does not parse: frame is not JSON',
      details: [data.slice(0, EXCERPT_LENGTH)],
    };
  }
  const parsed = knownServerFrame.safeParse(json);
  if (!parsed.success) return refusalOf(json, data, issuesText(parsed.error.issues));
  const frame = parsed.data;
  switch (frame.cmd) {
    case CMD.ping:
      return { kind: 'ping', msg: frame.msg };
    case CMD.error:
      return { kind: 'error', message: `the server refused a frame: ${frame.msg}`, details: [] };
    case CMD.data:
      return { kind: 'push', push: frame.msg };
  }
}

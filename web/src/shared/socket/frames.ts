import {
  CMD,
  parseServerFrame,
  PRIVATE_FUNCS,
  PUBLIC_FUNCS,
  pushMessage,
  type PushMessage,
} from '@bourse/protocol';

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

/** Reads one frame the server sent; never throws. */
export function readServerFrame(data: unknown): ServerFrameReading {
  if (typeof data !== 'string') {
    return { kind: 'error', message: 'a frame is not text', details: [] };
  }
  const parsed = parseServerFrame(data);
  if (!parsed.ok) {
    return {
      kind: 'error',
      message: `a frame does not parse: ${parsed.error}`,
      details: [data.slice(0, EXCERPT_LENGTH)],
    };
  }
  const frame = parsed.frame;
  switch (frame.cmd) {
    case CMD.ping:
      return { kind: 'ping', msg: frame.msg };
    case CMD.error:
      return { kind: 'error', message: `the server refused a frame: ${frame.msg}`, details: [] };
    case CMD.data: {
      const push = pushMessage.safeParse(frame.msg);
      if (push.success) return { kind: 'push', push: push.data };
      if (!KNOWN_FUNCS.includes(frame.msg.func)) return { kind: 'unknown', func: frame.msg.func };
      return {
        kind: 'error',
        message: `a ${frame.msg.func} push does not parse: ${issuesText(push.error.issues)}`,
        details: [data.slice(0, EXCERPT_LENGTH)],
      };
    }
  }
}

// What a phone does first against the demo, through whatever serves it (nginx in front of the
// mock, locally or in docker compose): a signed, encrypted sign-in, then the live feed's Data24h.
import { randomUUID } from 'node:crypto';
import { CMD, parseServerFrame, pushMessage, socketUrl, TOPIC } from '@bourse/protocol';
import WebSocket from 'ws';
import { demoAccount, wireSignIn } from '../../bench/session.ts';

export interface DemoCheck {
  /** the signed-in user's e-mail, read from the decrypted login reply */
  email: string;
  /** how many tickers the first Data24h push carried */
  tickers: number;
}

/** Signs in as the demo account with a signed, encrypted call to `origin` (http://host:port). */
export async function signIn(origin: string): Promise<{ token: string; email: string }> {
  const session = await wireSignIn(origin, demoAccount(), AbortSignal.timeout(15_000));
  if (!session.encrypted) throw new Error('the login reply was not encrypted');
  return { token: session.token, email: session.user.email };
}

/** Opens the feed at `origin`'s /ws, binds the session, subscribes to Data24h, waits for a push. */
export function firstData24h(origin: string, token: string, timeoutMs = 15_000): Promise<number> {
  const url = socketUrl(`${origin.replace(/^http/, 'ws')}/ws`, randomUUID(), Date.now());
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const timer = setTimeout(() => {
      finish(new Error(`no Data24h push from ${url} within ${timeoutMs} ms`));
    }, timeoutMs);
    const finish = (outcome: Error | number) => {
      clearTimeout(timer);
      socket.terminate();
      if (typeof outcome === 'number') resolve(outcome);
      else reject(outcome);
    };
    socket.on('open', () => {
      socket.send(JSON.stringify({ cmd: CMD.bind, msg: token }));
      socket.send(JSON.stringify({ cmd: CMD.sub, msg: TOPIC.data24h }));
    });
    socket.on('message', (raw: Buffer) => {
      const parsed = parseServerFrame(raw.toString('utf8'));
      if (!parsed.ok) {
        finish(new Error(`a frame that does not parse: ${parsed.error}`));
        return;
      }
      const { frame } = parsed;
      if (frame.cmd === CMD.error) {
        finish(new Error(`the feed refused: ${frame.msg}`));
        return;
      }
      if (frame.cmd === CMD.ping) socket.send(JSON.stringify({ cmd: CMD.pong, msg: frame.msg }));
      if (frame.cmd !== CMD.data) return;
      const push = pushMessage.parse(frame.msg);
      if (push.func === 'Data24h') finish(push.data.length);
    });
    socket.on('error', (error) => {
      finish(error);
    });
    socket.on('unexpected-response', (_request, response) => {
      finish(new Error(`the socket upgrade was answered ${String(response.statusCode)}`));
    });
  });
}

/** The demo as a phone meets it: sign in, then the first Data24h push, both through `origin`. */
export async function checkDemo(origin: string): Promise<DemoCheck> {
  const { token, email } = await signIn(origin);
  const tickers = await firstData24h(origin, token);
  return { email, tickers };
}

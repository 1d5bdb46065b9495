/**
 * The socket pushes, taken from the mock's real socket gateway: a socket binds with the
 * contract's token (or subscribes to a public topic), the gateway pushes, and the frame that
 * arrives is what the verifier matches. The push's data comes from the protocol's schema (the mock has no notice
 * feature of its own yet); the frame around it is the gateway's.
 */
import { CMD, FUNC, socketUrl, TOPIC } from '@bourse/protocol';
import type { MessageDescriptor, MessageProviders } from '@pact-foundation/pact';
import {
  BALANCE_PUSH,
  DATA24H_PUSH,
  FUNDS_PUSH,
  FUNDS_WITHDRAWAL_PUSH,
  KLINE_PUSH,
  KLINE_TOPIC,
  NOTICE_PUSH,
  PACT_UUID,
} from '../pact.ts';
import { readStateParams } from '../states.ts';
import { checkedFrame, noticeAbout } from './messages.ts';
import type { MockApp } from './mock-states.ts';

export interface MockPushesOptions {
  readonly app: MockApp;
  /** where the mock listens (http://…); the socket is at /ws there */
  readonly baseUrl: string;
  /** how long to wait for the push, ms */
  readonly timeoutMs?: number;
}

/** The session the interaction's "a signed-in user" state opened. */
function signedInUser(app: MockApp, descriptor: MessageDescriptor) {
  const providerState = descriptor.providerStates?.find(
    (candidate) => candidate.name === 'a signed-in user',
  );
  const { email, token } = readStateParams('a signed-in user', providerState?.params);
  const user = app.exchange.users.byEmail(email);
  if (!user) throw new Error(`${descriptor.description}: no user ${email}`);
  return { userId: user.user_id, token };
}

/**
 * Opens a socket, sends it `frames` (a bind, a sub) and calls `push` until a data frame arrives
 * (neither has an answer, so the first pushes may come before they took effect). Answers that
 * frame.
 */
async function capturePush(
  socketBase: string,
  frames: readonly object[],
  push: () => void,
  timeoutMs: number,
): Promise<unknown> {
  const socket = new WebSocket(socketUrl(`${socketBase}/ws`, PACT_UUID, Date.now()));
  let pushing: ReturnType<typeof setInterval> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<unknown>((resolve, reject) => {
      deadline = setTimeout(() => {
        reject(new Error(`no push reached the socket within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.addEventListener('error', () => {
        reject(new Error('the socket failed'));
      });
      socket.addEventListener('open', () => {
        for (const frame of frames) socket.send(JSON.stringify(frame));
        pushing = setInterval(push, 25);
      });
      socket.addEventListener('message', (event: MessageEvent) => {
        const frame: unknown = JSON.parse(String(event.data));
        const cmd = typeof frame === 'object' && frame !== null && 'cmd' in frame && frame.cmd;
        if (cmd === CMD.error) reject(new Error(`the gateway refused: ${JSON.stringify(frame)}`));
        if (cmd === CMD.data) resolve(frame);
      });
    });
  } finally {
    clearInterval(pushing);
    clearTimeout(deadline);
    socket.close();
  }
}

export function mockMessageProviders({
  app,
  baseUrl,
  timeoutMs = 5_000,
}: MockPushesOptions): MessageProviders {
  const socketBase = baseUrl.replace(/^http/, 'ws');
  return {
    [NOTICE_PUSH]: async (descriptor) => {
      const { userId, token } = signedInUser(app, descriptor);
      const data = noticeAbout(app.exchange.now());
      const frame = await capturePush(
        socketBase,
        [{ cmd: CMD.bind, msg: token }],
        () => {
          app.gateway.pushToUser(userId, FUNC.notice, data);
        },
        timeoutMs,
      );
      return checkedFrame(frame);
    },
    // the money pushes, with data from the mock's own ledger and a deposit its review decided
    [BALANCE_PUSH]: async (descriptor) => {
      const { userId, token } = signedInUser(app, descriptor);
      const data = app.exchange.funds.balances(userId);
      return checkedFrame(
        await capturePush(
          socketBase,
          [{ cmd: CMD.bind, msg: token }],
          () => {
            app.gateway.pushToUser(userId, FUNC.balance, data);
          },
          timeoutMs,
        ),
      );
    },
    [FUNDS_PUSH]: async (descriptor) => {
      const { userId, token } = signedInUser(app, descriptor);
      const funds = app.exchange.funds;
      funds.readyDepositAccount(userId, 'usdt', 'TRC20');
      const made = funds.addDeposit(userId, {
        request_id: 'pact-funds-push-000001',
        method: 'usdt',
        network: 'TRC20',
        amount: '100',
        currency: 'USDT',
        tx_hash: 'ab'.repeat(32),
        remark: '',
      });
      const record = funds.decideDeposit(made.id, true);
      return checkedFrame(
        await capturePush(
          socketBase,
          [{ cmd: CMD.bind, msg: token }],
          () => {
            app.gateway.pushToUser(userId, FUNC.funds, { kind: 'deposit', record });
          },
          timeoutMs,
        ),
      );
    },
    // the withdrawal the interaction's states left under review, rejected by the review
    [FUNDS_WITHDRAWAL_PUSH]: async (descriptor) => {
      const { userId, token } = signedInUser(app, descriptor);
      const funds = app.exchange.funds;
      const [pending] = funds.withdrawals(userId, { status: 'reviewing', page: 1, limit: 1 }).list;
      if (!pending) throw new Error(`${descriptor.description}: no withdrawal under review`);
      const record = funds.decideWithdrawal(pending.id, false, 'The bank account is closed');
      return checkedFrame(
        await capturePush(
          socketBase,
          [{ cmd: CMD.bind, msg: token }],
          () => {
            app.gateway.pushToUser(userId, FUNC.funds, { kind: 'withdrawal', record });
          },
          timeoutMs,
        ),
      );
    },
    // the market's public pushes, from the mock's own live feed on a subscribed socket
    [DATA24H_PUSH]: async () =>
      checkedFrame(
        await capturePush(
          socketBase,
          [{ cmd: CMD.sub, msg: TOPIC.data24h }],
          app.marketFeed.publishNow,
          timeoutMs,
        ),
      ),
    [KLINE_PUSH]: async () =>
      checkedFrame(
        await capturePush(
          socketBase,
          [{ cmd: CMD.sub, msg: KLINE_TOPIC }],
          app.marketFeed.publishNow,
          timeoutMs,
        ),
      ),
  };
}

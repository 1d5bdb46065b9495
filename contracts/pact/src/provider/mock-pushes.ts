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
  DIGITS_PUSH,
  DIGITS_RESULT_PUSH,
  FUNDS_PUSH,
  FUNDS_WITHDRAWAL_PUSH,
  KLINE_PUSH,
  KLINE_TOPIC,
  NOTICE_PUSH,
  OPTION_PUSH,
  ORDER_PUSH,
  PACT_UUID,
  POSITION_CLOSED_PUSH,
  POSITION_PUSH,
  TRADE_BALANCE_PUSH,
} from '../pact.ts';
import { readStateParams } from '../states.ts';
import { checkedFrame } from './messages.ts';
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

/** A push as it arrives: its func and data. */
interface Push {
  readonly func: string;
  readonly data: Record<string, unknown>;
}

const pushIn = (frame: unknown): Push | null => {
  if (typeof frame !== 'object' || frame === null || !('msg' in frame)) return null;
  const { msg } = frame;
  if (typeof msg !== 'object' || msg === null || !('func' in msg) || !('data' in msg)) return null;
  const { func, data } = msg;
  if (typeof func !== 'string' || typeof data !== 'object' || data === null) return null;
  return { func, data: data as Record<string, unknown> };
};

/** what the bound socket is probed with until it hears it: the socket is then bound */
const PROBE = { id: 'pact-probe', title: 'probe', summary: 'probe', created_at: 0 };

/**
 * How a socket is known to be ready before the act: `frames` sent on open (a bind, subs; none
 * has an answer), then `probe` run until a frame `isProbe` takes arrives (the gateway takes a
 * socket's frames in order, so every frame sent before has taken effect by then).
 */
interface Readiness {
  readonly frames: readonly object[];
  readonly probe: () => void;
  readonly isProbe: (push: Push) => boolean;
}

/**
 * Opens a socket, makes it ready, then runs `act` once: what the engine does then reaches the
 * socket through the mock's own feeds. Answers the first data frame `accept` takes.
 */
async function captureAfterReady(
  socketBase: string,
  ready: Readiness,
  act: () => void,
  accept: (push: Push) => boolean,
  timeoutMs: number,
): Promise<unknown> {
  const socket = new WebSocket(socketUrl(`${socketBase}/ws`, PACT_UUID, Date.now()));
  let probing: ReturnType<typeof setInterval> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<unknown>((resolve, reject) => {
      let isReady = false;
      deadline = setTimeout(() => {
        reject(new Error(`no accepted push reached the socket within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.addEventListener('error', () => {
        reject(new Error('the socket failed'));
      });
      socket.addEventListener('open', () => {
        for (const frame of ready.frames) socket.send(JSON.stringify(frame));
        probing = setInterval(ready.probe, 25);
      });
      socket.addEventListener('message', (event: MessageEvent) => {
        const frame: unknown = JSON.parse(String(event.data));
        const cmd = typeof frame === 'object' && frame !== null && 'cmd' in frame && frame.cmd;
        if (cmd === CMD.error) reject(new Error(`the gateway refused: ${JSON.stringify(frame)}`));
        if (cmd !== CMD.data) return;
        const push = pushIn(frame);
        if (!isReady && push && ready.isProbe(push)) {
          isReady = true;
          clearInterval(probing);
          try {
            act();
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
          return;
        }
        if (isReady && push && accept(push)) resolve(frame);
      });
    });
  } finally {
    clearInterval(probing);
    clearTimeout(deadline);
    socket.close();
  }
}

/**
 * Binds the socket with the user's token, probed with a Notice pushed to the user until it
 * arrives (a bind has no answer), then acts.
 */
function captureAfterBind(
  socketBase: string,
  app: MockApp,
  user: { userId: string; token: string },
  act: () => void,
  accept: (push: Push) => boolean,
  timeoutMs: number,
): Promise<unknown> {
  const ready: Readiness = {
    frames: [{ cmd: CMD.bind, msg: user.token }],
    probe: () => {
      app.gateway.pushToUser(user.userId, FUNC.notice, PROBE);
    },
    isProbe: ({ func, data }) => func === FUNC.notice && data['id'] === PROBE.id,
  };
  return captureAfterReady(socketBase, ready, act, accept, timeoutMs);
}

/**
 * Subscribes the socket to a public `topic`, then to Data24h, probed with the market's tickers
 * until they arrive (a sub has no answer; the first sub took effect before the second), then acts.
 */
function captureAfterSub(
  socketBase: string,
  app: MockApp,
  topic: string,
  act: () => void,
  accept: (push: Push) => boolean,
  timeoutMs: number,
): Promise<unknown> {
  const ready: Readiness = {
    frames: [
      { cmd: CMD.sub, msg: topic },
      { cmd: CMD.sub, msg: TOPIC.data24h },
    ],
    probe: app.marketFeed.publishNow,
    isProbe: ({ func }) => func === FUNC.data24h,
  };
  return captureAfterReady(socketBase, ready, act, accept, timeoutMs);
}

export function mockMessageProviders({
  app,
  baseUrl,
  timeoutMs = 5_000,
}: MockPushesOptions): MessageProviders {
  const socketBase = baseUrl.replace(/^http/, 'ws');
  /** a long of 0.1 BTC at market, 20× */
  const openLong = (userId: string) => {
    app.exchange.domains.contracts.addOrder(userId, {
      symbol_id: 'btcusdt',
      side: 'buy',
      type: 'market',
      price: '',
      quantity: '0.1',
      leverage_id: '3',
      take_profit: '',
      stop_loss: '',
      reduce_only: false,
      request_id: 'pact-push-order-000001',
    });
  };
  /** 100 USDT up on BTC for a minute */
  const buyOption = (userId: string) => {
    app.exchange.domains.options.addOrder(userId, {
      symbol_id: 'btcusdt',
      duration_id: '2',
      direction: 'up',
      amount: '100',
      request_id: 'pact-push-option-000001',
    });
  };
  /** the held clock moved to the Coin Guess period's draw: it is drawn and its bets paid */
  const drawNow = () => {
    const digits = app.exchange.domains.digits;
    const round = digits.round();
    app.exchange.clock.advance(Math.max(0, round.draw_at - round.server_time));
    digits.round();
  };
  const closeAll = (userId: string) => {
    app.exchange.domains.contracts.allStop(userId, { request_id: 'pact-push-allstop-0001' });
  };
  const contractPush = (
    descriptor: MessageDescriptor,
    act: (userId: string) => void,
    accept: (push: Push) => boolean,
  ) => {
    const user = signedInUser(app, descriptor);
    return captureAfterBind(
      socketBase,
      app,
      user,
      () => {
        act(user.userId);
      },
      accept,
      timeoutMs,
    );
  };
  /** A USDT deposit declared by the signed-in user and left for the review to approve. */
  const depositUnderReview = (descriptor: MessageDescriptor, requestId: string) => {
    const { userId } = signedInUser(app, descriptor);
    const funds = app.exchange.funds;
    funds.readyDepositAccount(userId, 'usdt', 'TRC20');
    const made = funds.addDeposit(userId, {
      request_id: requestId,
      method: 'usdt',
      network: 'TRC20',
      amount: '100',
      currency: 'USDT',
      tx_hash: 'ab'.repeat(32),
      remark: '',
    });
    return {
      approve: () => {
        funds.decideDeposit(made.id, true);
      },
    };
  };
  return {
    // the money pushes: the engine acts once the user's socket is bound, and the mock's own
    // funds feed pushes what followed (nothing here builds a payload)
    [NOTICE_PUSH]: async (descriptor) =>
      checkedFrame(
        await contractPush(
          descriptor,
          (userId) => {
            // the back office hurries the exclusive bank account: an e-mail and a Notice
            app.exchange.funds.readyDepositAccount(userId, 'bank');
          },
          ({ func, data }) => func === FUNC.notice && data['id'] !== PROBE.id,
        ),
      ),
    [BALANCE_PUSH]: async (descriptor) => {
      const deposit = depositUnderReview(descriptor, 'pact-balance-push-0001');
      return checkedFrame(
        await contractPush(descriptor, deposit.approve, ({ func }) => func === FUNC.balance),
      );
    },
    [FUNDS_PUSH]: async (descriptor) => {
      const deposit = depositUnderReview(descriptor, 'pact-funds-push-000001');
      return checkedFrame(
        await contractPush(
          descriptor,
          deposit.approve,
          ({ func, data }) => func === FUNC.funds && data['kind'] === 'deposit',
        ),
      );
    },
    // the withdrawal the interaction's states left under review, rejected by the review
    [FUNDS_WITHDRAWAL_PUSH]: async (descriptor) => {
      const { userId } = signedInUser(app, descriptor);
      const funds = app.exchange.funds;
      const [pending] = funds.withdrawals(userId, { status: 'reviewing', page: 1, limit: 1 }).list;
      if (!pending) throw new Error(`${descriptor.description}: no withdrawal under review`);
      return checkedFrame(
        await contractPush(
          descriptor,
          () => {
            funds.decideWithdrawal(pending.id, false, 'The bank account is closed');
          },
          ({ func, data }) => func === FUNC.funds && data['kind'] === 'withdrawal',
        ),
      );
    },
    // the contract pushes: the engine trades for the signed-in user once their socket is bound,
    // and its own feeds push what followed (the interaction's states set the price)
    [ORDER_PUSH]: async (descriptor) =>
      checkedFrame(
        await contractPush(descriptor, openLong, ({ func, data }) => {
          return func === FUNC.order && data['status'] === 'filled';
        }),
      ),
    [POSITION_PUSH]: async (descriptor) =>
      checkedFrame(
        await contractPush(descriptor, openLong, ({ func, data }) => {
          return func === FUNC.position && !('closed' in data);
        }),
      ),
    [POSITION_CLOSED_PUSH]: async (descriptor) =>
      checkedFrame(
        await contractPush(descriptor, closeAll, ({ func, data }) => {
          return func === FUNC.position && data['closed'] === true;
        }),
      ),
    [TRADE_BALANCE_PUSH]: async (descriptor) =>
      checkedFrame(await contractPush(descriptor, openLong, ({ func }) => func === FUNC.balance)),
    // the options push: the engine takes a buy for the signed-in user once their socket is
    // bound (the interaction's states set the price, so it trades at once) and its feed pushes
    [OPTION_PUSH]: async (descriptor) =>
      checkedFrame(
        await contractPush(descriptor, buyOption, ({ func, data }) => {
          return func === FUNC.option && data['status'] === 'trading';
        }),
      ),
    // Coin Guess: the interaction's states hold the clock at the period's close; the draw then
    // reaches the topic's subscribers, and each bettor hears their result
    [DIGITS_PUSH]: async () =>
      checkedFrame(
        await captureAfterSub(
          socketBase,
          app,
          TOPIC.digits,
          drawNow,
          ({ func, data }) => func === FUNC.digits && data['phase'] === 'drawn',
          timeoutMs,
        ),
      ),
    [DIGITS_RESULT_PUSH]: async (descriptor) =>
      checkedFrame(
        await contractPush(
          descriptor,
          drawNow,
          ({ func, data }) => func === FUNC.notice && data['id'] !== PROBE.id,
        ),
      ),
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

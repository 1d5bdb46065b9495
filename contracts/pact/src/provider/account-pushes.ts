/**
 * The socket pushes of the pact, taken from a backend's own socket with the test accounts
 * (verify:backend --account): the verifier sets the push's states up by the account's calls
 * (account-states.ts), opens the socket, binds it with the account's session, and provokes the
 * push by a user's call (an order at market, an option bought…) or waits for it (a ticker, a
 * Coin Guess draw). The frame that arrives is what the verifier matches against the message
 * pact. Pushes only the back office provokes (a deposit or withdrawal reviewed) are listed as
 * not provoked.
 *
 * A bind and a sub have no answer: the socket is taken as ready once a Data24h push arrives
 * after them (a gateway takes a socket's frames in order), and only then is the push provoked.
 */
import { CMD, endpoints, FUNC, socketUrl, TOPIC } from '@bourse/protocol';
import type { MessageProviders } from '@pact-foundation/pact';
import {
  BALANCE_PUSH,
  DATA24H_PUSH,
  DIGITS_PUSH,
  DIGITS_RESULT_PUSH,
  FUNDS_PUSH,
  FUNDS_WITHDRAWAL_PUSH,
  KLINE_PUSH,
  KLINE_SYMBOL,
  KLINE_TOPIC,
  NOTICE_PUSH,
  OPTION_PUSH,
  ORDER_PUSH,
  PACT_UUID,
  POSITION_CLOSED_PUSH,
  POSITION_PUSH,
  TRADE_BALANCE_PUSH,
} from '../pact.ts';
import type { AccountStates } from './account-states.ts';
import { checkedFrame } from './messages.ts';

/** How each push of the pact is reached with test accounts: provoked, or not (and why). */
export const PUSH_REACH: {
  readonly [description: string]: { readonly provoked: boolean; readonly how: string };
} = {
  [DATA24H_PUSH]: { provoked: true, how: 'subscribes to Data24h and takes the next tickers' },
  [KLINE_PUSH]: { provoked: true, how: `subscribes to ${KLINE_TOPIC} and takes the next candle` },
  [ORDER_PUSH]: { provoked: true, how: 'binds, then orders at market (demo): the order filled' },
  [POSITION_PUSH]: { provoked: true, how: 'binds, then orders at market (demo): the position' },
  [TRADE_BALANCE_PUSH]: {
    provoked: true,
    how: 'binds, then orders at market (demo): the balances',
  },
  [POSITION_CLOSED_PUSH]: {
    provoked: true,
    how: 'binds, then closes the position the state opened (`allStop`)',
  },
  [OPTION_PUSH]: { provoked: true, how: 'binds, then buys an option (demo): it trades' },
  [DIGITS_PUSH]: {
    provoked: true,
    how: 'subscribes to Digits once the period stopped taking bets, and waits for its draw',
  },
  [DIGITS_RESULT_PUSH]: {
    provoked: true,
    how: 'binds once the period the bet is on stopped taking bets, and waits for the result',
  },
  [NOTICE_PUSH]: { provoked: false, how: 'a Notice the back office sends' },
  [BALANCE_PUSH]: { provoked: false, how: 'the balances after the back office approves a deposit' },
  [FUNDS_PUSH]: { provoked: false, how: 'the back office approves a deposit' },
  [FUNDS_WITHDRAWAL_PUSH]: { provoked: false, how: 'the back office rejects a withdrawal' },
};

/** The socket of an API base: its origin over ws(s), at /ws. */
export const socketOf = (apiBase: string): string => {
  const url = new URL(apiBase);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = '/ws';
  url.search = '';
  return url.toString();
};

/** A push as it arrives: its func and data. */
interface Push {
  readonly func: string;
  readonly data: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pushIn = (frame: unknown): Push | null => {
  if (!isRecord(frame) || frame['cmd'] !== CMD.data || !isRecord(frame['msg'])) return null;
  const { func, data } = frame['msg'];
  return typeof func === 'string' ? { func, data } : null;
};

const field = (push: Push, name: string): unknown =>
  isRecord(push.data) ? push.data[name] : undefined;

export interface AccountPushesOptions {
  /** the backend's socket (ws:// or wss://) */
  readonly socket: string;
  readonly states: AccountStates;
  /** how long to wait for a push once provoked */
  readonly timeoutMs?: number;
}

export function accountMessageProviders({
  socket,
  states,
  timeoutMs = 90_000,
}: AccountPushesOptions): MessageProviders {
  /**
   * Opens the socket, binds it when a user is signed in, subscribes to `topics` and Data24h;
   * once a Data24h push has come, runs `act`, then answers the first data frame `accept` takes.
   */
  const capture = async (
    topics: readonly string[],
    act: () => Promise<unknown>,
    accept: (push: Push) => boolean,
  ): Promise<unknown> => {
    const session = states.session();
    const ws = new WebSocket(socketUrl(socket, PACT_UUID, Date.now()));
    let deadline: ReturnType<typeof setTimeout> | undefined;
    try {
      return await new Promise<unknown>((resolve, reject) => {
        let ready = false;
        deadline = setTimeout(() => {
          reject(new Error(`no such push reached the socket within ${String(timeoutMs)} ms`));
        }, timeoutMs);
        ws.addEventListener('error', () => {
          reject(new Error(`the socket ${socket} failed`));
        });
        ws.addEventListener('open', () => {
          if (session !== null) ws.send(JSON.stringify({ cmd: CMD.bind, msg: session }));
          for (const topic of [...topics, TOPIC.data24h]) {
            ws.send(JSON.stringify({ cmd: CMD.sub, msg: topic }));
          }
        });
        ws.addEventListener('message', (event: MessageEvent) => {
          const frame: unknown = JSON.parse(String(event.data));
          if (isRecord(frame) && frame['cmd'] === CMD.error) {
            reject(new Error(`the socket refused: ${JSON.stringify(frame)}`));
            return;
          }
          const push = pushIn(frame);
          if (push === null) return;
          if (ready && accept(push)) {
            resolve(frame);
            return;
          }
          if (!ready && push.func === FUNC.data24h) {
            ready = true;
            act().catch((error: unknown) => {
              reject(error instanceof Error ? error : new Error(String(error)));
            });
          }
        });
      });
    } finally {
      clearTimeout(deadline);
      ws.close();
    }
  };

  const nothing = () => Promise.resolve();
  /** a long of 0.1 at market, 20× (the main account trades on its demo account) */
  const openLong = () =>
    states.call(endpoints.contract.addOrder, {
      symbol_id: KLINE_SYMBOL,
      side: 'buy',
      type: 'market',
      price: '',
      quantity: '0.1',
      leverage_id: '3',
      take_profit: '',
      stop_loss: '',
      reduce_only: false,
      request_id: states.requestId('pact-verifier-push-order'),
    });
  const is =
    (func: string, where: (push: Push) => boolean = () => true) =>
    (push: Push) =>
      push.func === func && where(push);

  // the pushes PUSH_REACH lists as provoked: the others only the back office provokes
  const providers: MessageProviders = {
    [DATA24H_PUSH]: async () => checkedFrame(await capture([], nothing, is(FUNC.data24h))),
    [KLINE_PUSH]: async () => checkedFrame(await capture([KLINE_TOPIC], nothing, is(FUNC.kline))),
    [ORDER_PUSH]: async () =>
      checkedFrame(
        await capture(
          [],
          openLong,
          is(FUNC.order, (push) => field(push, 'status') === 'filled'),
        ),
      ),
    [POSITION_PUSH]: async () =>
      checkedFrame(
        await capture(
          [],
          openLong,
          is(FUNC.position, (push) => field(push, 'closed') !== true),
        ),
      ),
    [TRADE_BALANCE_PUSH]: async () => checkedFrame(await capture([], openLong, is(FUNC.balance))),
    [POSITION_CLOSED_PUSH]: async () =>
      checkedFrame(
        await capture(
          [],
          () =>
            states.call(endpoints.contract.allStop, {
              symbol_id: KLINE_SYMBOL,
              request_id: states.requestId('pact-verifier-push-allstop'),
            }),
          is(FUNC.position, (push) => field(push, 'closed') === true),
        ),
      ),
    [OPTION_PUSH]: async () =>
      checkedFrame(
        await capture(
          [],
          () =>
            states.call(endpoints.options.addOrder, {
              symbol_id: KLINE_SYMBOL,
              duration_id: '2',
              direction: 'up',
              amount: '100',
              request_id: states.requestId('pact-verifier-push-option'),
            }),
          is(FUNC.option, (push) => field(push, 'status') === 'trading'),
        ),
      ),
    [DIGITS_PUSH]: async () =>
      checkedFrame(
        await capture(
          [TOPIC.digits],
          nothing,
          is(FUNC.digits, (push) => field(push, 'phase') === 'drawn'),
        ),
      ),
    [DIGITS_RESULT_PUSH]: async () => checkedFrame(await capture([], nothing, is(FUNC.notice))),
  };
  return providers;
}

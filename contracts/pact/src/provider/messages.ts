/**
 * The provider's side of the socket's message pacts. A push cannot be replayed through HTTP:
 * a message provider produces the frame the provider would send, and the verifier matches it
 * against what the consumer expects.
 */
import { ANNOUNCEMENTS, daysBefore } from '@bourse/fixtures';
import {
  dataFrameOf,
  endpoints,
  EXAMPLE_BALANCES,
  EXAMPLE_CONTRACT_ORDER,
  EXAMPLE_DEPOSIT,
  EXAMPLE_OPTION_ORDER,
  EXAMPLE_ROUND,
  EXAMPLE_POSITION,
  EXAMPLE_TICKER,
  EXAMPLE_WITHDRAWAL,
  FUNC,
  TOPIC,
  type Candle,
  digitRound,
  noticePush,
  type PushData,
} from '@bourse/protocol';
import { readServerFrame } from '@bourse/web/socket-frames';
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
  POSITION_CLOSED_PUSH,
  POSITION_PUSH,
  TRADE_BALANCE_PUSH,
} from '../pact.ts';

/** A Notice about the newest pinned announcement, as the protocol's schema defines it. */
export function noticeAbout(now: number): PushData<'Notice'> {
  const notice = ANNOUNCEMENTS[0];
  return noticePush.parse({
    id: notice.id,
    title: notice.title.en,
    summary: notice.summary.en,
    created_at: daysBefore(now, notice.days_ago),
  });
}

/**
 * Checks a frame with the web's own frame reader: a frame the app would drop (one that does not
 * parse, or a push whose payload is wrong for its func) fails here, before the verifier. Answers
 * the frame as it is.
 */
export function checkedFrame(frame: unknown): unknown {
  const reading = readServerFrame(JSON.stringify(frame));
  if (reading.kind === 'error' || reading.kind === 'unknown') {
    throw new Error(`the app would drop this frame: ${JSON.stringify(reading)}`);
  }
  return frame;
}

/**
 * Message providers that build every push from the protocol's socket schemas: what any backend
 * that follows the protocol sends. (Against the mock, the verification captures the frame from
 * the real socket gateway instead: see mock.provider.test.ts.)
 */
export const schemaMessageProviders = (now: () => number = Date.now): MessageProviders => ({
  [NOTICE_PUSH]: () =>
    checkedFrame(dataFrameOf({ func: FUNC.notice, topic: FUNC.notice, data: noticeAbout(now()) })),
  [BALANCE_PUSH]: () =>
    checkedFrame(dataFrameOf({ func: FUNC.balance, topic: FUNC.balance, data: EXAMPLE_BALANCES })),
  [FUNDS_PUSH]: () =>
    checkedFrame(
      dataFrameOf({
        func: FUNC.funds,
        topic: FUNC.funds,
        data: {
          kind: 'deposit',
          record: {
            ...EXAMPLE_DEPOSIT,
            status: 'approved',
            credited_amount: EXAMPLE_DEPOSIT.amount,
            reviewed_at: now(),
          },
        },
      }),
    ),
  [FUNDS_WITHDRAWAL_PUSH]: () =>
    checkedFrame(
      dataFrameOf({
        func: FUNC.funds,
        topic: FUNC.funds,
        data: {
          kind: 'withdrawal',
          record: {
            ...EXAMPLE_WITHDRAWAL,
            status: 'rejected',
            reject_reason: 'The bank account is closed',
            reviewed_at: now(),
          },
        },
      }),
    ),
  // the order of the consumer's example traded at market, and the position it opened
  [ORDER_PUSH]: () =>
    checkedFrame(
      dataFrameOf({
        func: FUNC.order,
        topic: FUNC.order,
        data: { ...EXAMPLE_CONTRACT_ORDER, type: 'market', price: null, updated_at: now() },
      }),
    ),
  [POSITION_PUSH]: () =>
    checkedFrame(
      dataFrameOf({
        func: FUNC.position,
        topic: FUNC.position,
        data: { ...EXAMPLE_POSITION, updated_at: now() },
      }),
    ),
  [POSITION_CLOSED_PUSH]: () =>
    checkedFrame(
      dataFrameOf({
        func: FUNC.position,
        topic: FUNC.position,
        data: { id: EXAMPLE_POSITION.id, closed: true },
      }),
    ),
  [TRADE_BALANCE_PUSH]: () =>
    checkedFrame(dataFrameOf({ func: FUNC.balance, topic: FUNC.balance, data: EXAMPLE_BALANCES })),
  // the option of the protocol's example, just bought: trading, no audit of its exit yet
  [OPTION_PUSH]: () =>
    checkedFrame(
      dataFrameOf({
        func: FUNC.option,
        topic: FUNC.option,
        data: { ...EXAMPLE_OPTION_ORDER, created_at: now() },
      }),
    ),
  // the period of the protocol's example, drawn: its draw shown and first of the recent ones
  [DIGITS_PUSH]: () =>
    checkedFrame(dataFrameOf({ func: FUNC.digits, topic: TOPIC.digits, data: drawnRound(now()) })),
  [DIGITS_RESULT_PUSH]: () =>
    checkedFrame(
      dataFrameOf({
        func: FUNC.notice,
        topic: FUNC.notice,
        data: noticePush.parse({
          id: `DG${EXAMPLE_ROUND.issue}-1`,
          title: `Coin Guess period ${EXAMPLE_ROUND.issue}`,
          summary: 'The number drawn is 20: you won 97.00 USDT.',
          created_at: now(),
        }),
      }),
    ),
  [DATA24H_PUSH]: () =>
    checkedFrame(
      dataFrameOf({
        func: FUNC.data24h,
        topic: TOPIC.data24h,
        data: [{ ...EXAMPLE_TICKER, symbol_id: KLINE_SYMBOL, time: now() }],
      }),
    ),
  [KLINE_PUSH]: () =>
    checkedFrame(
      dataFrameOf({
        func: FUNC.kline,
        topic: KLINE_TOPIC,
        data: { symbol_id: KLINE_SYMBOL, period: '1m', candle: exampleCandle(now()) },
      }),
    ),
});

/** The forming minute's candle at `now`, from the protocol's example. */
const exampleCandle = (now: number): Candle => {
  const [, newest] = endpoints.market.getLogData.example.response.list;
  return { ...(newest as Candle), time: Math.floor(now / 60_000) * 60_000 };
};

/** The protocol's example period, drawn at `now`. */
const drawnRound = (now: number): PushData<'Digits'> => {
  const { recent_draws: recent, ...round } = EXAMPLE_ROUND;
  const draw = { ...recent[0]!, issue: round.issue, drawn_at: now, commitment: round.commitment };
  return digitRound.parse({
    ...round,
    phase: 'drawn',
    server_time: now,
    draw,
    recent_draws: [draw, ...recent],
  });
};

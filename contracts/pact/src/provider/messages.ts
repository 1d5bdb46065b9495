/**
 * The provider's side of the socket's message pacts. A push cannot be replayed through HTTP:
 * a message provider produces the frame the provider would send, and the verifier matches it
 * against what the consumer expects.
 */
import { ANNOUNCEMENTS, daysBefore } from '@bourse/fixtures';
import {
  dataFrameOf,
  endpoints,
  EXAMPLE_TICKER,
  FUNC,
  TOPIC,
  type Candle,
  noticePush,
  pushMessage,
  serverFrame,
  type PushData,
  type ServerFrame,
} from '@bourse/protocol';
import type { MessageProviders } from '@pact-foundation/pact';
import { DATA24H_PUSH, KLINE_PUSH, KLINE_SYMBOL, KLINE_TOPIC, NOTICE_PUSH } from '../pact.ts';

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
 * Checks a frame the way the client reads it: a server frame, and, for a push, a payload valid
 * for its func. Answers the frame as parsed.
 */
export function checkedFrame(frame: unknown): ServerFrame {
  const parsed = serverFrame.parse(frame);
  if (parsed.cmd === 'data') pushMessage.parse(parsed.msg);
  return parsed;
}

/**
 * Message providers that build every push from the protocol's socket schemas: what any backend
 * that follows the protocol sends. (Against the mock, the verification captures the frame from
 * the real socket gateway instead: see mock.provider.test.ts.)
 */
export const schemaMessageProviders = (now: () => number = Date.now): MessageProviders => ({
  [NOTICE_PUSH]: () =>
    checkedFrame(dataFrameOf({ func: FUNC.notice, topic: FUNC.notice, data: noticeAbout(now()) })),
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

import { z } from 'zod/mini';
import { idString, timestampMs } from '../schemas.ts';
import { accountBalances, depositRecord, withdrawalRecord } from '../endpoints/account.ts';
import { contractOrder, position } from '../endpoints/contract.ts';
import { digitRound } from '../endpoints/digits-schema.ts';
import { noticeSummary } from '../endpoints/index.ts';
import { candle, klinePeriod, ticker, type KlinePeriod } from '../endpoints/market.ts';
import { optionOrder } from '../endpoints/options-schema.ts';
import {
  CMD,
  KLINE_PREFIX,
  PRIVATE_FUNCS,
  PUBLIC_FUNCS,
  TOPIC,
  type KlineTopic,
  type PushFunc,
  type Topic,
} from './wire.ts';

export * from './wire.ts';

export const pushFunc = z.enum([...PUBLIC_FUNCS, ...PRIVATE_FUNCS]);

/** The symbol id and period of a Kline topic; null for anything else. */
export const parseKlineTopic = (
  topic: string,
): { symbolId: string; period: KlinePeriod } | null => {
  if (!topic.startsWith(KLINE_PREFIX)) return null;
  const rest = topic.slice(KLINE_PREFIX.length);
  // the period is after the last dot, so a symbol id may itself hold dots
  const dot = rest.lastIndexOf('.');
  if (dot <= 0) return null;
  const symbolId = rest.slice(0, dot);
  const period = klinePeriod.safeParse(rest.slice(dot + 1));
  if (!period.success || !idString.safeParse(symbolId).success) return null;
  return { symbolId, period: period.data };
};

export const isTopic = (value: string): value is Topic =>
  value === TOPIC.data24h || value === TOPIC.digits || parseKlineTopic(value) !== null;

/** A topic a client may `sub` or `unsub`. */
export const topic = z.custom<Topic>((value) => typeof value === 'string' && isTopic(value), {
  error: 'is not a known topic',
});

const klineTopicSchema = z.custom<KlineTopic>(
  (value) => typeof value === 'string' && parseKlineTopic(value) !== null,
  { error: 'is not a Kline topic' },
);

// ---- frames ------------------------------------------------------------------------------

export const bindFrame = z.object({
  cmd: z.literal('bind'),
  /** the session token */
  msg: z.string().check(z.minLength(1, { error: 'is required' })),
});
/**
 * A topic as a frame carries it: any short string, so that the server can answer an unknown
 * topic with an error frame that names it (check it with `isTopic`, or parse with `topic`).
 */
const topicText = z
  .string()
  .check(
    z.minLength(1, { error: 'is required' }),
    z.maxLength(128, { error: 'must be at most 128 characters' }),
  );
export const subFrame = z.object({ cmd: z.literal('sub'), msg: topicText });
export const unsubFrame = z.object({ cmd: z.literal('unsub'), msg: topicText });
/** the answer to a ping, carrying the ping's msg back */
export const pongFrame = z.object({ cmd: z.literal('pong'), msg: timestampMs });

/** Every frame a client sends. */
export const clientFrame = z.discriminatedUnion('cmd', [
  bindFrame,
  subFrame,
  unsubFrame,
  pongFrame,
]);
export type ClientFrame = z.infer<typeof clientFrame>;

/** A push as the frame carries it; `pushMessage` checks its data against its func. */
export const pushEnvelope = z.object({
  func: z.string().check(z.minLength(1)),
  topic: z.string(),
  data: z.unknown(),
});

export const pingFrame = z.object({ cmd: z.literal('ping'), msg: timestampMs });
export const dataFrame = z.object({ cmd: z.literal('data'), msg: pushEnvelope });
export const errorFrame = z.object({ cmd: z.literal('error'), msg: z.string() });

/**
 * Every frame the server sends. A push's data is left unchecked here so that a func the client
 * does not know never breaks the feed; parse `msg` with `pushMessage` for the typed payload.
 */
export const serverFrame = z.discriminatedUnion('cmd', [pingFrame, dataFrame, errorFrame]);
export type ServerFrame = z.infer<typeof serverFrame>;

// ---- push payloads -----------------------------------------------------------------------

export const klinePush = z.object({ symbol_id: idString, period: klinePeriod, candle });
export type KlinePush = z.infer<typeof klinePush>;

/** What a Position push carries once a position is fully closed. */
export const closedPosition = z.object({ id: idString, closed: z.literal(true) });

/** A deposit or withdrawal after the review decided it. */
export const fundsPush = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('deposit'), record: depositRecord }),
  z.object({ kind: z.literal('withdrawal'), record: withdrawalRecord }),
]);
export type FundsPush = z.infer<typeof fundsPush>;

export const noticePush = z.omit(noticeSummary, { pinned: true });

/** The data schema of each func. */
export const PUSH_PAYLOADS = {
  Data24h: z.array(ticker),
  Kline: klinePush,
  Digits: digitRound,
  Order: contractOrder,
  Position: z.union([position, closedPosition]),
  Option: optionOrder,
  Balance: accountBalances,
  Funds: fundsPush,
  Notice: noticePush,
} as const satisfies Record<PushFunc, z.ZodMiniType>;

const push = <F extends PushFunc, T extends z.ZodMiniType<string>>(func: F, topicSchema: T) =>
  z.object({ func: z.literal(func), topic: topicSchema, data: PUSH_PAYLOADS[func] });

/** A push with its data checked against its func (and its topic against the func). */
export const pushMessage = z.discriminatedUnion('func', [
  push('Data24h', z.literal('Data24h')),
  push('Kline', klineTopicSchema),
  push('Digits', z.literal('Digits')),
  push('Order', z.literal('Order')),
  push('Position', z.literal('Position')),
  push('Option', z.literal('Option')),
  push('Balance', z.literal('Balance')),
  push('Funds', z.literal('Funds')),
  push('Notice', z.literal('Notice')),
]);
export type PushMessage = z.infer<typeof pushMessage>;
export type PushOf<F extends PushFunc> = Extract<PushMessage, { func: F }>;
export type PushData<F extends PushFunc> = z.infer<(typeof PUSH_PAYLOADS)[F]>;

/** The `data` frame that carries a push (for the server and for tests). */
export const dataFrameOf = (message: z.input<typeof pushMessage>) =>
  ({ cmd: CMD.data, msg: message }) as const;

export type FrameResult<T> = { ok: true; frame: T } | { ok: false; error: string };

const parseFrame = <T>(schema: z.ZodMiniType<T>, text: string): FrameResult<T> => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'frame is not JSON' };
  }
  const result = schema.safeParse(json);
  return result.success
    ? { ok: true, frame: result.data }
    : { ok: false, error: z.prettifyError(result.error) };
};

/** Reads a frame a client sent; never throws. */
export const parseClientFrame = (text: string): FrameResult<ClientFrame> =>
  parseFrame(clientFrame, text);

/** Reads a frame the server sent; never throws. */
export const parseServerFrame = (text: string): FrameResult<ServerFrame> =>
  parseFrame(serverFrame, text);

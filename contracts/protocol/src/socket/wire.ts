// The live feed's names and timing, free of schemas: the client's connection code needs only
// these, so it does not carry every push's schema (and every endpoint module they come from).
import type { KlinePeriod } from '../endpoints/market.ts';

/** Live-feed timing (PROTOCOL.md §3, SPEC.md §9). */
export const SOCKET = {
  /** the server pings this often */
  pingIntervalMs: 15_000,
  /** the server closes a socket that has missed more pongs than this */
  missedPongsAllowed: 2,
  /** the wait before every reconnect after a close the client did not ask for (SPEC.md §8) */
  reconnectDelayMs: 3_000,
  /** at most this much is added to each wait at random, so that a crowd of clients spreads out */
  reconnectJitterMs: 300,
  /** how long the client waits for the socket to open */
  connectTimeoutMs: 60_000,
} as const;

/** `{WS_URL}?uuid={uuid}&time={ms}` */
export const socketUrl = (base: string, uuid: string, time: number): string =>
  `${base}${base.includes('?') ? '&' : '?'}uuid=${encodeURIComponent(uuid)}&time=${time}`;

export const CMD = {
  bind: 'bind',
  sub: 'sub',
  unsub: 'unsub',
  pong: 'pong',
  ping: 'ping',
  data: 'data',
  error: 'error',
} as const;

/** Topics a client subscribes to; each carries pushes of the func of the same name. */
export const PUBLIC_FUNCS = ['Data24h', 'Kline', 'Digits'] as const;
/**
 * Pushes that flow to a bound socket without a `sub`. Their `topic` is the func's own name
 * (our assumption: PROTOCOL.md names no topic for them).
 */
export const PRIVATE_FUNCS = ['Order', 'Position', 'Option', 'Balance', 'Funds', 'Notice'] as const;

export type PushFunc = (typeof PUBLIC_FUNCS)[number] | (typeof PRIVATE_FUNCS)[number];
export type PublicFunc = (typeof PUBLIC_FUNCS)[number];
export type PrivateFunc = (typeof PRIVATE_FUNCS)[number];

export const FUNC = {
  data24h: 'Data24h',
  kline: 'Kline',
  digits: 'Digits',
  order: 'Order',
  position: 'Position',
  option: 'Option',
  balance: 'Balance',
  funds: 'Funds',
  notice: 'Notice',
} as const satisfies Record<string, PushFunc>;

export const isPrivateFunc = (func: string): func is PrivateFunc =>
  (PRIVATE_FUNCS as readonly string[]).includes(func);

export type KlineTopic = `Kline.${string}.${KlinePeriod}`;
export type Topic = 'Data24h' | 'Digits' | KlineTopic;

export const TOPIC = { data24h: 'Data24h', digits: 'Digits' } as const satisfies Record<
  string,
  Topic
>;

/** What every Kline topic starts with. */
export const KLINE_PREFIX = 'Kline.';

/** `Kline.{symbolId}.{period}` */
export const klineTopic = (symbolId: string, period: KlinePeriod): KlineTopic =>
  `${KLINE_PREFIX}${symbolId}.${period}`;

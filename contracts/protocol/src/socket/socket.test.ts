import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { EXAMPLE_BALANCES, EXAMPLE_DEPOSIT } from '../endpoints/account.ts';
import { EXAMPLE_CONTRACT_ORDER, EXAMPLE_POSITION } from '../endpoints/contract.ts';
import { EXAMPLE_ROUND } from '../endpoints/digits.ts';
import { EXAMPLE_TICKER, KLINE_PERIODS } from '../endpoints/market.ts';
import { EXAMPLE_OPTION_ORDER } from '../endpoints/options.ts';
import {
  clientFrame,
  dataFrameOf,
  FUNC,
  isPrivateFunc,
  isTopic,
  klineTopic,
  parseClientFrame,
  parseKlineTopic,
  parseServerFrame,
  PRIVATE_FUNCS,
  PUBLIC_FUNCS,
  pushMessage,
  serverFrame,
  SOCKET,
  socketUrl,
  TOPIC,
  topic as topicSchema,
} from './index.ts';

describe('SOCKET', () => {
  it('holds the timing of PROTOCOL.md §3', () => {
    expect(SOCKET).toMatchObject({
      pingIntervalMs: 15_000,
      missedPongsAllowed: 2,
      reconnectDelayMs: 3_000,
      reconnectJitterMs: 300,
    });
  });

  it('builds the socket URL with uuid and time', () => {
    expect(socketUrl('wss://feed.example/ws', 'a b', 1_763_900_000_000)).toBe(
      'wss://feed.example/ws?uuid=a%20b&time=1763900000000',
    );
    expect(socketUrl('wss://feed.example/ws?v=1', 'u', 5)).toBe(
      'wss://feed.example/ws?v=1&uuid=u&time=5',
    );
  });
});

describe('topics', () => {
  it.each(KLINE_PERIODS)('builds and parses a Kline topic of period %s', (period) => {
    const topic = klineTopic('1', period);
    expect(topic).toBe(`Kline.1.${period}`);
    expect(parseKlineTopic(topic)).toEqual({ symbolId: '1', period });
    expect(isTopic(topic)).toBe(true);
  });

  it('keeps a symbol id that holds dots', () => {
    expect(parseKlineTopic(klineTopic('BRK.B', '1M'))).toEqual({ symbolId: 'BRK.B', period: '1M' });
  });

  it.each(['Kline', 'Kline.1', 'Kline..1m', 'Kline.1.2m', 'kline.1.1m', 'Data24h.1', 'Order', ''])(
    'refuses %j as a topic',
    (topic) => {
      expect(parseKlineTopic(topic)).toBeNull();
      expect(isTopic(topic)).toBe(false);
    },
  );

  it('knows the public topics', () => {
    expect(isTopic(TOPIC.data24h)).toBe(true);
    expect(isTopic(TOPIC.digits)).toBe(true);
  });

  it('tells the private funcs from the public ones', () => {
    expect(PRIVATE_FUNCS.every(isPrivateFunc)).toBe(true);
    expect(PUBLIC_FUNCS.some(isPrivateFunc)).toBe(false);
    expect(Object.values(FUNC).sort()).toEqual([...PUBLIC_FUNCS, ...PRIVATE_FUNCS].sort());
  });
});

describe('client frames', () => {
  it.each([
    { cmd: 'bind', msg: 'f3c1a9e2b7d64c0e9a1b2c3d4e5f6a7b' },
    { cmd: 'sub', msg: 'Data24h' },
    { cmd: 'sub', msg: 'Kline.1.15m' },
    { cmd: 'unsub', msg: 'Digits' },
    { cmd: 'pong', msg: 1_763_900_000_000 },
  ])('accepts $cmd $msg', (frame) => {
    expect(clientFrame.parse(frame)).toEqual(frame);
  });

  it.each([
    [{ cmd: 'bind', msg: '' }, ['msg']],
    [{ cmd: 'sub', msg: '' }, ['msg']],
    [{ cmd: 'unsub', msg: 7 }, ['msg']],
    [{ cmd: 'pong', msg: 'later' }, ['msg']],
    [{ cmd: 'ping', msg: 1 }, ['cmd']],
    [{ msg: 'Data24h' }, ['cmd']],
  ] as const)('refuses %j at %j', (frame, path) => {
    const result = clientFrame.safeParse(frame);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(path);
  });

  it('reads a frame from text without throwing', () => {
    expect(parseClientFrame('{"cmd":"sub","msg":"Digits"}')).toEqual({
      ok: true,
      frame: { cmd: 'sub', msg: 'Digits' },
    });
    expect(parseClientFrame('{not json')).toEqual({ ok: false, error: 'frame is not JSON' });
    const bad = parseClientFrame('{"cmd":"sub","msg":""}');
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.error).toContain('msg');
  });

  it('carries an unknown topic, so the server can name it in its error', () => {
    const frame = clientFrame.parse({ cmd: 'sub', msg: 'Kline.1.2m' });
    if (frame.cmd !== 'sub') throw new Error('not a sub frame');
    expect(isTopic(frame.msg)).toBe(false);
    expect(topicSchema.safeParse(frame.msg).error?.issues[0]?.message).toBe('is not a known topic');
    expect(topicSchema.safeParse('Order').success).toBe(false);
    expect(topicSchema.parse('Kline.1.4h')).toBe('Kline.1.4h');
  });
});

describe('server frames', () => {
  it('accepts a ping, an error and a push of a func it does not know', () => {
    for (const frame of [
      { cmd: 'ping', msg: 1_763_900_000_000 },
      { cmd: 'error', msg: 'unknown cmd' },
      { cmd: 'data', msg: { func: 'Future', topic: 'Future', data: { anything: 1 } } },
    ]) {
      expect(serverFrame.parse(frame)).toEqual(frame);
    }
  });

  it('refuses a push without a func', () => {
    expect(parseServerFrame('{"cmd":"data","msg":{"topic":"Data24h","data":[]}}').ok).toBe(false);
  });

  const klineData = {
    symbol_id: '1',
    period: '1m',
    candle: {
      time: 1_763_899_980_000,
      open: '97231.80',
      high: '97262.00',
      low: '97220.10',
      close: '97250.50',
      volume: '8.1177',
    },
  } as const;

  const pushes: z.input<typeof pushMessage>[] = [
    { func: 'Data24h', topic: 'Data24h', data: [EXAMPLE_TICKER] },
    { func: 'Kline', topic: 'Kline.1.1m', data: klineData },
    { func: 'Digits', topic: 'Digits', data: EXAMPLE_ROUND },
    { func: 'Order', topic: 'Order', data: EXAMPLE_CONTRACT_ORDER },
    { func: 'Position', topic: 'Position', data: EXAMPLE_POSITION },
    { func: 'Position', topic: 'Position', data: { id: '5001', closed: true } },
    { func: 'Option', topic: 'Option', data: EXAMPLE_OPTION_ORDER },
    { func: 'Balance', topic: 'Balance', data: EXAMPLE_BALANCES },
    {
      func: 'Funds',
      topic: 'Funds',
      data: {
        kind: 'deposit',
        record: { ...EXAMPLE_DEPOSIT, status: 'approved', credited_amount: '1000.00' },
      },
    },
    {
      func: 'Notice',
      topic: 'Notice',
      data: {
        id: '1',
        title: 'Deposit approved',
        summary: '1000 USDT',
        created_at: 1_763_900_000_000,
      },
    },
  ];

  it.each(pushes)('types a $func push', (message) => {
    const frame = parseServerFrame(JSON.stringify(dataFrameOf(message)));
    expect(frame.ok).toBe(true);
    if (!frame.ok || frame.frame.cmd !== 'data') throw new Error('not a data frame');
    const typed = pushMessage.safeParse(frame.frame.msg);
    expect(typed.success ? [] : typed.error.issues).toEqual([]);
    expect(typed.data?.func).toBe(message.func);
  });

  it('refuses a push whose data does not fit its func', () => {
    expect(
      pushMessage.safeParse({ func: 'Position', topic: 'Position', data: { id: '5001' } }).success,
    ).toBe(false);
    expect(
      pushMessage.safeParse({ func: 'Kline', topic: 'Data24h', data: klineData }).success,
    ).toBe(false);
    expect(pushMessage.safeParse({ func: 'Data24h', topic: 'Data24h', data: {} }).success).toBe(
      false,
    );
  });
});

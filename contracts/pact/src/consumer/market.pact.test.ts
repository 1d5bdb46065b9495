/**
 * /api/trades/getSymbol and getLogData: a symbol's 24 h ticker and its candles, read by a guest
 * on the market and chart screens; and the live pushes that keep them moving, Data24h (every
 * symbol's ticker) and Kline (the forming candle), as V4 asynchronous messages.
 */
import { CODES, endpoints, FUNC, marketStatus } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { DATA24H_PUSH, KLINE_PUSH, KLINE_SYMBOL, KLINE_TOPIC } from '../pact.ts';
import { state } from '../states.ts';
import { decimal, eachLike, equal, id, like, millis, oneOf, text } from './matchers.ts';
import { fails, newPact, readPush, succeeds } from './support.ts';

const { market } = endpoints;
const pact = newPact();

const listed = state('a symbol is listed', { symbol_id: KLINE_SYMBOL });
const unlisted = state('no symbol has the id', { symbol_id: 'no-such-symbol' });

const ticker = (symbolId: string | ReturnType<typeof id>) => ({
  symbol_id: symbolId,
  symbol: text('BTC/USDT'),
  last_price: decimal('97250.50'),
  open: decimal('96010.00'),
  high: decimal('97800.00'),
  low: decimal('95620.10'),
  change: decimal('1240.50'),
  change_rate: decimal('1.29'),
  volume: decimal('18234.5521'),
  amount: decimal('1768123456.78'),
  bid: decimal('97250.40'),
  ask: decimal('97250.60'),
  status: oneOf(marketStatus.options, 'open'),
  time: millis(),
});

const candle = {
  time: millis(1_763_899_920_000),
  open: decimal('97231.80'),
  high: decimal('97262.00'),
  low: decimal('97220.10'),
  close: decimal('97250.50'),
  volume: decimal('8.1177'),
};

describe('market', () => {
  it('reads a symbol’s 24 h ticker', () =>
    succeeds(
      pact,
      {
        description: 'a request for the ticker of a listed symbol',
        states: [listed],
        endpoint: market.getSymbol,
        body: { symbol_id: KLINE_SYMBOL },
        who: 'guest',
      },
      // the one asked for
      ticker(KLINE_SYMBOL),
      (result) => {
        expect(result.symbol_id).toBe(KLINE_SYMBOL);
        expect(Number(result.bid)).toBeLessThan(Number(result.ask));
      },
    ));

  it('is told a symbol does not exist', () =>
    fails(
      pact,
      {
        description: 'a request for the ticker of a symbol that does not exist',
        states: [unlisted],
        endpoint: market.getSymbol,
        body: { symbol_id: 'no-such-symbol' },
        who: 'guest',
      },
      { code: CODES.notFound, msg: like('This symbol does not exist') },
      (error) => {
        expect(error.code).toBe(404);
      },
    ));

  it('reads the newest candles of a period', () =>
    succeeds(
      pact,
      {
        description: 'a request for the newest hourly candles of a listed symbol',
        states: [listed],
        endpoint: market.getLogData,
        body: { symbol_id: KLINE_SYMBOL, period: '1h', limit: 2 },
        who: 'guest',
      },
      {
        symbol_id: KLINE_SYMBOL,
        period: '1h',
        list: eachLike(candle, 2),
      },
      (result) => {
        expect(result.period).toBe('1h');
        expect(result.list).toHaveLength(2);
      },
    ));

  it('is told there are no candles for a symbol that does not exist', () =>
    fails(
      pact,
      {
        description: 'a request for the candles of a symbol that does not exist',
        states: [unlisted],
        endpoint: market.getLogData,
        body: { symbol_id: 'no-such-symbol', period: '1m', limit: 100 },
        who: 'guest',
      },
      { code: CODES.notFound, msg: like('This symbol does not exist') },
      (error) => {
        expect(error.code).toBe(404);
      },
    ));

  it('reads a Data24h push', () =>
    pact
      .addAsynchronousInteraction()
      .given(listed.name, listed.params)
      .expectsToReceive(DATA24H_PUSH, (message) => {
        message.withJSONContent({
          cmd: 'data',
          msg: {
            func: FUNC.data24h,
            topic: equal('Data24h'),
            // every symbol's ticker in one push
            data: eachLike(ticker(id(KLINE_SYMBOL))),
          },
        });
      })
      .executeTest((message) => {
        const push = readPush(JSON.stringify(message.contents.content), 'Data24h');
        expect(push.data[0]?.symbol_id).toBe(KLINE_SYMBOL);
        expect(push.data[0]?.status).toBe('open');
        return Promise.resolve();
      }));

  it('reads a Kline push', () =>
    pact
      .addAsynchronousInteraction()
      .given(listed.name, listed.params)
      .expectsToReceive(KLINE_PUSH, (message) => {
        message.withJSONContent({
          cmd: 'data',
          msg: {
            func: FUNC.kline,
            // the topic subscribed to, and the symbol and period it names
            topic: equal(KLINE_TOPIC),
            data: { symbol_id: equal(KLINE_SYMBOL), period: equal('1m'), candle },
          },
        });
      })
      .executeTest((message) => {
        const push = readPush(JSON.stringify(message.contents.content), 'Kline');
        expect(push.topic).toBe(KLINE_TOPIC);
        expect(push.data.candle.close).toBe('97250.50');
        return Promise.resolve();
      }));
});

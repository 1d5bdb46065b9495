import { describe, expect, it } from 'vitest';
import {
  CandleColumns,
  candleFromBar,
  candlesChange,
  mergeLiveCandle,
  prependCandles,
  type Candle,
} from './columns.ts';

const MINUTE = 60_000;
const T0 = 1_763_899_800_000;

const candle = (n: number, close = `${100 + n}.25`): Candle => ({
  time: T0 + n * MINUTE,
  open: `${100 + n}.00`,
  high: `${101 + n}.50`,
  low: `${99 + n}.75`,
  close,
  volume: `${n}.0001`,
});

const series = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => candle(from + i));

describe('candle columns', () => {
  it('converts the decimal strings once into typed columns and keeps the strings', () => {
    const candles = series(0, 2);
    const columns = CandleColumns.from(candles);

    expect(columns.length).toBe(3);
    expect(Array.from(columns.time.subarray(0, 3))).toStrictEqual(candles.map((c) => c.time));
    expect(Array.from(columns.close.subarray(0, 3))).toStrictEqual([100.25, 101.25, 102.25]);
    expect(Array.from(columns.volume.subarray(0, 3))).toStrictEqual([0.0001, 1.0001, 2.0001]);
    expect(columns.candles).toStrictEqual(candles);
    expect(columns.candles).not.toBe(candles);
  });

  it('updates the newest candle in place when a live candle has its opening time', () => {
    const columns = CandleColumns.from(series(0, 2));
    const live = candle(2, '103.10');

    expect(columns.upsert(live)).toBe('updated');
    expect(columns.length).toBe(3);
    expect(columns.close[2]).toBe(103.1);
    expect(columns.candles[2]).toBe(live);
  });

  it('appends a newer live candle, growing the columns past their room', () => {
    const columns = CandleColumns.from([]);
    for (let n = 0; n < 200; n++) expect(columns.upsert(candle(n))).toBe('appended');

    expect(columns.length).toBe(200);
    expect(columns.lastTime).toBe(T0 + 199 * MINUTE);
    expect(columns.high[150]).toBe(251.5);
  });

  it('ignores a late push older than the newest candle', () => {
    const columns = CandleColumns.from(series(0, 5));

    expect(columns.upsert(candle(3, '1.00'))).toBe('ignored');
    expect(columns.close[3]).toBe(103.25);
  });

  it('puts older candles in front, dropping those it already holds', () => {
    const columns = CandleColumns.from(series(10, 12));

    expect(columns.prepend(series(5, 11))).toBe(5);
    expect(columns.length).toBe(8);
    expect(columns.firstTime).toBe(T0 + 5 * MINUTE);
    expect(Array.from(columns.open.subarray(0, 8))).toStrictEqual(
      [5, 6, 7, 8, 9, 10, 11, 12].map((n) => 100 + n),
    );
    expect(columns.candles.map((c) => c.time)).toStrictEqual(
      Array.from(columns.time.subarray(0, 8)),
    );
    expect(columns.prepend(series(11, 12))).toBe(0);
  });
});

describe('the model copy of the candles', () => {
  it('merges a live candle: replaces the newest, appends a newer, keeps a late one out', () => {
    const candles = series(0, 2);

    expect(mergeLiveCandle(candles, candle(2, '9.99'))).toStrictEqual([
      candle(0),
      candle(1),
      candle(2, '9.99'),
    ]);
    expect(mergeLiveCandle(candles, candle(3))).toStrictEqual(series(0, 3));
    expect(mergeLiveCandle(candles, candle(1, '1.00'))).toBe(candles);
    expect(mergeLiveCandle([], candle(0))).toStrictEqual([candle(0)]);
  });

  it('prepends history without repeating a candle', () => {
    const candles = series(5, 7);

    expect(prependCandles(candles, series(0, 5))).toStrictEqual(series(0, 7));
    expect(prependCandles(candles, [])).toBe(candles);
    expect(prependCandles([], series(0, 1))).toStrictEqual(series(0, 1));
  });
});

describe('bars given in numbers', () => {
  it('become wire candles written with the given decimals', () => {
    expect(
      candleFromBar({ time: T0, open: 1.1, high: 1.25, low: 0.9, close: 1.2, volume: 12.5 }, 4, 2),
    ).toStrictEqual({
      time: T0,
      open: '1.1000',
      high: '1.2500',
      low: '0.9000',
      close: '1.2000',
      volume: '12.50',
    });
  });
});

describe('what the chart is told when the model list changes', () => {
  const candles = series(0, 9);

  it('nothing for the same list, a reset for a new one', () => {
    expect(candlesChange(candles, candles)).toStrictEqual({ kind: 'none' });
    expect(candlesChange(candles, series(0, 9))).toStrictEqual({ kind: 'reset' });
    expect(candlesChange([], candles)).toStrictEqual({ kind: 'reset' });
    expect(candlesChange(candles, [])).toStrictEqual({ kind: 'reset' });
  });

  it('the live candle, updated or appended', () => {
    const updated = mergeLiveCandle(candles, candle(9, '1.00'));
    expect(candlesChange(candles, updated)).toStrictEqual({
      kind: 'edit',
      prepended: [],
      live: [candle(9, '1.00')],
    });
    const appended = mergeLiveCandle(candles, candle(10));
    expect(candlesChange(candles, appended)).toStrictEqual({
      kind: 'edit',
      prepended: [],
      live: [candle(10)],
    });
  });

  it('older candles in front, with a live candle that came meanwhile', () => {
    const older = series(-5, -1);
    const next = mergeLiveCandle(prependCandles(candles, older), candle(10));
    expect(candlesChange(candles, next)).toStrictEqual({
      kind: 'edit',
      prepended: older,
      live: [candle(10)],
    });
  });
});

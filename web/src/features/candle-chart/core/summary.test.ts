import { describe, expect, it } from 'vitest';
import type { Candle } from './columns.ts';
import { candleChange, priceChange, summarizeRange } from './summary.ts';

const candle = (n: number, open: string, high: string, low: string, close: string): Candle => ({
  time: n * 60_000,
  open,
  high,
  low,
  close,
  volume: '1',
});

const candles = [
  candle(0, '100.10', '101.00', '99.90', '100.50'),
  candle(1, '100.50', '103.20', '100.00', '102.00'),
  candle(2, '102.00', '102.40', '98.05', '99.00'),
  candle(3, '99.00', '99.50', '97.10', '97.35'),
];

describe('the text summary of the candles on screen', () => {
  it('gives the last close, the change over the range, and its high and low as sent', () => {
    expect(summarizeRange(candles, 60_000, 180_000)).toStrictEqual({
      fromTime: 60_000,
      toTime: 180_000,
      count: 3,
      lastClose: '97.35',
      change: { change: '-3.15', rate: '-3.13', direction: 'down' },
      high: '103.20',
      low: '97.10',
    });
  });

  it('is null when no candle lies in the range', () => {
    expect(summarizeRange(candles, 500_000, 600_000)).toBeNull();
    expect(summarizeRange([], 0, 1)).toBeNull();
    expect(summarizeRange(candles, Number.NaN, Number.NaN)).toBeNull();
  });
});

describe('price changes', () => {
  it('are exact and signed, in the prices decimals and in percent', () => {
    expect(priceChange('0.1', '0.3')).toStrictEqual({
      change: '+0.2',
      rate: '+200.00',
      direction: 'up',
    });
    expect(priceChange('97250.50', '97250.50')).toStrictEqual({
      change: '0.00',
      rate: '0.00',
      direction: 'flat',
    });
  });

  it('measure a candle against the close before it, or its open for the oldest', () => {
    expect(candleChange(candles[1] as Candle, '100.50').change).toBe('+1.50');
    expect(candleChange(candles[0] as Candle, null).change).toBe('+0.40');
  });
});

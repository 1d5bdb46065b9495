import type { SymbolInfo, Ticker } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { featuredOf, historyOf, sparklineCloses, topMovers } from './market.ts';

const HOUR = 3_600_000;
const T0 = 1_763_900_000_000;

const symbol = (id: string, category: SymbolInfo['category']): SymbolInfo => ({
  id,
  symbol: `S${id}`,
  display: `S${id}`,
  name: `Symbol ${id}`,
  icon: '',
  category,
  price_precision: 2,
  qty_step: '0.01',
  time_zone: 'UTC',
});

const ticker = (id: string, changeRate: string, lastPrice = '100.00'): Ticker => ({
  symbol_id: id,
  symbol: `S${id}`,
  last_price: lastPrice,
  open: '100.00',
  high: '110.00',
  low: '90.00',
  change: '0',
  change_rate: changeRate,
  volume: '1',
  amount: '100',
  bid: lastPrice,
  ask: lastPrice,
  status: 'open',
  time: T0,
});

describe('featured symbols', () => {
  it('are the first six of the category, in list order', () => {
    const symbols = [
      symbol('1', 'crypto'),
      ...Array.from({ length: 8 }, (_, i) => symbol(String(10 + i), 'stock')),
    ];
    expect(featuredOf(symbols, 'stock').map((s) => s.id)).toStrictEqual([
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
    ]);
    expect(featuredOf(symbols, 'crypto').map((s) => s.id)).toStrictEqual(['1']);
    expect(featuredOf(symbols, 'forex')).toStrictEqual([]);
  });
});

describe('sparkline closes', () => {
  const history = historyOf([
    { time: T0 - 2 * HOUR, open: '1', high: '1', low: '1', close: '10.0', volume: '1' },
    { time: T0 - HOUR, open: '1', high: '1', low: '1', close: '11.0', volume: '1' },
    { time: T0, open: '1', high: '1', low: '1', close: '12.0', volume: '1' },
  ]);

  it('ends at the live price: the forming candle closes at it', () => {
    expect(
      sparklineCloses(history, { last_price: '12.5', time: T0 + 20 * 60_000 }, HOUR),
    ).toStrictEqual(['10.0', '11.0', '12.5']);
  });

  it('adds the live price as a new point once the next period began', () => {
    expect(
      sparklineCloses(history, { last_price: '12.7', time: T0 + HOUR + 1 }, HOUR),
    ).toStrictEqual(['10.0', '11.0', '12.0', '12.7']);
  });

  it('keeps the candles alone without a ticker, or with one older than them', () => {
    expect(sparklineCloses(history, undefined, HOUR)).toStrictEqual(['10.0', '11.0', '12.0']);
    expect(sparklineCloses(history, { last_price: '9', time: T0 - 1 }, HOUR)).toStrictEqual([
      '10.0',
      '11.0',
      '12.0',
    ]);
  });

  it('is the live price alone when there are no candles', () => {
    expect(sparklineCloses(historyOf([]), { last_price: '3.2', time: T0 }, HOUR)).toStrictEqual([
      '3.2',
    ]);
  });
});

describe('top movers', () => {
  it('rank by change rate as numbers, not as text, across categories', () => {
    const symbols = [
      symbol('1', 'stock'),
      symbol('2', 'crypto'),
      symbol('3', 'forex'),
      symbol('4', 'metal'),
    ];
    const tickers = {
      '1': ticker('1', '9.5'),
      '2': ticker('2', '10.25'),
      '3': ticker('3', '-12.00'),
      '4': ticker('4', '0.75'),
    };
    expect(topMovers(symbols, tickers).map((m) => m.symbol.id)).toStrictEqual(['2', '1', '4']);
  });

  it('keep the list order on a tie and leave out symbols without a ticker', () => {
    const symbols = [symbol('1', 'stock'), symbol('2', 'stock'), symbol('3', 'stock')];
    const tickers = { '2': ticker('2', '1.50'), '3': ticker('3', '1.5') };
    expect(topMovers(symbols, tickers).map((m) => m.symbol.id)).toStrictEqual(['2', '3']);
  });

  it('are the least bad when every market fell', () => {
    const symbols = [symbol('1', 'stock'), symbol('2', 'stock')];
    const tickers = { '1': ticker('1', '-3.1'), '2': ticker('2', '-0.2') };
    expect(topMovers(symbols, tickers).map((m) => m.symbol.id)).toStrictEqual(['2', '1']);
  });
});

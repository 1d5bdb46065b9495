// Test helpers only: imported by *.test.ts as `#entities/market/testing`, never by the app.
import type { SymbolInfo, Ticker } from '@bourse/protocol';

/** A symbol as the list carries it; `category` crypto unless given. */
export function symbolOf(id: string, overrides: Partial<Omit<SymbolInfo, 'id'>> = {}): SymbolInfo {
  const upper = id.toUpperCase();
  return {
    id,
    symbol: upper,
    display: upper,
    name: `${upper} name`,
    icon: `/static/symbols/${id}.svg`,
    category: 'crypto',
    price_precision: 2,
    qty_step: '0.01',
    time_zone: 'UTC',
    ...overrides,
  };
}

/** A 24 h ticker of one symbol; open unless given. */
export function tickerOf(
  symbolId: string,
  overrides: Partial<Omit<Ticker, 'symbol_id'>> = {},
): Ticker {
  return {
    symbol_id: symbolId,
    symbol: symbolId.toUpperCase(),
    last_price: '100.00',
    open: '100.00',
    high: '101.00',
    low: '99.00',
    change: '0.00',
    change_rate: '0.00',
    volume: '1000',
    amount: '100000.00',
    bid: '99.99',
    ask: '100.01',
    status: 'open',
    time: 1_763_900_000_000,
    ...overrides,
  };
}

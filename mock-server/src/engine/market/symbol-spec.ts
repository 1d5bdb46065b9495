import { SYMBOL_MARKET_PARAMS, SYMBOLS } from '@bourse/fixtures';
import { SECONDS_PER_YEAR } from './spans.ts';
import type { MarketCategory } from './trading-hours.ts';

export interface SymbolSpec {
  id: string;
  category: MarketCategory;
  pricePrecision: number;
  timeZone: string;
  referencePrice: number;
  /** annualised */
  volatility: number;
}

export const symbolSpec = (symbolId: string): SymbolSpec | null => {
  const symbol = SYMBOLS.find((s) => s.id === symbolId);
  const params = (
    SYMBOL_MARKET_PARAMS as Record<string, { reference_price: string; volatility: string }>
  )[symbolId];
  if (!symbol || !params) return null;
  return {
    id: symbol.id,
    category: symbol.category,
    pricePrecision: symbol.price_precision,
    timeZone: symbol.time_zone,
    referencePrice: Number(params.reference_price),
    volatility: Number(params.volatility),
  };
};

/**
 * Writes a simulated price at the symbol's precision: the decimal string that leaves the engine.
 * A simulated level is a float by nature (no money is added up here), and toFixed rounds its
 * exact value, so the same level always reads the same (and fast: history formats thousands).
 */
export const formatPrice = (price: number, precision: number): string => price.toFixed(precision);

/** open seconds in a year, so that σ is the volatility a trader sees over a calendar year */
export const OPEN_SECONDS_PER_YEAR: Record<MarketCategory, number> = {
  crypto: SECONDS_PER_YEAR,
  stock: 252 * 6.5 * 3600,
  forex: 52 * 5 * 24 * 3600,
  metal: 52 * 5 * 23 * 3600,
};

/** a typical day's turnover in the quote currency */
export const DAILY_TURNOVER: Record<MarketCategory, number> = {
  crypto: 6e8,
  stock: 2e9,
  forex: 3e9,
  metal: 1e9,
};

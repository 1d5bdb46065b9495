export * from './candles.ts';
export * from './market.ts';
export * from './overrides.ts';
export * from './price-process.ts';
export * from './spans.ts';
export * from './symbol-spec.ts';
export * from './trading-hours.ts';

export * from './candles.ts';
export * from './price-process.ts';
export * from './trading-hours.ts';

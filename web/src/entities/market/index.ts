// One public API for every layer, the app's shell included: the shell (the tab bar reads the
// selected symbol) does not take the views and decimal.js with the state, because the build
// treats a slice's ui and lib segments as free of side effects (web/vite.config.ts), so what
// the shell does not use is dropped from its chunk.
export {
  $symbols,
  $symbolsById,
  $symbolsStatus,
  fetchSymbolsFx,
  symbolsRequested,
  type SymbolInfo,
  type SymbolsStatus,
} from './model/symbols.ts';
export {
  $data24h,
  $tickers,
  DATA24H_SAVE_INTERVAL_MS,
  MarketFeedGate,
  type Ticker,
} from './model/tickers.ts';
export { $selectedSymbol, symbolSelected, type SelectedSymbol } from './model/selection.ts';
export { $favourites, favouriteToggled } from './model/favourites.ts';
export {
  CATEGORY_LABEL_KEYS,
  MARKET_TAB_PARAM,
  marketPathOf,
  SYMBOL_CATEGORIES,
  type SymbolCategory,
} from './lib/categories.ts';
export {
  cachedVolumeFormat,
  compareDecimals,
  directionOf,
  formatChangeRate,
  formatPrice,
  formatVolume,
  moveOf,
  NO_VALUE,
  volumeFormat,
  type Direction,
} from './lib/numbers.ts';
export { SymbolIcon, type SymbolIconProps } from './ui/symbol-icon.tsx';
export {
  ChangeText,
  PriceText,
  useVolumeFormat,
  type ChangeTextProps,
  type PriceTextProps,
} from './ui/numbers.tsx';
export { Sparkline, sparklinePoints, type SparklineProps } from './ui/sparkline.tsx';
export { FlashCell, flashClassName, useFlash } from './ui/flash.tsx';
export { useTicker } from './ui/use-ticker.ts';
export { LiveStatus } from './ui/live-status.tsx';

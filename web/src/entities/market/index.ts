export {
  $data24h,
  $favourites,
  $selectedSymbol,
  $symbols,
  $symbolsById,
  $symbolsStatus,
  $tickers,
  DATA24H_SAVE_INTERVAL_MS,
  favouriteToggled,
  fetchSymbolsFx,
  MarketFeedGate,
  symbolSelected,
  symbolsRequested,
  type SelectedSymbol,
  type SymbolInfo,
  type SymbolsStatus,
  type Ticker,
} from './model/index.ts';
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

// The market's state without its views: light enough for the app's entry chunk (the tab bar
// reads the selected symbol), without decimal.js. Screens import '#entities/market'.
export {
  $symbols,
  $symbolsById,
  $symbolsStatus,
  fetchSymbolsFx,
  symbolsRequested,
  type SymbolInfo,
  type SymbolsStatus,
} from './symbols.ts';
export {
  $data24h,
  $tickers,
  DATA24H_SAVE_INTERVAL_MS,
  MarketFeedGate,
  type Ticker,
} from './tickers.ts';
export { $selectedSymbol, symbolSelected, type SelectedSymbol } from './selection.ts';
export { $favourites, favouriteToggled } from './favourites.ts';

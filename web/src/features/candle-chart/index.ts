// The candlestick chart: a canvas core that needs no React (benchmarks and other screens call
// `createCandleChart` directly) and a thin React view with readout, legend and text summary.
export {
  createCandleChart,
  type CandleChart,
  type CandleChartOptions,
  type ChartRange,
  type AxisLabel,
  type CrosshairInfo,
  type PriceAxis,
} from './core/chart.ts';
export {
  CandleColumns,
  candleFromBar,
  candlesChange,
  mergeLiveCandle,
  prependCandles,
  type Candle,
  type CandleMerge,
  type CandlesChange,
  type NumericBar,
} from './core/columns.ts';
export { decimalsOf, MA_WINDOWS, movingAverage, movingAverageText } from './core/indicators.ts';
export {
  priceChange,
  summarizeRange,
  type PriceChange,
  type RangeSummary,
} from './core/summary.ts';
export { DAY_THEME, themeFromCss, type ChartTheme } from './core/theme.ts';
export { CandleChartView, type CandleChartViewProps } from './ui/candle-chart.tsx';

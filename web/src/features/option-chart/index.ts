// The options' live price line (issue 13): a symbol's price with each running order's entry,
// expiry and countdown, on the options page and the options chart.
export { createTrend, TREND_MAX_POINTS, type TrendConfig, type TrendPoint } from './model/trend.ts';
export { TrendChart, type TrendChartProps, type TrendMark } from './ui/trend-chart.tsx';

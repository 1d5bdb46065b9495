import { CandleChartView, type Candle } from '#features/candle-chart';
// the live candle merge comes with the chart: the page's model loads it from here
export { mergeLiveCandle } from '#features/candle-chart';
import { CHART_PERIOD } from '../model/page.ts';

/** The candle chart, small: its own chunk, loaded after the form has drawn. */
export default function CompactChart({
  candles,
  precision,
  symbol,
  className,
}: {
  candles: readonly Candle[];
  precision: number;
  symbol: string;
  className?: string | undefined;
}) {
  return (
    <CandleChartView
      className={className}
      candles={candles}
      period={CHART_PERIOD}
      precision={precision}
      symbol={symbol}
    />
  );
}

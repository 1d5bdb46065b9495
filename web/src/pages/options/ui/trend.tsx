import { TrendChart, type TrendChartProps } from '#features/option-chart';

/** The price line: its own chunk (d3), loaded after the form has drawn. */
export default function Trend(props: TrendChartProps) {
  return <TrendChart {...props} />;
}

import { moveOf } from '../lib/numbers.ts';
import styles from './market.module.css';

export interface SparklineProps {
  /** closing prices, oldest first, as decimal strings */
  closes: readonly string[];
  /** px; 64 × 24 by default */
  width?: number;
  height?: number;
  className?: string;
}

/** The points of a polyline through `closes`, scaled into the box (numbers: only for drawing). */
export function sparklinePoints(closes: readonly string[], width: number, height: number): string {
  if (closes.length < 2) return '';
  const values = closes.map((close) => Number(close));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low;
  const stroke = 1; // keeps the line inside the box
  const step = width / (values.length - 1);
  return values
    .map((value, index) => {
      const y =
        span === 0 ? height / 2 : stroke + (1 - (value - low) / span) * (height - 2 * stroke);
      return `${(index * step).toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** A tiny line of recent closes, green when the last is above the first, red when below. */
export function Sparkline({ closes, width = 64, height = 24, className }: SparklineProps) {
  // the colour follows the line from its first point to its last
  const direction = moveOf(closes[0], closes.at(-1));
  return (
    <svg
      className={`${styles.sparkline} ${styles[direction] ?? ''} ${className ?? ''}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      <polyline
        points={sparklinePoints(closes, width, height)}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

import { formatPrice } from '#entities/market';
import { countdownText, remainingMs, useServerNow } from '#entities/option';
import { useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { line, max, min, scaleLinear } from 'd3';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrendPoint } from '../model/trend.ts';
import styles from './trend-chart.module.css';

/** A running order on the line: its entry price from its entry until its delivery. */
export interface TrendMark {
  readonly id: string;
  readonly direction: 'up' | 'down';
  readonly price: string;
  readonly openAt: number;
  readonly settleAt: number;
}

export interface TrendChartProps {
  readonly points: readonly TrendPoint[];
  readonly marks: readonly TrendMark[];
  /** decimals of the symbol's prices */
  readonly precision: number;
  /** the symbol as users know it, for the label */
  readonly symbol: string;
  /** how much of the past the line shows, ms */
  readonly windowMs: number;
  /** the right edge reaches past every mark's delivery (the order chart) */
  readonly fitMarks?: boolean;
  readonly className?: string | undefined;
}

const PAD = 10;
/** the time labels' band under the plot */
const TIME_BAND = 16;
/** room for a price label, by its length (digits and marks are about 6.6 px at 11 px) */
const axisFor = (longest: number) => Math.max(56, Math.ceil(longest * 6.6) + 10);
const FUTURE_SHARE = 0.25;

/**
 * A symbol's live price line (d3 scales and path, drawn as SVG): its last price, and for each
 * running order the entry line up to its delivery, a mark where it expires and its countdown. It
 * reads the server's clock: the right edge is the server's now, so it moves with the time, not with
 * the device's.
 */
export function TrendChart({
  points,
  marks,
  precision,
  symbol,
  windowMs,
  fitMarks = false,
  className,
}: TrendChartProps) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const now = useServerNow();
  const hostRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 320, height: 180 });

  useEffect(() => {
    const host = hostRef.current;
    if (host === null) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry === undefined) return;
      const { width, height } = entry.contentRect;
      setSize((old) =>
        Math.round(width) === old.width && Math.round(height) === old.height
          ? old
          : { width: Math.round(width), height: Math.round(height) },
      );
    });
    observer.observe(host);
    return () => {
      observer.disconnect();
    };
  }, []);

  const time = useDateFormat('time');
  const price = (value: string | number) => formatPrice(String(value), precision, numbers);
  const last = points.at(-1) ?? null;
  const AXIS = axisFor(last === null ? 8 : price(last.price).length);
  const plotWidth = Math.max(10, size.width - AXIS);
  const plotHeight = Math.max(10, size.height - 2 * PAD - TIME_BAND);
  const latestMark = max(marks, (mark) => mark.settleAt) ?? now;
  const start = now - windowMs;
  const end = fitMarks
    ? Math.max(now + windowMs * FUTURE_SHARE, latestMark + windowMs * 0.1)
    : now + windowMs * FUTURE_SHARE;
  const x = scaleLinear().domain([start, end]).range([0, plotWidth]);

  const shown = useMemo(() => {
    const firstIn = points.findIndex((point) => point.time >= start);
    if (firstIn === -1) return points.slice(-1);
    return points.slice(Math.max(0, firstIn - 1));
  }, [points, start]);

  const prices = [
    ...shown.map((point) => Number(point.price)),
    ...marks.map((m) => Number(m.price)),
  ];
  let low = min(prices) ?? 0;
  let high = max(prices) ?? 1;
  if (high - low < Math.abs(high) * 0.0005 || high === low) {
    const half = Math.max(Math.abs(high) * 0.0005, 10 ** -precision);
    low -= half;
    high += half;
  }
  const margin = (high - low) * 0.12;
  const y = scaleLinear()
    .domain([low - margin, high + margin])
    .range([PAD + plotHeight, PAD]);

  const path =
    line<TrendPoint>()
      .x((point) => x(point.time))
      .y((point) => y(Number(point.price)))(shown) ?? '';
  const ticks = y.ticks(4);
  const times = x.ticks(3).filter((tick) => x(tick) > 20 && x(tick) < plotWidth - 20);

  return (
    <div ref={hostRef} className={`${styles.host} ${className ?? ''}`}>
      <svg
        width={size.width}
        height={size.height}
        role="img"
        aria-label={
          last === null
            ? t('options.chart.empty', { symbol })
            : t('options.chart.label', { symbol, price: price(last.price), count: marks.length })
        }
        data-testid="option-chart"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line className={styles.grid} x1={0} x2={plotWidth} y1={y(tick)} y2={y(tick)} />
            <text className={styles.axis} x={plotWidth + 4} y={y(tick)} dy="0.32em">
              {price(tick.toFixed(precision))}
            </text>
          </g>
        ))}
        {times.map((tick) => (
          <text
            key={tick}
            className={styles.axis}
            x={x(tick)}
            y={PAD + plotHeight + TIME_BAND}
            textAnchor="middle"
          >
            {time.format(tick)}
          </text>
        ))}
        <line className={styles.now} x1={x(now)} x2={x(now)} y1={PAD} y2={PAD + plotHeight} />
        <path className={styles.line} d={path} />
        {marks.map((mark) => (
          <Mark
            key={mark.id}
            mark={mark}
            x1={Math.max(0, x(mark.openAt))}
            x2={Math.min(plotWidth, x(mark.settleAt))}
            expiryShown={mark.settleAt <= end}
            y={y(Number(mark.price))}
            label={`${mark.direction === 'up' ? '▲' : '▼'} ${price(mark.price)}`}
            left={countdownText(remainingMs(mark.settleAt, now))}
            top={PAD}
            bottom={PAD + plotHeight}
          />
        ))}
        {last === null ? null : (
          <g>
            <circle
              className={styles.dot}
              cx={x(Math.min(last.time, now))}
              cy={y(Number(last.price))}
              r={3}
            />
            <rect
              className={styles.lastBox}
              x={plotWidth}
              y={y(Number(last.price)) - 8}
              width={AXIS}
              height={16}
              rx={2}
            />
            <text
              className={styles.lastText}
              x={plotWidth + 4}
              y={y(Number(last.price))}
              dy="0.32em"
            >
              {price(last.price)}
            </text>
          </g>
        )}
      </svg>
    </div>
  );
}

function Mark({
  mark,
  x1,
  x2,
  expiryShown,
  y,
  label,
  left,
  top,
  bottom,
}: {
  mark: TrendMark;
  x1: number;
  x2: number;
  expiryShown: boolean;
  y: number;
  label: string;
  left: string;
  top: number;
  bottom: number;
}) {
  const tone = mark.direction === 'up' ? styles.up : styles.down;
  return (
    <g className={tone} aria-hidden="true">
      <line className={styles.entry} x1={x1} x2={Math.max(x1, x2)} y1={y} y2={y} />
      {expiryShown ? <line className={styles.expiry} x1={x2} x2={x2} y1={top} y2={bottom} /> : null}
      <text className={styles.markText} x={x1 + 2} y={y - 4}>
        {label}
      </text>
      <text className={styles.markText} x={Math.max(x1 + 2, x2 - 4)} y={y + 12} textAnchor="end">
        {left}
      </text>
    </g>
  );
}

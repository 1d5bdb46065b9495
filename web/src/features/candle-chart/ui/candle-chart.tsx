import { asPercent, localizeDecimal, useNumberStyle, type NumberStyle } from '#shared/format';
import { dateFormatOf, HTML_LANG, $language } from '#shared/i18n';
import type { KlinePeriod } from '@bourse/protocol';
import { useUnit } from 'effector-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createCandleChart,
  type CandleChart,
  type ChartRange,
  type CrosshairInfo,
} from '../core/chart.ts';
import { candlesChange, type Candle } from '../core/columns.ts';
import { MA_WINDOWS } from '../core/indicators.ts';
import { readoutTimeStyle } from '../core/scales.ts';
import { candleChange, summarizeRange } from '../core/summary.ts';
import styles from './candle-chart.module.css';

/** The text summary changes at most this often, so that a screen reader is not flooded. */
export const SUMMARY_INTERVAL_MS = 3_000;

export interface CandleChartViewProps {
  /** oldest first */
  readonly candles: readonly Candle[];
  readonly period: KlinePeriod;
  /** decimals of the symbol's prices */
  readonly precision: number;
  /** the symbol as users know it, for the label and the summary */
  readonly symbol: string;
  /** the oldest candle came near the left edge */
  readonly onReachStart?: () => void;
  readonly className?: string;
}

/** Gives the chart only what changed between two renders. */
function applyCandles(chart: CandleChart, previous: readonly Candle[], next: readonly Candle[]) {
  const change = candlesChange(previous, next);
  if (change.kind === 'reset') chart.setData(next);
  if (change.kind !== 'edit') return;
  if (change.prepended.length > 0) chart.prepend(change.prepended);
  for (const candle of change.live) chart.update(candle);
}

interface Summarized {
  readonly range: ChartRange | null;
  readonly candles: readonly Candle[];
}

/** The candlestick chart with its readout, for React screens. */
export function CandleChartView({
  candles,
  period,
  precision,
  symbol,
  onReachStart,
  className,
}: CandleChartViewProps) {
  const { t } = useTranslation();
  const language = useUnit($language);
  const locale = HTML_LANG[language];
  const numbers = useNumberStyle();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<CandleChart | null>(null);
  const shownRef = useRef<readonly Candle[]>([]);
  const reachStartRef = useRef(onReachStart);
  useEffect(() => {
    reachStartRef.current = onReachStart;
  }, [onReachStart]);
  const [crosshair, setCrosshair] = useState<CrosshairInfo | null>(null);
  const [summarized, setSummarized] = useState<Summarized | null>(null);
  const summaryId = useId();
  const hintId = useId();

  // The text summary follows the candles on screen, at most once per SUMMARY_INTERVAL_MS.
  const pending = useRef<Summarized>({ range: null, candles });
  const summaryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSummaryAt = useRef(Number.NEGATIVE_INFINITY);
  const summaryWanted = useRef<() => void>(() => undefined);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    const publish = () => {
      summaryTimer.current = undefined;
      // an empty chart (before its candles) does not hold back the first real summary
      if ((pending.current.range?.count ?? 0) > 0) lastSummaryAt.current = Date.now();
      setSummarized({ ...pending.current });
    };
    summaryWanted.current = () => {
      if (summaryTimer.current !== undefined) return;
      const wait = lastSummaryAt.current + SUMMARY_INTERVAL_MS - Date.now();
      if (wait <= 0) publish();
      else summaryTimer.current = setTimeout(publish, wait);
    };
    const chart = createCandleChart(canvas, {
      onCrosshairMove: setCrosshair,
      onVisibleRangeChange: (range) => {
        pending.current = { ...pending.current, range };
        summaryWanted.current();
      },
      onReachStart: () => reachStartRef.current?.(),
    });
    chartRef.current = chart;
    shownRef.current = [];
    return () => {
      clearTimeout(summaryTimer.current);
      summaryTimer.current = undefined;
      summaryWanted.current = () => undefined;
      chart.destroy();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    chartRef.current?.setOptions({ period, precision, locale });
  }, [period, precision, locale]);

  useEffect(() => {
    const chart = chartRef.current;
    if (chart === null) return;
    applyCandles(chart, shownRef.current, candles);
    shownRef.current = candles;
    pending.current = { ...pending.current, candles };
    summaryWanted.current();
  }, [candles]);

  const periodName = t(`chart.periodName.${period}`);
  const summary = useMemo(
    () =>
      summarized?.range
        ? summarizeRange(summarized.candles, summarized.range.fromTime, summarized.range.toTime)
        : null,
    [summarized],
  );
  const dateFormat = useMemo(
    () => dateFormatOf(locale, readoutTimeStyle(period)),
    [locale, period],
  );

  return (
    <div className={`${styles.chart} ${className ?? ''}`}>
      <canvas
        ref={canvasRef}
        className={styles.canvas}
        role="img"
        tabIndex={0}
        aria-label={t('chart.label', { symbol, period: periodName })}
        aria-describedby={`${summaryId} ${hintId}`}
        data-testid="candle-chart"
      />
      {crosshair ? <Readout info={crosshair} format={dateFormat} numbers={numbers} /> : null}
      <p id={summaryId} className="visually-hidden" aria-live="polite" data-testid="chart-summary">
        {summary === null
          ? t('chart.summaryEmpty', { symbol, period: periodName })
          : t('chart.summary', {
              symbol,
              period: periodName,
              from: dateFormat.format(summary.fromTime),
              to: dateFormat.format(summary.toTime),
              candles: summary.count,
              close: localizeDecimal(summary.lastClose, numbers),
              change: localizeSigned(summary.change.change, numbers),
              rate: localizeSigned(summary.change.rate, numbers),
              high: localizeDecimal(summary.high, numbers),
              low: localizeDecimal(summary.low, numbers),
            })}
      </p>
      <p id={hintId} className="visually-hidden">
        {t('chart.keyboardHint')}
      </p>
    </div>
  );
}

/** "+12.50" in the number style: the sign kept, the digits localised. */
const localizeSigned = (value: string, numbers: NumberStyle) =>
  value.startsWith('+')
    ? `+${localizeDecimal(value.slice(1), numbers)}`
    : localizeDecimal(value, numbers);

function Readout({
  info,
  format,
  numbers,
}: {
  info: CrosshairInfo;
  format: Intl.DateTimeFormat;
  numbers: NumberStyle;
}) {
  const { t } = useTranslation();
  const local = (value: string) => localizeDecimal(value, numbers);
  const { candle } = info;
  const change = candleChange(candle, info.previousClose);
  const tone =
    change.direction === 'up' ? styles.up : change.direction === 'down' ? styles.down : '';
  return (
    <dl className={styles.readout} aria-label={t('chart.readout')} data-testid="chart-readout">
      <div className={styles.readoutTime}>
        <dt className="visually-hidden">{t('chart.time')}</dt>
        <dd>
          <time dateTime={new Date(candle.time).toISOString()}>{format.format(candle.time)}</time>
        </dd>
      </div>
      <Row label={t('chart.open')} value={local(candle.open)} />
      <Row label={t('chart.high')} value={local(candle.high)} />
      <Row label={t('chart.low')} value={local(candle.low)} />
      <Row label={t('chart.close')} value={local(candle.close)} />
      <Row
        label={t('chart.change')}
        value={`${localizeSigned(change.change, numbers)} (${asPercent(localizeSigned(change.rate, numbers), numbers)})`}
        tone={tone}
      />
      <Row label={t('chart.volume')} value={local(candle.volume)} />
      {MA_WINDOWS.map((window) => {
        const average = info.ma[window];
        return (
          <Row
            key={window}
            label={t('chart.ma', { window })}
            value={average === null || average === undefined ? '--' : local(average)}
          />
        );
      })}
    </dl>
  );
}

function Row({ label, value, tone = '' }: { label: string; value: string; tone?: string }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd className={`num ${tone}`}>{value}</dd>
    </div>
  );
}

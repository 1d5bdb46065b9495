import { localizeDecimal, numberStyleOf } from '#shared/format';
import { dateFormatOf } from '#shared/i18n';
import type { KlinePeriod } from '@bourse/protocol';
import { CandleColumns, type Candle, type CandleMerge } from './columns.ts';
import { MA_WINDOWS, movingAverage, movingAverageAt, movingAverageText } from './indicators.ts';
import {
  formatTick,
  levelsClearOf,
  priceLabelBox,
  priceTicks,
  readoutTimeStyle,
  TIME_LABEL_STYLES,
  timeTicks,
  type TimeLabelKind,
} from './scales.ts';
import { themeFromCss, type ChartTheme } from './theme.ts';
import {
  afterAppend,
  clampViewport,
  DEFAULT_RIGHT_OFFSET,
  DEFAULT_SPACING,
  indexAtX,
  panBy,
  visibleRange,
  xOfIndex,
  zoomAt,
  type Viewport,
} from './viewport.ts';

/** The candle under the crosshair, and where the crosshair is. */
export interface CrosshairInfo {
  readonly index: number;
  readonly candle: Candle;
  /** the close of the candle before, for the change; null for the oldest */
  readonly previousClose: string | null;
  /** the moving averages at this candle, exactly, by window */
  readonly ma: Readonly<Record<number, string | null>>;
}

/** A text on the price axis: what it says and the middle of its line, in CSS px. */
export interface AxisLabel {
  readonly text: string;
  readonly y: number;
}

/** What the price axis shows: its level labels and the last price's tag (with its box). */
export interface PriceAxis {
  readonly labels: readonly AxisLabel[];
  readonly lastPrice: (AxisLabel & { readonly top: number; readonly bottom: number }) | null;
}

/** The candles on screen, by index and by opening time. */
export interface ChartRange {
  readonly from: number;
  readonly to: number;
  readonly fromTime: number;
  readonly toTime: number;
  /** candles in the series */
  readonly count: number;
}

export interface CandleChartOptions {
  /** the candles' period: time labels and readout formats follow it */
  readonly period?: KlinePeriod;
  /** decimals of the price axis */
  readonly precision?: number;
  /** BCP 47 language of numbers and time labels; default English numbers, the browser's dates */
  readonly locale?: string | undefined;
  /** fixed colours; default: read from the page's CSS variables and re-read on theme change */
  readonly theme?: ChartTheme;
  /** the crosshair moved to a candle, or went away (null) */
  readonly onCrosshairMove?: (info: CrosshairInfo | null) => void;
  /** other candles came on screen (pan, zoom, new data) */
  readonly onVisibleRangeChange?: (range: ChartRange) => void;
  /** the oldest candle came near the left edge: time to load older ones */
  readonly onReachStart?: () => void;
}

export interface CandleChart {
  /** replaces the series (oldest first) and shows its newest candles */
  setData(candles: readonly Candle[]): void;
  /** a live candle: updates the newest one or appends a newer one */
  update(candle: Candle): CandleMerge;
  /** older candles (oldest first) put before the series, without moving what is on screen */
  prepend(older: readonly Candle[]): number;
  setOptions(options: Partial<CandleChartOptions>): void;
  /** the container's size changed */
  resize(): void;
  /** the theme's CSS variables changed */
  refreshTheme(): void;
  /** moves the view by `dx` CSS pixels (positive shows older candles) */
  pan(dx: number): void;
  /** zooms by `factor` (above 1 zooms in), around the newest candle on screen */
  zoom(factor: number): void;
  /** back to the newest candles */
  scrollToLatest(): void;
  getVisibleRange(): ChartRange;
  /** what the price axis showed at the last draw (also on the canvas as `data-price-axis`) */
  getPriceAxis(): PriceAxis;
  /** draws now instead of at the next frame (benchmarks, tests) */
  render(): void;
  readonly canvas: HTMLCanvasElement;
  destroy(): void;
}

const FONT_SIZE = 11;
const TIME_AXIS_HEIGHT = 20;
const VOLUME_SHARE = 0.2;
const PANE_GAP = 6;
const LEGEND_HEIGHT = 18;
const PRICE_PADDING = 0.08;
const MIN_TIME_LABEL_GAP = 72;
const REACH_START_CANDLES = 5;
const LONG_PRESS_MS = 400;
const DRAG_THRESHOLD = 5;
const WHEEL_ZOOM_SPEED = 0.0015;
const KEY_ZOOM = 1.25;
const KEY_PAN_SHARE = 0.15;

interface Pointer {
  x: number;
  y: number;
}

type Gesture =
  | { kind: 'none' }
  | { kind: 'press'; id: number; start: Pointer; viewport: Viewport; moved: boolean }
  | { kind: 'crosshair'; id: number }
  | { kind: 'pinch'; distance: number; mid: number; viewport: Viewport };

/**
 * A candlestick chart on a canvas: candles and volume, MA lines, price and time axes, the last
 * price, a crosshair; pan by dragging, zoom by wheel, pinch or keys. `target` is the canvas to
 * draw on (sized to its parent) or a container to put one in. Needs no React.
 */
export function createCandleChart(
  target: HTMLElement,
  initialOptions: CandleChartOptions = {},
): CandleChart {
  let options: CandleChartOptions = { ...initialOptions };
  const ownCanvas = !(target instanceof HTMLCanvasElement);
  const canvas = ownCanvas ? document.createElement('canvas') : target;
  if (ownCanvas) target.append(canvas);
  const host = ownCanvas ? target : (canvas.parentElement ?? canvas);
  canvas.style.display = 'block';
  canvas.style.width = '100%';
  canvas.style.height = '100%';
  canvas.style.touchAction = 'none';
  const context = canvas.getContext('2d', { alpha: false });
  if (context === null) throw new Error('the browser gives no 2D canvas');
  const ctx = context;

  let series = CandleColumns.from([]);
  const ma: Float64Array[] = MA_WINDOWS.map(() => new Float64Array(0));
  let viewport: Viewport = { spacing: DEFAULT_SPACING, rightOffset: DEFAULT_RIGHT_OFFSET };
  let width = 0;
  let height = 0;
  let ratio = 1;
  let theme: ChartTheme = options.theme ?? themeFromCss(host);
  let fontFamily = getComputedStyle(host).fontFamily || 'sans-serif';
  let frame = 0;
  let crosshair: Pointer | null = null;
  let crosshairIndex = -1;
  let lastRange: ChartRange | null = null;
  let priceAxis: PriceAxis = { labels: [], lastPrice: null };
  let gesture: Gesture = { kind: 'none' };
  let longPress: ReturnType<typeof setTimeout> | undefined;
  const pointers = new Map<number, Pointer>();

  const precision = () => options.precision ?? 2;
  const period = () => options.period ?? '1m';
  /** the language's number style: axis, tag, crosshair and legend write numbers in it */
  const numbers = () => numberStyleOf(options.locale ?? 'en');

  // ---- layout ------------------------------------------------------------------------------

  let axisWidth = 56;
  const measureAxis = () => {
    ctx.font = `${FONT_SIZE}px ${fontFamily}`;
    const last = series.candles.at(-1);
    // room for the widest price in the language's style: its digits as 8s
    const high = last ? last.high : '88888.88';
    const written = [
      localizeDecimal(high, numbers()),
      formatTick(Number(high), precision(), numbers()),
    ];
    const sample = written.reduce((a, b) => (b.length > a.length ? b : a)).replace(/\d/g, '8');
    axisWidth = Math.ceil(ctx.measureText(sample).width) + 14;
  };
  const plotWidth = () => Math.max(1, width - axisWidth);
  const mainTop = LEGEND_HEIGHT;
  const mainBottom = () => Math.max(mainTop + 10, (height - TIME_AXIS_HEIGHT) * (1 - VOLUME_SHARE));
  const volumeTop = () => mainBottom() + PANE_GAP;
  const volumeBottom = () => height - TIME_AXIS_HEIGHT;

  // ---- data --------------------------------------------------------------------------------

  const computeMovingAverages = () => {
    MA_WINDOWS.forEach((window, k) => {
      const into = new Float64Array(series.time.length);
      ma[k] = movingAverage(series.close, series.length, window, into);
    });
  };
  const updateLastAverages = () => {
    const last = series.length - 1;
    MA_WINDOWS.forEach((window, k) => {
      let into = ma[k] as Float64Array;
      if (into.length < series.time.length) {
        const grown = new Float64Array(series.time.length);
        grown.set(into);
        into = grown;
        ma[k] = grown;
      }
      into[last] = movingAverageAt(series.close, last, window);
    });
  };

  // ---- drawing -----------------------------------------------------------------------------

  const timeFormat = (kind: TimeLabelKind | 'readout') =>
    dateFormatOf(
      options.locale,
      kind === 'readout' ? readoutTimeStyle(period()) : TIME_LABEL_STYLES[kind],
    );

  const label = (text: string, x: number, y: number, background: string, colour: string) => {
    const textWidth = ctx.measureText(text).width;
    ctx.fillStyle = background;
    const { half } = priceLabelBox(FONT_SIZE);
    ctx.fillRect(x, y - half, textWidth + 8, 2 * half);
    ctx.fillStyle = colour;
    ctx.fillText(text, x + 4, y);
  };

  const draw = () => {
    frame = 0;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = theme.background;
    ctx.fillRect(0, 0, width, height);
    const count = series.length;
    const plot = plotWidth();
    const range = visibleRange(count, plot, viewport);
    reportRange(range);
    if (count === 0 || range.to < range.from) return;

    // price and volume extents over what is on screen
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    let maxVolume = 0;
    for (let i = range.from; i <= range.to; i++) {
      const l = series.low[i] ?? 0;
      const h = series.high[i] ?? 0;
      const v = series.volume[i] ?? 0;
      if (l < low) low = l;
      if (h > high) high = h;
      if (v > maxVolume) maxVolume = v;
    }
    if (high === low) {
      const pad = Math.abs(high) * 0.01 || 1;
      high += pad;
      low -= pad;
    }
    const top = mainTop;
    const bottom = mainBottom();
    const padding = (high - low) * PRICE_PADDING;
    const max = high + padding;
    const min = low - padding;
    const yScale = (bottom - top) / (max - min);
    const yOf = (price: number) => top + (max - price) * yScale;
    const vTop = volumeTop();
    const vBottom = volumeBottom();
    const vScale = maxVolume > 0 ? (vBottom - vTop) / maxVolume : 0;

    ctx.font = `${FONT_SIZE}px ${fontFamily}`;
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 1;

    // grid and price axis
    const levels = priceTicks(min, max, Math.max(2, Math.floor((bottom - top) / 48)));
    ctx.fillStyle = theme.grid;
    ctx.beginPath();
    for (const level of levels) ctx.rect(0, Math.round(yOf(level)), plot, 1 / ratio);
    ctx.fill();
    ctx.fillStyle = theme.muted;
    ctx.textAlign = 'left';
    // the last price's tag sits on the axis: a level label it would cover is not drawn
    const lastClose = series.close[count - 1] ?? 0;
    const lastY = Math.min(bottom, Math.max(top, yOf(lastClose)));
    const { half } = priceLabelBox(FONT_SIZE);
    const axisLabels = levelsClearOf(
      levels.map((level) => ({ text: formatTick(level, precision(), numbers()), y: yOf(level) })),
      lastY,
      half,
    );
    for (const { text, y } of axisLabels) ctx.fillText(text, plot + 6, y);

    // time axis
    const xOf = (index: number) => xOfIndex(index, count, plot, viewport);
    const times = timeTicks(
      series.time,
      range.from,
      range.to,
      period(),
      viewport.spacing,
      MIN_TIME_LABEL_GAP,
    );
    ctx.fillStyle = theme.grid;
    ctx.beginPath();
    for (const tick of times) ctx.rect(Math.round(xOf(tick.index)), top, 1 / ratio, vBottom - top);
    ctx.fill();
    ctx.fillStyle = theme.muted;
    ctx.textAlign = 'center';
    for (const tick of times) {
      const text = timeFormat(tick.kind).format(tick.time);
      const half = ctx.measureText(text).width / 2;
      const x = xOf(tick.index);
      // a label that would be cut at an edge is left out
      if (x - half >= 0 && x + half <= plot) ctx.fillText(text, x, height - TIME_AXIS_HEIGHT / 2);
    }

    // candles and volume: one path per colour, in device pixels so edges stay sharp
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const device = viewport.spacing * ratio;
    const wick = Math.max(1, Math.floor(ratio));
    let body = Math.max(1, Math.floor(device * 0.7));
    if (body > wick && (body - wick) % 2 === 1) body -= 1;
    const bodies = device >= 2;
    for (const up of [true, false]) {
      ctx.beginPath();
      for (let i = range.from; i <= range.to; i++) {
        const open = series.open[i] ?? 0;
        const close = series.close[i] ?? 0;
        if (close >= open !== up) continue;
        const cx = Math.round(xOf(i) * ratio);
        const hy = Math.round(yOf(series.high[i] ?? 0) * ratio);
        const ly = Math.round(yOf(series.low[i] ?? 0) * ratio);
        ctx.rect(cx - (wick >> 1), hy, wick, Math.max(1, ly - hy));
        if (bodies) {
          const oy = Math.round(yOf(open) * ratio);
          const cy = Math.round(yOf(close) * ratio);
          ctx.rect(cx - (body >> 1), Math.min(oy, cy), body, Math.max(1, Math.abs(cy - oy)));
        }
      }
      ctx.fillStyle = up ? theme.up : theme.down;
      ctx.fill();
      ctx.beginPath();
      const vb = Math.round(vBottom * ratio);
      for (let i = range.from; i <= range.to; i++) {
        if ((series.close[i] ?? 0) >= (series.open[i] ?? 0) !== up) continue;
        const cx = Math.round(xOf(i) * ratio);
        const vy = Math.round((vBottom - (series.volume[i] ?? 0) * vScale) * ratio);
        ctx.rect(cx - (body >> 1), vy, body, Math.max(1, vb - vy));
      }
      ctx.globalAlpha = 0.45;
      ctx.fill();
      ctx.globalAlpha = 1;
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);

    // moving averages
    ctx.lineWidth = 1.2;
    ctx.lineJoin = 'round';
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, top, plot, bottom - top);
    ctx.clip();
    MA_WINDOWS.forEach((_, k) => {
      const values = ma[k] as Float64Array;
      ctx.beginPath();
      let pen = false;
      for (let i = Math.max(0, range.from - 1); i <= Math.min(count - 1, range.to + 1); i++) {
        const value = values[i] ?? Number.NaN;
        if (Number.isNaN(value)) {
          pen = false;
          continue;
        }
        if (pen) ctx.lineTo(xOf(i), yOf(value));
        else ctx.moveTo(xOf(i), yOf(value));
        pen = true;
      }
      ctx.strokeStyle = theme.ma[k] ?? theme.text;
      ctx.stroke();
    });
    ctx.restore();
    ctx.lineWidth = 1;

    // the last price
    const last = series.candles[count - 1] as Candle;
    if (canvas.dataset['lastClose'] !== last.close) canvas.dataset['lastClose'] = last.close;
    const lastColour = lastClose >= (series.open[count - 1] ?? 0) ? theme.up : theme.down;
    ctx.strokeStyle = lastColour;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(0, Math.round(lastY) + 0.5);
    ctx.lineTo(plot, Math.round(lastY) + 0.5);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.textAlign = 'left';
    const lastText = localizeDecimal(last.close, numbers());
    label(lastText, plot + 1, lastY, lastColour, theme.labelText);
    publishPriceAxis({
      labels: axisLabels,
      lastPrice: {
        text: lastText,
        y: lastY,
        top: lastY - half,
        bottom: lastY + half,
      },
    });

    // legend: the moving averages at the crosshair's candle, else at the newest
    const legendIndex = crosshairIndex >= 0 ? crosshairIndex : count - 1;
    let legendX = 6;
    MA_WINDOWS.forEach((window, k) => {
      const average = movingAverageText(series.candles, legendIndex, window);
      const text = `MA${window} ${average === null ? '--' : localizeDecimal(average, numbers())}`;
      ctx.fillStyle = theme.ma[k] ?? theme.text;
      ctx.fillText(text, legendX, LEGEND_HEIGHT / 2);
      legendX += ctx.measureText(text).width + 10;
    });

    // the crosshair
    if (crosshair !== null && crosshairIndex >= 0) {
      const x = xOf(crosshairIndex);
      ctx.strokeStyle = theme.crosshair;
      ctx.setLineDash([4, 4]);
      ctx.beginPath();
      ctx.moveTo(Math.round(x) + 0.5, top);
      ctx.lineTo(Math.round(x) + 0.5, vBottom);
      if (crosshair.y >= top && crosshair.y <= bottom) {
        ctx.moveTo(0, Math.round(crosshair.y) + 0.5);
        ctx.lineTo(plot, Math.round(crosshair.y) + 0.5);
      }
      ctx.stroke();
      ctx.setLineDash([]);
      if (crosshair.y >= top && crosshair.y <= bottom) {
        const price = max - (crosshair.y - top) / yScale;
        label(
          formatTick(price, precision(), numbers()),
          plot + 1,
          crosshair.y,
          theme.text,
          theme.background,
        );
      }
      const time = timeFormat('readout').format(series.time[crosshairIndex] ?? 0);
      const timeWidth = ctx.measureText(time).width + 8;
      const left = Math.min(plot - timeWidth, Math.max(0, x - timeWidth / 2));
      label(time, left, height - TIME_AXIS_HEIGHT / 2, theme.text, theme.background);
    }
  };

  const publishPriceAxis = (axis: PriceAxis) => {
    priceAxis = axis;
    const text = JSON.stringify(axis);
    if (canvas.dataset['priceAxis'] !== text) canvas.dataset['priceAxis'] = text;
  };

  const schedule = () => {
    if (frame === 0 && width > 0) frame = requestAnimationFrame(draw);
  };

  const render = () => {
    if (frame !== 0) cancelAnimationFrame(frame);
    draw();
  };

  // ---- what the chart tells its owner ------------------------------------------------------

  const rangeOf = (range: { from: number; to: number }): ChartRange => ({
    from: range.from,
    to: range.to,
    fromTime: series.time[range.from] ?? Number.NaN,
    toTime: series.time[range.to] ?? Number.NaN,
    count: series.length,
  });

  const reportRange = (visible: { from: number; to: number }) => {
    const range = rangeOf(visible);
    if (
      lastRange?.fromTime === range.fromTime &&
      lastRange.toTime === range.toTime &&
      lastRange.count === range.count
    ) {
      return;
    }
    lastRange = range;
    canvas.dataset['visibleFrom'] = String(range.fromTime);
    canvas.dataset['visibleTo'] = String(range.toTime);
    canvas.dataset['candles'] = String(range.count);
    options.onVisibleRangeChange?.(range);
    if (range.count > 0 && range.from <= REACH_START_CANDLES) options.onReachStart?.();
  };

  const crosshairInfo = (index: number): CrosshairInfo => ({
    index,
    candle: series.candles[index] as Candle,
    previousClose: index > 0 ? (series.candles[index - 1] as Candle).close : null,
    ma: Object.fromEntries(
      MA_WINDOWS.map((window) => [window, movingAverageText(series.candles, index, window)]),
    ),
  });

  const setCrosshair = (point: Pointer | null) => {
    crosshair = point;
    const count = series.length;
    let index = -1;
    if (point !== null && count > 0 && point.x <= plotWidth()) {
      index = Math.min(count - 1, Math.max(0, indexAtX(point.x, count, plotWidth(), viewport)));
    }
    if (index !== crosshairIndex) {
      crosshairIndex = index;
      options.onCrosshairMove?.(index >= 0 ? crosshairInfo(index) : null);
    }
    schedule();
  };

  const refreshCrosshair = () => {
    if (crosshairIndex >= 0 && crosshairIndex < series.length) {
      options.onCrosshairMove?.(crosshairInfo(crosshairIndex));
    }
  };

  const setViewport = (next: Viewport) => {
    viewport = next;
    if (crosshair !== null) setCrosshair(crosshair);
    schedule();
  };

  // ---- interaction -------------------------------------------------------------------------

  const pointOf = (event: PointerEvent | WheelEvent): Pointer => {
    const rect = canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const clearLongPress = () => {
    if (longPress !== undefined) clearTimeout(longPress);
    longPress = undefined;
  };
  const pinchOf = (): Gesture => {
    const [a, b] = [...pointers.values()] as [Pointer, Pointer];
    return {
      kind: 'pinch',
      distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
      mid: (a.x + b.x) / 2,
      viewport,
    };
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    try {
      // keeps a drag going when the pointer leaves the canvas
      canvas.setPointerCapture(event.pointerId);
    } catch {
      // a pointer the browser no longer tracks (or a synthetic one): the gesture works without
    }
    const point = pointOf(event);
    pointers.set(event.pointerId, point);
    clearLongPress();
    if (pointers.size === 2) {
      gesture = pinchOf();
      setCrosshair(null);
      return;
    }
    if (pointers.size > 2) return;
    gesture = { kind: 'press', id: event.pointerId, start: point, viewport, moved: false };
    if (event.pointerType !== 'mouse') {
      longPress = setTimeout(() => {
        if (gesture.kind === 'press' && !gesture.moved) {
          gesture = { kind: 'crosshair', id: event.pointerId };
          setCrosshair(pointers.get(event.pointerId) ?? point);
        }
      }, LONG_PRESS_MS);
    }
  };

  const onPointerMove = (event: PointerEvent) => {
    const point = pointOf(event);
    if (!pointers.has(event.pointerId)) {
      if (event.pointerType === 'mouse') setCrosshair(point);
      return;
    }
    pointers.set(event.pointerId, point);
    const count = series.length;
    const plot = plotWidth();
    if (gesture.kind === 'pinch' && pointers.size === 2) {
      const [a, b] = [...pointers.values()] as [Pointer, Pointer];
      const factor = Math.hypot(a.x - b.x, a.y - b.y) / gesture.distance;
      const zoomed = zoomAt(count, plot, gesture.viewport, factor, gesture.mid);
      setViewport(panBy(count, plot, zoomed, (a.x + b.x) / 2 - gesture.mid));
    } else if (gesture.kind === 'press' && gesture.id === event.pointerId) {
      const dx = point.x - gesture.start.x;
      if (!gesture.moved && Math.hypot(dx, point.y - gesture.start.y) < DRAG_THRESHOLD) return;
      gesture.moved = true;
      clearLongPress();
      setViewport(panBy(count, plot, gesture.viewport, dx));
      if (event.pointerType === 'mouse') setCrosshair(point);
    } else if (gesture.kind === 'crosshair' && gesture.id === event.pointerId) {
      setCrosshair(point);
    }
  };

  const onPointerUp = (event: PointerEvent) => {
    if (!pointers.delete(event.pointerId)) return;
    clearLongPress();
    // a tap (no drag, no long press) takes the crosshair away on touch screens
    if (
      gesture.kind === 'press' &&
      gesture.id === event.pointerId &&
      !gesture.moved &&
      event.pointerType !== 'mouse'
    ) {
      setCrosshair(null);
    }
    if (gesture.kind === 'pinch' && pointers.size === 1) {
      const [id, rest] = [...pointers.entries()][0] as [number, Pointer];
      gesture = { kind: 'press', id, start: rest, viewport, moved: true };
      return;
    }
    if (pointers.size === 0) gesture = { kind: 'none' };
  };

  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && !pointers.has(event.pointerId)) setCrosshair(null);
  };

  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    const scale = event.deltaMode === 1 ? 33 : event.deltaMode === 2 ? height : 1;
    const count = series.length;
    const plot = plotWidth();
    if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
      setViewport(panBy(count, plot, viewport, -event.deltaX * scale));
      return;
    }
    const factor = Math.exp(-event.deltaY * scale * WHEEL_ZOOM_SPEED);
    setViewport(zoomAt(count, plot, viewport, factor, Math.min(plot, pointOf(event).x)));
  };

  const api: CandleChart = {
    canvas,
    setData(candles) {
      series = CandleColumns.from(candles);
      computeMovingAverages();
      measureAxis();
      viewport = clampViewport(series.length, plotWidth(), {
        spacing: DEFAULT_SPACING,
        rightOffset: DEFAULT_RIGHT_OFFSET,
      });
      crosshairIndex = -1;
      crosshair = null;
      options.onCrosshairMove?.(null);
      schedule();
    },
    update(candle) {
      const merge = series.upsert(candle);
      if (merge === 'ignored') return merge;
      updateLastAverages();
      if (merge === 'appended') viewport = afterAppend(viewport);
      if (crosshairIndex === series.length - 1) refreshCrosshair();
      schedule();
      return merge;
    },
    prepend(older) {
      const added = series.prepend(older);
      if (added === 0) return 0;
      computeMovingAverages();
      if (crosshairIndex >= 0) crosshairIndex += added;
      // anchored on the newest candle: the view does not move
      viewport = clampViewport(series.length, plotWidth(), viewport);
      schedule();
      return added;
    },
    setOptions(next) {
      options = { ...options, ...next };
      if (next.theme) theme = next.theme;
      if (next.precision !== undefined || next.locale !== undefined) measureAxis();
      refreshCrosshair();
      schedule();
    },
    resize() {
      const rect = host.getBoundingClientRect();
      ratio = window.devicePixelRatio || 1;
      width = Math.max(0, Math.floor(rect.width));
      height = Math.max(0, Math.floor(rect.height));
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      viewport = clampViewport(series.length, plotWidth(), viewport);
      if (width > 0 && height > 0) render();
    },
    refreshTheme() {
      if (options.theme) return;
      theme = themeFromCss(host);
      fontFamily = getComputedStyle(host).fontFamily || fontFamily;
      schedule();
    },
    pan(dx) {
      setViewport(panBy(series.length, plotWidth(), viewport, dx));
    },
    zoom(factor) {
      const count = series.length;
      const plot = plotWidth();
      const anchor = Math.min(plot, xOfIndex(count - 1, count, plot, viewport));
      setViewport(zoomAt(count, plot, viewport, factor, Math.max(0, anchor)));
    },
    scrollToLatest() {
      setViewport(
        clampViewport(series.length, plotWidth(), {
          ...viewport,
          rightOffset: DEFAULT_RIGHT_OFFSET,
        }),
      );
    },
    getVisibleRange: () => rangeOf(visibleRange(series.length, plotWidth(), viewport)),
    getPriceAxis: () => priceAxis,
    render,
    destroy() {
      if (frame !== 0) cancelAnimationFrame(frame);
      clearLongPress();
      resizeObserver.disconnect();
      themeObserver.disconnect();
      canvas.removeEventListener('pointerdown', onPointerDown);
      canvas.removeEventListener('pointermove', onPointerMove);
      canvas.removeEventListener('pointerup', onPointerUp);
      canvas.removeEventListener('pointercancel', onPointerUp);
      canvas.removeEventListener('pointerleave', onPointerLeave);
      canvas.removeEventListener('wheel', onWheel);
      canvas.removeEventListener('keydown', onKeyDown);
      if (ownCanvas) canvas.remove();
    },
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = plotWidth() * KEY_PAN_SHARE;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => {
        api.pan(step);
      },
      ArrowRight: () => {
        api.pan(-step);
      },
      '+': () => {
        api.zoom(KEY_ZOOM);
      },
      '=': () => {
        api.zoom(KEY_ZOOM);
      },
      '-': () => {
        api.zoom(1 / KEY_ZOOM);
      },
      End: () => {
        api.scrollToLatest();
      },
    };
    const action = actions[event.key];
    if (action === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  };

  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerup', onPointerUp);
  canvas.addEventListener('pointercancel', onPointerUp);
  canvas.addEventListener('pointerleave', onPointerLeave);
  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('keydown', onKeyDown);

  const resizeObserver = new ResizeObserver(() => {
    api.resize();
  });
  resizeObserver.observe(host);
  // the theme lives on <html> (data-theme): new colours when it changes
  const themeObserver = new MutationObserver(() => {
    api.refreshTheme();
  });
  themeObserver.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme', 'class', 'style'],
  });

  api.resize();
  return api;
}

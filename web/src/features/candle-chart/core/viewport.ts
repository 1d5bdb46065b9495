/**
 * Which candles the chart shows, as two numbers: `spacing`, the width of one candle slot in CSS
 * pixels, and `rightOffset`, how many slots lie between the newest candle and the right edge
 * (positive: room for the next candles; negative: scrolled back into history). Anchored on the
 * newest candle, so older candles put in front change nothing on screen.
 */
export interface Viewport {
  readonly spacing: number;
  readonly rightOffset: number;
}

/** The fewest candles a zoom shows (when there are that many). */
export const MIN_VISIBLE_CANDLES = 20;
/** The room for coming candles a new chart leaves on the right, in slots. */
export const DEFAULT_RIGHT_OFFSET = 3;
/** The slot width of a new chart, in CSS pixels. */
export const DEFAULT_SPACING = 8;

/** The range of candle indices on screen, both ends inclusive (clamped to the series). */
export interface VisibleRange {
  readonly from: number;
  readonly to: number;
}

/** The fractional candle index at the right edge of a plot `width` wide. */
const rightEdgeIndex = (count: number, viewport: Viewport) =>
  count - 1 + viewport.rightOffset + 0.5;

/** The x (CSS px from the plot's left) of the centre of candle `index`. */
export function xOfIndex(index: number, count: number, width: number, viewport: Viewport): number {
  return width - (rightEdgeIndex(count, viewport) - index) * viewport.spacing;
}

/** The candle index under `x`, rounded to the nearest slot (may be outside the series). */
export function indexAtX(x: number, count: number, width: number, viewport: Viewport): number {
  return Math.round(rightEdgeIndex(count, viewport) - (width - x) / viewport.spacing);
}

/** The indices of the candles (partly) on screen; `to < from` when none is. */
export function visibleRange(count: number, width: number, viewport: Viewport): VisibleRange {
  const right = rightEdgeIndex(count, viewport);
  const left = right - width / viewport.spacing;
  return {
    from: Math.max(0, Math.floor(left + 0.5)),
    to: Math.min(count - 1, Math.ceil(right - 0.5)),
  };
}

/**
 * How wide a slot may get and how narrow: at least 20 candles, at most all of them (with the
 * room on the right).
 */
export function spacingLimits(count: number, width: number): { min: number; max: number } {
  const max = width / (MIN_VISIBLE_CANDLES + DEFAULT_RIGHT_OFFSET);
  const min = Math.min(max, width / Math.max(count + DEFAULT_RIGHT_OFFSET, MIN_VISIBLE_CANDLES));
  return { min, max };
}

/**
 * A viewport kept within bounds: the spacing within its limits; the newest candle no further
 * left than the middle of the plot, and no blank space left of the oldest candle (with fewer
 * candles than fit, they sit against the right edge).
 */
export function clampViewport(count: number, width: number, viewport: Viewport): Viewport {
  const { min, max } = spacingLimits(count, width);
  const spacing = Math.min(max, Math.max(min, viewport.spacing));
  const slots = width / spacing;
  const maxOffset = Math.max(DEFAULT_RIGHT_OFFSET, slots / 2);
  // the oldest candle's left edge at the plot's left edge
  const minOffset = Math.min(DEFAULT_RIGHT_OFFSET, slots - count);
  const rightOffset = Math.min(maxOffset, Math.max(minOffset, viewport.rightOffset));
  return { spacing, rightOffset };
}

/** The viewport moved by `dx` CSS pixels (dragging right shows older candles). */
export function panBy(count: number, width: number, viewport: Viewport, dx: number): Viewport {
  return clampViewport(count, width, {
    spacing: viewport.spacing,
    rightOffset: viewport.rightOffset - dx / viewport.spacing,
  });
}

/**
 * The viewport zoomed by `factor` (above 1 zooms in). While the newest candle is in view the
 * zoom keeps it where it is, so the live candle never slides away; scrolled back into history,
 * the candle under `anchorX` (the pointer) stays under it.
 */
export function zoomAt(
  count: number,
  width: number,
  viewport: Viewport,
  factor: number,
  anchorX: number,
): Viewport {
  const { min, max } = spacingLimits(count, width);
  const spacing = Math.min(max, Math.max(min, viewport.spacing * factor));
  if (viewport.rightOffset >= 0) {
    return clampViewport(count, width, { spacing, rightOffset: viewport.rightOffset });
  }
  const anchored = rightEdgeIndex(count, viewport) - (width - anchorX) / viewport.spacing;
  const right = anchored + (width - anchorX) / spacing;
  return clampViewport(count, width, { spacing, rightOffset: right - (count - 1) - 0.5 });
}

/**
 * The viewport after a new candle was appended: a chart that follows the newest candle keeps
 * following it; one scrolled back into history keeps showing the same candles.
 */
export function afterAppend(viewport: Viewport): Viewport {
  return viewport.rightOffset >= 0
    ? viewport
    : { spacing: viewport.spacing, rightOffset: viewport.rightOffset - 1 };
}

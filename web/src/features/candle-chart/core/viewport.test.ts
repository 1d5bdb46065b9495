import { describe, expect, it } from 'vitest';
import {
  afterAppend,
  clampViewport,
  DEFAULT_RIGHT_OFFSET,
  indexAtX,
  MIN_VISIBLE_CANDLES,
  panBy,
  spacingLimits,
  visibleRange,
  xOfIndex,
  zoomAt,
  type Viewport,
} from './viewport.ts';

const WIDTH = 300;
const COUNT = 1_000;
const start: Viewport = { spacing: 10, rightOffset: DEFAULT_RIGHT_OFFSET };

const shown = (viewport: Viewport, count = COUNT) => {
  const range = visibleRange(count, WIDTH, viewport);
  return range.to - range.from + 1;
};

describe('the visible range', () => {
  it('shows the newest candles with room on the right', () => {
    // 300 px at 10 px a slot: 30 slots, 3 of them empty on the right
    expect(visibleRange(COUNT, WIDTH, start)).toStrictEqual({ from: 973, to: 999 });
    expect(xOfIndex(999, COUNT, WIDTH, start)).toBe(WIDTH - 3.5 * 10);
    expect(indexAtX(xOfIndex(990, COUNT, WIDTH, start) + 4, COUNT, WIDTH, start)).toBe(990);
  });

  it('clamps to the series when there are fewer candles than slots', () => {
    expect(visibleRange(5, WIDTH, start)).toStrictEqual({ from: 0, to: 4 });
    expect(visibleRange(0, WIDTH, start).to).toBeLessThan(0);
  });
});

describe('zooming', () => {
  it('never shows fewer than 20 candles nor more than all of them', () => {
    const inMost = zoomAt(COUNT, WIDTH, start, 1_000, WIDTH / 2);
    expect(shown(inMost)).toBe(MIN_VISIBLE_CANDLES);

    const outMost = zoomAt(COUNT, WIDTH, start, 1 / 1_000, WIDTH / 2);
    expect(outMost.spacing).toBe(spacingLimits(COUNT, WIDTH).min);
    expect(shown(outMost)).toBe(COUNT);
  });

  it('keeps the newest candle where it is while the chart follows it', () => {
    const zoomed = zoomAt(COUNT, WIDTH, start, 2, 40);
    expect(zoomed.spacing).toBe(WIDTH / (MIN_VISIBLE_CANDLES + DEFAULT_RIGHT_OFFSET));
    expect(zoomed.rightOffset).toBe(start.rightOffset);
    expect(visibleRange(COUNT, WIDTH, zoomed).to).toBe(COUNT - 1);
  });

  it('keeps the candle under the pointer under it when scrolled back', () => {
    const panned = panBy(COUNT, WIDTH, start, 2_000);
    const anchorX = 120;
    const before = indexAtX(anchorX, COUNT, WIDTH, panned);
    const zoomed = zoomAt(COUNT, WIDTH, panned, 1.2, anchorX);

    expect(zoomed.spacing).toBeCloseTo(12);
    expect(indexAtX(anchorX, COUNT, WIDTH, zoomed)).toBe(before);
  });
});

describe('panning', () => {
  it('drags older candles into view and back', () => {
    const back = panBy(COUNT, WIDTH, start, 200);
    expect(visibleRange(COUNT, WIDTH, back)).toStrictEqual({ from: 953, to: 982 });
    expect(panBy(COUNT, WIDTH, back, -200)).toStrictEqual(start);
  });

  it('stops at the oldest candle and with the newest at the middle', () => {
    const oldest = panBy(COUNT, WIDTH, start, 1e9);
    expect(visibleRange(COUNT, WIDTH, oldest).from).toBe(0);
    expect(xOfIndex(0, COUNT, WIDTH, oldest)).toBe(5);

    const future = panBy(COUNT, WIDTH, start, -1e9);
    expect(xOfIndex(COUNT - 1, COUNT, WIDTH, future)).toBeCloseTo(WIDTH / 2 - 5);
  });

  it('keeps its place when older candles are put in front (anchored on the newest)', () => {
    const back = panBy(COUNT, WIDTH, start, 200);
    const before = visibleRange(COUNT, WIDTH, back);
    const after = visibleRange(COUNT + 500, WIDTH, clampViewport(COUNT + 500, WIDTH, back));
    expect(after).toStrictEqual({ from: before.from + 500, to: before.to + 500 });
  });

  it('follows a new live candle only when the newest one is in view', () => {
    expect(afterAppend(start)).toBe(start);
    const back = panBy(COUNT, WIDTH, start, 200);
    const before = visibleRange(COUNT, WIDTH, back);
    expect(visibleRange(COUNT + 1, WIDTH, afterAppend(back))).toStrictEqual(before);
  });
});

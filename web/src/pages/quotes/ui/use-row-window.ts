import { useLayoutEffect, useState, type RefObject } from 'react';
import { rowWindow, sameRowWindow, type RowWindow } from '../lib/row-window.ts';

/** Rows rendered beyond each edge of the screen. */
const OVERSCAN = 3;

/** Before the first measurement: a phone screen's worth of rows from the top. */
const firstGuess = (count: number, rowHeight: number): RowWindow =>
  rowWindow({
    count,
    rowHeight,
    listTop: 0,
    viewportHeight: typeof window === 'undefined' ? 0 : window.innerHeight,
    overscan: OVERSCAN,
  });

/**
 * The rows of a list of `count` rows of `rowHeight` px that are on screen (with a few more),
 * for a list that scrolls with the page: the element in `ref` is where the first row starts.
 * The window is measured after each commit and on scroll and resize, never while rendering;
 * the component re-renders only when the window moves by a row.
 */
export function useRowWindow(
  ref: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
): RowWindow {
  const [range, setRange] = useState(() => firstGuess(count, rowHeight));
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => {
      const next = rowWindow({
        count,
        rowHeight,
        listTop: element.getBoundingClientRect().top,
        viewportHeight: window.innerHeight,
        overscan: OVERSCAN,
      });
      setRange((current) => (sameRowWindow(current, next) ? current : next));
    };
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure, { passive: true });
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [ref, count, rowHeight]);
  return range;
}

/** The rows of a long list worth rendering: `start` included, `end` excluded. */
export interface RowWindow {
  readonly start: number;
  readonly end: number;
}

export interface RowWindowInput {
  /** how many rows the list has */
  readonly count: number;
  /** px; every row has this height */
  readonly rowHeight: number;
  /** px; where the first row's top is, from the top of the viewport (negative once scrolled past) */
  readonly listTop: number;
  /** px; the viewport's height */
  readonly viewportHeight: number;
  /** rows rendered beyond each edge of the viewport, so a scroll or a focus move finds them there */
  readonly overscan: number;
}

/** The rows that intersect the viewport, widened by `overscan` rows each way. */
export function rowWindow({
  count,
  rowHeight,
  listTop,
  viewportHeight,
  overscan,
}: RowWindowInput): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(-listTop / rowHeight);
  const last = Math.ceil((viewportHeight - listTop) / rowHeight);
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.min(count, Math.max(start, last + overscan));
  return { start, end };
}

export const sameRowWindow = (a: RowWindow, b: RowWindow): boolean =>
  a.start === b.start && a.end === b.end;

/**
 * Price overrides the control API layers over the seeded process: a per-symbol timeline of
 * anchors, each taking effect at a whole second of the simulated clock and lasting until the
 * next. `follow` tracks the process scaled so that the price at the anchor is `price`; `hold`
 * keeps the price at `price` (a paused market). Setting a price is a follow anchor, pausing a
 * hold at the current price, resuming a follow from the held price, and a scripted path a hold
 * per point ending with a follow from the last.
 */
export type AnchorMode = 'follow' | 'hold';

export interface Anchor {
  /** ms, a whole second of the simulated clock */
  at: number;
  mode: AnchorMode;
  /** decimal string */
  price: string;
}

/** What the market keeps in the mock's state. */
export interface MarketState {
  /** per symbol id, in time order */
  anchors: Record<string, Anchor[]>;
}

export const emptyMarketState = (): MarketState => ({ anchors: {} });

/** Rounds a time up to a whole second (a price changes on whole seconds). */
export const toSecond = (t: number): number => Math.ceil(t / 1000) * 1000;

/**
 * Adds anchors from `at` on: anchors already set for later (the rest of a scripted path) are
 * dropped, since the newest instruction wins.
 */
export const withAnchors = (timeline: readonly Anchor[], added: readonly Anchor[]): Anchor[] => {
  const first = added[0];
  if (!first) return [...timeline];
  return [...timeline.filter((anchor) => anchor.at < first.at), ...added];
};

/** The anchor in force at t, if any (the timeline in time order). */
export const anchorAt = <T extends { at: number }>(timeline: readonly T[], t: number): T | null => {
  const index = countUpTo(timeline, t) - 1;
  return index >= 0 ? (timeline[index] ?? null) : null;
};

/** How many anchors take effect at or before t (the timeline in time order). */
export const countUpTo = (timeline: readonly { at: number }[], t: number): number => {
  let low = 0;
  let high = timeline.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((timeline[middle]?.at ?? Infinity) <= t) low = middle + 1;
    else high = middle;
  }
  return low;
};

import type { SeededRandom } from '../random.ts';

/** The seeded draws and the Brownian-bridge arithmetic the price process is built from. */
export const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
};

export const mix = (a: number, b: number): number => {
  let h =
    Math.imul(a ^ (b >>> 0), 0x9e3779b1) ^ Math.imul(Math.floor(b / 4_294_967_296), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  return (h ^ (h >>> 15)) >>> 0;
};

export const normal = (random: SeededRandom): number => {
  const u = 1 - random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
};

/** −ln of a uniform draw in (0, 1] */
export const expDraw = (random: SeededRandom): number => -Math.log(1 - random.next());

/** The highest point of a Brownian bridge from a to b with variance v (its exact law). */
export const bridgeHigh = (a: number, b: number, v: number, e: number): number =>
  (a + b + Math.sqrt((b - a) * (b - a) + 2 * v * e)) / 2;
export const bridgeLow = (a: number, b: number, v: number, e: number): number =>
  (a + b - Math.sqrt((b - a) * (b - a) + 2 * v * e)) / 2;

/**
 * Where (as a share of the span's open time) a span's extreme is met: a path drifting from open
 * to close covers the distances to it in proportion, give or take a little.
 */
export const extremeAt = (fromOpen: number, toClose: number, random: SeededRandom): number => {
  const sum = fromOpen + toClose;
  const share = sum > 0 ? fromOpen / sum : 0.5;
  return Math.min(1, Math.max(0, share + (random.next() - 0.5) * 0.3));
};

/** folds x back into [low, high], as a path bounces off its extremes */
export const reflect = (x: number, low: number, high: number): number => {
  if (high <= low) return low;
  let y = x;
  for (let i = 0; i < 8 && (y > high || y < low); i++) y = y > high ? 2 * high - y : 2 * low - y;
  return Math.min(high, Math.max(low, y));
};

/** A small bounded memo: the oldest entries go first once it is full. */
export class Memo<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly capacity: number) {}
  get(key: K): V | undefined {
    return this.map.get(key);
  }
  set(key: K, value: V): V {
    if (this.map.size >= this.capacity) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(key, value);
    return value;
  }
  clear(): void {
    this.map.clear();
  }
}

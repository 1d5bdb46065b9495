import { BTree } from './btree.ts';

/** Work a domain wants done at a moment of the simulated clock. */
export type DueWork = (at: number) => void;

interface Entry {
  at: number;
  seq: number;
  key: string;
  run: DueWork;
}

const byTime = (a: readonly [number, number], b: readonly [number, number]): number =>
  a[0] - b[0] || a[1] - b[1];

/**
 * The engine's one queue of due work, in simulated time: each item has a key (one item per key:
 * scheduling a key again moves it), runs once, and items due at the same moment run in the order
 * they were scheduled. Nothing here reads a clock: the engine's time (clockwork.ts) says how far
 * to run. The queue is not persisted: a domain schedules its work again from its state after a
 * restore (a restart finds overdue work and runs it once, in order, on its first move).
 */
export class Scheduler {
  private readonly queue = new BTree<readonly [number, number], Entry>(undefined, byTime);
  private readonly byKey = new Map<string, Entry>();
  private seq = 0;

  /** Runs `run` at `at` (or on the next move, if `at` is already past); replaces the key's item. */
  schedule(key: string, at: number, run: DueWork): void {
    this.cancel(key);
    const entry: Entry = { at, seq: this.seq++, key, run };
    this.queue.set([at, entry.seq], entry);
    this.byKey.set(key, entry);
  }

  cancel(key: string): void {
    const entry = this.byKey.get(key);
    if (!entry) return;
    this.queue.delete([entry.at, entry.seq]);
    this.byKey.delete(key);
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** when the earliest item is due, or null when nothing waits */
  nextAt(): number | null {
    return this.queue.minKey()?.[0] ?? null;
  }

  get size(): number {
    return this.byKey.size;
  }

  /**
   * Takes the earliest item due at or before `to` off the queue and runs it (at its own due
   * time); false when none is due. Taken off first, so it runs once even if it throws.
   */
  runNext(to: number): boolean {
    const first = this.queue.minKey();
    if (first === undefined || first[0] > to) return false;
    const entry = this.queue.get(first);
    this.queue.delete(first);
    if (!entry) return false;
    this.byKey.delete(entry.key);
    entry.run(entry.at);
    return true;
  }

  clear(): void {
    this.queue.clear();
    this.byKey.clear();
  }
}

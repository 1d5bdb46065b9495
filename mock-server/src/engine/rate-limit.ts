/** Fixed-window counters on the simulated clock, kept in memory (a restart forgets them). */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number) {}

  /** Counts one hit; answers how long to wait when the key is over its limit. */
  hit(key: string, limit: number, windowMs: number): { allowed: boolean; retryAfterMs: number } {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return { allowed: true, retryAfterMs: 0 };
    }
    window.count += 1;
    return window.count <= limit
      ? { allowed: true, retryAfterMs: 0 }
      : { allowed: false, retryAfterMs: window.start + windowMs - now };
  }

  /** How many hits the key has in its current window. */
  count(key: string, windowMs: number): number {
    const window = this.windows.get(key);
    return window && this.now() - window.start < windowMs ? window.count : 0;
  }

  /** How long until the key's current window ends (0 when it has none). */
  retryAfter(key: string, windowMs: number): number {
    const window = this.windows.get(key);
    return window ? Math.max(0, window.start + windowMs - this.now()) : 0;
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  reset(): void {
    this.windows.clear();
  }
}

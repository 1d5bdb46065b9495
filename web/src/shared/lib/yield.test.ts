import { describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from './yield.ts';

describe('yieldToBrowser', () => {
  it('resumes in a later task: a timer queued before it runs first, microtasks too', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    void Promise.resolve().then(() => order.push('microtask'));
    await yieldToBrowser({});
    order.push('resumed');
    expect(order).toEqual(['microtask', 'queued task', 'resumed']);
  });

  it("uses the browser's scheduler.yield() where it has one", async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    await yieldToBrowser({ scheduler: { yield: yieldFn } });
    expect(yieldFn).toHaveBeenCalledOnce();
  });

  it('falls back to a timeout when the scheduler has no yield (older browsers)', async () => {
    vi.useFakeTimers();
    try {
      let resumed = false;
      const done = yieldToBrowser({ scheduler: { postTask: () => undefined } }).then(() => {
        resumed = true;
      });
      await Promise.resolve();
      expect(resumed).toBe(false);
      await vi.runAllTimersAsync();
      await done;
      expect(resumed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

// Test helpers only: imported by *.test.ts as `#shared/lib/testing`, never by the app.
import type { FrameScheduler } from '../frame.ts';

/** Applies live data at once, as if every push had a frame of its own. */
export const everyPushAFrame: FrameScheduler = (callback) => {
  callback();
};

/**
 * Frames the test draws by hand: `scheduler` goes into `$frameScheduler`, and `draw()` runs what
 * was scheduled since the last frame (then `await allSettled(scope)`).
 */
export function manualFrames(): {
  readonly scheduler: FrameScheduler;
  readonly draw: () => void;
  readonly waiting: () => number;
} {
  let callbacks: (() => void)[] = [];
  return {
    scheduler: (callback) => {
      callbacks.push(callback);
    },
    draw: () => {
      const due = callbacks;
      callbacks = [];
      for (const callback of due) callback();
    },
    waiting: () => callbacks.length,
  };
}

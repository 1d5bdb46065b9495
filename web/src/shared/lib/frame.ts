import {
  attach,
  createEvent,
  createStore,
  sample,
  scopeBind,
  type Event,
  type EventCallable,
  type Unit,
} from 'effector';

/** Runs `callback` once per frame at most: in the browser, in a task just after the next frame. */
export type FrameScheduler = (callback: () => void) => void;

/**
 * A task that runs as soon as the current one ends, without `setTimeout`'s clamping (a
 * MessageChannel message is the usual way to post one).
 */
const postTask = (callback: () => void) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
};

/**
 * Once per frame, in a task of its own posted from the frame's callbacks: the live data is
 * applied (stores, React's render and commit) in that task, and the browser's style, layout
 * and paint of it run in the next frame's rendering task. Applied inside the frame callback
 * instead, both land in one task, which on a phone often runs past 50 ms (a long task: input
 * waits for it). The data shows one frame later; nothing is applied more than once per frame.
 */
const nextFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function' && typeof MessageChannel === 'function') {
    requestAnimationFrame(() => {
      postTask(callback);
    });
  } else {
    setTimeout(callback, 16);
  }
};

/**
 * When live data reaches the stores: just after the next frame in the browser (a hidden tab draws no
 * frames, so nothing is applied until it shows again). Tests put in a scheduler they run by hand
 * with `fork({ values: [[$frameScheduler, …]] })` (see `#shared/lib/testing`).
 */
export const $frameScheduler = createStore<FrameScheduler>(nextFrame, { serialize: 'ignore' });

export interface PerFrame<T> {
  /** At most once per frame: what `clock` brought since the last frame, merged. */
  readonly applied: Event<T>;
  /** Applies what is pending now, without waiting for the frame (the page is being hidden). */
  readonly flushed: EventCallable<void>;
}

/**
 * Live data comes faster than a screen can show it: a feed pushes several times a second, and a
 * burst of pushes can land inside one frame. This coalesces `clock` into at most one `applied`
 * per frame, so stores (and the screens that read them) update once per frame, with `merge`
 * folding the pushes of a frame together (by default the latest wins; a merged value may not be
 * `undefined`). Call at module level.
 */
export function perFrame<T>(clock: Unit<T>): PerFrame<T>;
export function perFrame<T, P>(
  clock: Unit<T>,
  merge: (pending: P | null, next: T) => P,
): PerFrame<P>;
export function perFrame<T, P>(
  clock: Unit<T>,
  merge: (pending: P | null, next: T) => P = (_, next) => next as unknown as P,
): PerFrame<P> {
  // boxed, so that a merged value may itself be null
  const $pending = createStore<{ readonly value: P } | null>(null, { serialize: 'ignore' });
  const $scheduled = createStore(false, { serialize: 'ignore' });
  const flushed = createEvent();

  // attach's own handler, not an inner effect: a phone pays about 2 ms for each effect a module
  // makes as it loads, and the app's start makes several of these
  const scheduleFx = attach({
    source: $frameScheduler,
    effect: (schedule: FrameScheduler) => {
      const due = scopeBind(flushed, { safe: true });
      schedule(() => {
        due();
      });
    },
  });

  $pending.on(clock, (pending, next) => ({ value: merge(pending?.value ?? null, next) }));
  sample({ clock, source: $scheduled, filter: (scheduled) => !scheduled, target: scheduleFx });
  $scheduled.on(scheduleFx, () => true).reset(flushed);

  // nothing pending (a frame after a flush, or a flush with nothing new): nothing applied
  const applied = sample({ clock: flushed, source: $pending }).filterMap(
    (pending) => pending?.value,
  );
  $pending.reset(applied);

  return { applied, flushed };
}

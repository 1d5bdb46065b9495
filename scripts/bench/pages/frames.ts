// Frame timing shared by the bench pages. Imported first by each page, so that every
// requestAnimationFrame a library schedules afterwards goes through the wrapper below.

/** The browser's own requestAnimationFrame, not timed as library work. */
export const nativeFrame = window.requestAnimationFrame.bind(window);

let frameWork = 0;

/**
 * Every frame callback the page's libraries schedule is timed: the chart libraries draw in
 * one, so their drawing work is `frameWorkSince(mark)` added to what their call did at once.
 */
window.requestAnimationFrame = (callback: FrameRequestCallback): number =>
  nativeFrame((time) => {
    const start = performance.now();
    try {
      callback(time);
    } finally {
      frameWork += performance.now() - start;
    }
  });

/** Milliseconds spent in library frame callbacks so far. */
export const frameWorkSoFar = (): number => frameWork;

/**
 * Resolves once the next frame has been produced: after its frame callbacks (where the charts
 * draw), a forced style and layout, and the frame's own rendering steps (a task posted from the
 * last frame callback runs after them).
 */
export function nextFramePainted(): Promise<number> {
  return new Promise((resolve) => {
    nativeFrame(() => {
      document.body.getBoundingClientRect();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve(performance.now());
      };
      channel.port2.postMessage(null);
    });
  });
}

/** Waits `count` frames, to let a page settle between runs. */
export async function settle(count = 2): Promise<void> {
  for (let i = 0; i < count; i++) await nextFramePainted();
}

/** Long tasks (over 50 ms) the browser reports from now on. */
export function watchLongTasks(): { readonly durations: number[]; stop(): void } {
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  return {
    durations,
    stop: () => {
      for (const entry of observer.takeRecords()) durations.push(entry.duration);
      observer.disconnect();
    },
  };
}

/** A seeded generator (mulberry32): the same data in every run and for every library. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

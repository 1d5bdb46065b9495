interface YieldingScheduler {
  yield(): Promise<void>;
}

const schedulerOf = (scope: object): YieldingScheduler | undefined => {
  const scheduler = (scope as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  return typeof scheduler?.yield === 'function' ? (scheduler as YieldingScheduler) : undefined;
};

/**
 * Ends the current task and resumes in a new one, so that work the browser has waiting (a tap, a
 * frame, a reply) runs in between: a long start split this way blocks a slow phone for several
 * short moments rather than one long one. `scheduler.yield()` where the browser has it (it resumes
 * ahead of other queued tasks), a zero timeout otherwise.
 */
export function yieldToBrowser(scope: object = globalThis): Promise<void> {
  const scheduler = schedulerOf(scope);
  if (scheduler !== undefined) return scheduler.yield();
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

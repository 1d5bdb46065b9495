import { createWatch, type Scope } from 'effector';
import { navigated, type Navigation } from '../model.ts';

/** Records the pages a scope's models ask for, in order; `stop` ends the recording. */
export function recordNavigations(scope: Scope) {
  const navigations: Navigation[] = [];
  const watch = createWatch({
    unit: navigated,
    scope,
    fn: (navigation) => {
      navigations.push(navigation);
    },
  });
  return {
    navigations,
    stop: () => {
      watch.unsubscribe();
    },
  };
}

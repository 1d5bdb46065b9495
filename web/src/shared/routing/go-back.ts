import { attach, createEffect } from 'effector';
import { $navigator, type Navigator } from './model.ts';

/**
 * The router's index of the current history entry (react-router keeps it in `history.state`);
 * 0 for the first page the app opened. `history.length` cannot say this: it also counts the
 * pages of other sites before the app, and going back there would leave the app.
 */
const historyIndex = (): number => {
  const state: unknown = window.history.state;
  return typeof state === 'object' &&
    state !== null &&
    'idx' in state &&
    typeof state.idx === 'number'
    ? state.idx
    : 0;
};

export interface Return {
  readonly fallback: string;
  readonly navigator: Navigator | null;
}

/** Goes back in history, or to the fallback when there is nowhere in the app to go back to. */
export const returnFx = createEffect(async ({ fallback, navigator }: Return) => {
  if (historyIndex() > 0) {
    window.history.back();
    return;
  }
  await navigator?.navigate(fallback, { replace: true });
});

/**
 * The one way back, for the header's arrow (Page's `back`) and for models: to the screen the
 * user came from (so that it is not stacked twice), or to `fallback` when this page was opened
 * directly, in place of it (Back then leaves the app, as from any first page). Tests replace
 * `returnFx`.
 */
export const goBackFx = attach({
  source: $navigator,
  mapParams: (fallback: string, navigator): Return => ({ fallback, navigator }),
  effect: returnFx,
});

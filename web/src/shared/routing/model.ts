import { attach, createEvent, createStore, sample } from 'effector';

export interface Navigation {
  to: string;
  replace?: boolean;
}

/** What the app's router does for models; the app puts its router in at start. */
export interface Navigator {
  navigate(to: string, options: { replace: boolean }): Promise<void> | void;
}

export const $navigator = createStore<Navigator | null>(null, { serialize: 'ignore' });
export const navigatorAttached = createEvent<Navigator>();
sample({ clock: navigatorAttached, target: $navigator });

/** Models ask for a page; views never navigate on a model's behalf. */
export const navigated = createEvent<Navigation>();

export const navigateFx = attach({
  source: $navigator,
  effect: async (navigator: Navigator | null, { to, replace }: Navigation) => {
    await navigator?.navigate(to, { replace: replace ?? false });
  },
});

sample({ clock: navigated, target: navigateFx });

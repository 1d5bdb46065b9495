import { createEffect, createEvent, createStore, sample } from 'effector';
import { z } from 'zod/mini';
import { appStarted } from '#shared/lib';
import { persistLocal } from '#shared/storage';

export const THEMES = ['day', 'night'] as const;
export type Theme = (typeof THEMES)[number];

/** Day by default (SPEC.md §9), kept across reloads. */
export const $theme = createStore<Theme>('day');
persistLocal($theme, 'theme', z.enum(THEMES));

export const themeChanged = createEvent<Theme>();
sample({ clock: themeChanged, target: $theme });

const BAR_COLOUR: Readonly<Record<Theme, string>> = { day: '#ffffff', night: '#0b0e11' };

/** Puts the theme on <html>: our tokens and antd-mobile's dark mode read these attributes. */
export const applyThemeFx = createEffect((theme: Theme) => {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.dataset['theme'] = theme;
  root.setAttribute('data-prefers-color-scheme', theme === 'night' ? 'dark' : 'light');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', BAR_COLOUR[theme]);
});

sample({ clock: [$theme, appStarted], source: $theme, target: applyThemeFx });

import type { Language } from '@bourse/protocol';
import { languageChanged } from '#shared/i18n';
import { logoutRequested } from '#shared/session';
import { themeChanged, type Theme } from '#shared/theme';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

/** The settings screen is on screen. */
export const SetupPageGate = createGate<Record<string, never>>({
  name: 'SetupPage',
  defaultState: {},
});

// ---- bottom sheets --------------------------------------------------------------------

export type SetupSheet = 'language' | 'delete' | 'logout';

export const sheetOpened = createEvent<SetupSheet>();
export const sheetClosed = createEvent();
/** The bottom sheet on screen, one at a time. */
export const $sheet = createStore<SetupSheet | null>(null)
  .on(sheetOpened, (_, sheet) => sheet)
  .reset(sheetClosed, SetupPageGate.close);

// ---- language and theme: applied at once to the whole app ---------------------------------

export const languagePicked = createEvent<Language>();
sample({ clock: languagePicked, target: languageChanged });
sample({ clock: languagePicked, target: sheetClosed });

export const nightModeToggled = createEvent<boolean>();
sample({
  clock: nightModeToggled,
  fn: (night): Theme => (night ? 'night' : 'day'),
  target: themeChanged,
});

// ---- logging out ----------------------------------------------------------------------

export const logoutConfirmed = createEvent();
sample({ clock: logoutConfirmed, target: sheetClosed });
sample({ clock: logoutConfirmed, target: logoutRequested });
